import { ChangePasswordRequest, ResetPasswordRequest, StaffUserCreate } from '@mitrebox/api-contract';
import { describe, expect, it } from 'vitest';
import { firstError, requestRules, schemaErrors } from './form-schema.ts';

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
