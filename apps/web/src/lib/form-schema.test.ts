import { ChangePasswordRequest, ResetPasswordRequest, StaffUserCreate } from '@mitrebox/api-contract';
import { describe, expect, it } from 'vitest';
import { ApiError, SERVER_ERROR_MESSAGE } from './api.ts';
import { firstError, requestRules, schemaErrors, showRefusal } from './form-schema.ts';

describe('schemaErrors', () => {
  it('answers nothing for a request the schema takes', () => {
    expect(schemaErrors(StaffUserCreate, { name: 'Ann', email: 'ann@example.com', role: 'sales' })).toEqual(
      {},
    );
  });

  it('puts each refusal on its field in the sentence the server answers', () => {
    const errors = schemaErrors(ChangePasswordRequest, {
      currentPassword: 'x',
      password: 'p'.repeat(201),
      password_confirmation: 'p',
    });
    expect(errors).toEqual({ password: 'Password can be at most 200 characters.' });
  });

  it("names the form's field where it differs from the request's key", () => {
    const errors = schemaErrors(
      ResetPasswordRequest,
      { token: 't', email: 'a@b.co', password: 'p', password_confirmation: 'c'.repeat(201) },
      { password_confirmation: 'confirmation' },
    );
    expect(errors).toEqual({ confirmation: 'Password confirmation can be at most 200 characters.' });
  });
});

describe('requestRules', () => {
  const rules = requestRules(
    ResetPasswordRequest,
    (v: { password: string; confirmation: string }) => ({
      token: 'x'.repeat(201),
      email: 'a@b.co',
      password: v.password,
      password_confirmation: v.confirmation,
    }),
    (v) => ({ confirmation: v.confirmation ? null : 'Field required' }),
    { password_confirmation: 'confirmation' },
  );

  it("leaves a value the form does not hold (the link's token) to the server", () => {
    expect(rules({ password: 'p', confirmation: 'c' })).toEqual({});
  });

  it("lets the screen's own sentence win on a field both refuse", () => {
    expect(rules({ password: 'p'.repeat(201), confirmation: '' })).toEqual({
      password: 'Password can be at most 200 characters.',
      confirmation: 'Field required',
    });
  });
});

describe('firstError', () => {
  it('is the first message, or nothing', () => {
    expect(firstError({ a: null, b: 'B is wrong.', c: 'C too.' })).toBe('B is wrong.');
    expect(firstError({})).toBeUndefined();
  });
});

describe('showRefusal', () => {
  it("puts the server's message above the form and each refusal on its field; anything else in plain words", () => {
    const shown: string[] = [];
    const fields: Record<string, string>[] = [];
    const form = { setErrors: (e: Record<string, string>) => fields.push(e) };
    showRefusal(new ApiError(422, 'Please check the form', { email: 'Enter an e-mail' }), form, (m) =>
      shown.push(m),
    );
    expect(shown).toEqual(['Please check the form']);
    expect(fields).toEqual([{ email: 'Enter an e-mail' }]);
    showRefusal(new TypeError('boom'), form, (m) => shown.push(m));
    expect(shown[1]).toBe(SERVER_ERROR_MESSAGE);
  });
});
