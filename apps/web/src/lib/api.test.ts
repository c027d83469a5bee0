import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, apiRequest, buildQuery, configureApi, NETWORK_ERROR_MESSAGE, toApiError } from './api.ts';
import { authStorage } from './auth-storage.ts';

function respond(status: number, body: unknown): Response {
  return new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });
}

describe('buildQuery', () => {
  it('skips empty values and repeats arrays', () => {
    expect(buildQuery({ TopSearch: 'oak frame', page: 1, type: null, x: undefined, y: '', c: [1, 2] })).toBe(
      '?TopSearch=oak+frame&page=1&c=1&c=2',
    );
    expect(buildQuery({})).toBe('');
    expect(buildQuery(undefined)).toBe('');
  });
});

describe('toApiError', () => {
  it('reads { message, errors }', () => {
    const err = toApiError(422, { message: 'Password is empty', errors: { password: 'Password is empty' } });
    expect(err).toBeInstanceOf(ApiError);
    expect(err.status).toBe(422);
    expect(err.message).toBe('Password is empty');
    expect(err.errors).toEqual({ password: 'Password is empty' });
  });

  it('reads the field map of { success: false, data: { field: message } }', () => {
    const err = toApiError(422, { success: false, data: { email: 'The email has already been taken.' } });
    expect(err.errors).toEqual({ email: 'The email has already been taken.' });
    expect(err.message).toBe('The email has already been taken.');
  });

  it('turns technical refusals into plain sentences on their field', () => {
    const err = toApiError(400, {
      message: 'Invoicenum: Too big: expected number to be <=2000000000',
      errors: { Invoicenum: 'Too big: expected number to be <=2000000000' },
    });
    expect(err.message).toBe('Invoice number is too large. Check the number.');
    expect(err.errors).toEqual({ Invoicenum: 'Invoice number is too large. Check the number.' });
    const laravel = toApiError(422, { success: false, data: { email: 'The email field is required.' } });
    expect(laravel.message).toBe('E-mail address is required.');
    expect(laravel.errors).toEqual({ email: 'E-mail address is required.' });
    expect(toApiError(422, { message: 'Quantity must be greater then 0' }).message).toBe(
      'Quantity must be greater then 0',
    );
  });

  it('has a message for bodies without one', () => {
    expect(toApiError(500, null).message).toMatch(/Something went wrong/);
    expect(toApiError(404, 'Not Found').message).toBe('The request failed (404).');
  });
});

describe('apiRequest', () => {
  const fetchMock = vi.fn<typeof fetch>();
  const onUnauthorized = vi.fn();

  beforeEach(() => {
    fetchMock.mockReset();
    onUnauthorized.mockReset();
    authStorage.clearAll();
    configureApi({ baseUrl: 'http://shop.test', fetch: fetchMock, onUnauthorized });
  });

  afterEach(() => authStorage.clearAll());

  it('sends the stored token as bearer and JSON bodies', async () => {
    authStorage.setToken('abc');
    fetchMock.mockResolvedValue(respond(200, { ok: true }));
    await expect(apiRequest('/api/x', { method: 'POST', body: { a: 1 } })).resolves.toEqual({ ok: true });
    const [url, init] = fetchMock.mock.calls[0];
    expect(url).toBe('http://shop.test/api/x');
    const headers = init?.headers as Record<string, string>;
    expect(headers.Authorization).toBe('Bearer abc');
    expect(headers['Content-Type']).toBe('application/json');
    expect(init?.body).toBe('{"a":1}');
  });

  it('sends no token for anonymous calls and no content type without a body', async () => {
    authStorage.setToken('abc');
    fetchMock.mockResolvedValue(respond(200, {}));
    await apiRequest('/api/login', { method: 'POST', auth: 'none' });
    const headers = fetchMock.mock.calls[0][1]?.headers as Record<string, string>;
    expect(headers.Authorization).toBeUndefined();
    expect(headers['Content-Type']).toBeUndefined();
  });

  it('ends the session once on a 401 of a call that carried a token', async () => {
    authStorage.setToken('stale');
    fetchMock.mockImplementation(async () => respond(401, { message: 'Unauthenticated.' }));
    await expect(apiRequest('/api/me')).rejects.toMatchObject({ status: 401 });
    await expect(apiRequest('/api/me')).rejects.toMatchObject({ status: 401 });
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
  });

  it('leaves the session alone on a 401 without a token, or when told to', async () => {
    fetchMock.mockImplementation(async () => respond(401, { message: messagesMismatch }));
    await expect(apiRequest('/api/login', { method: 'POST', auth: 'none' })).rejects.toMatchObject({
      status: 401,
      message: messagesMismatch,
    });
    authStorage.setToken('t');
    await expect(apiRequest('/api/logout', { method: 'POST', resetOnUnauthorized: false })).rejects.toThrow();
    expect(onUnauthorized).not.toHaveBeenCalled();
  });

  it('turns a network failure into status 0', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    await expect(apiRequest('/api/health')).rejects.toMatchObject({
      status: 0,
      message: NETWORK_ERROR_MESSAGE,
    });
  });
});

const messagesMismatch = 'Your username and password did not match. Please try again.';
