import { describe, expect, it } from 'vitest';
import { isValidEmail, passwordProblem, validateLoginForm } from './login.ts';

describe('sign-in form (storefront §5 Login)', () => {
  it.each([
    ['', 'secret', 'Username is invalid or empty'],
    ['   ', 'secret', 'Username is invalid or empty'],
    ['10-001', 'secret', 'Username is invalid or empty'],
    ['abc', 'secret', 'Your username is your numeric account ID'],
    ['10001a', 'secret', 'Your username is your numeric account ID'],
    ['marie@shop.com', 'secret', 'Your username is your numeric account ID'],
    ['@', 'secret', 'Your username is your numeric account ID'],
    ['10001', '', 'Password is empty'],
    ['', '', 'Username is invalid or empty'],
  ])('username %j, password %j → %s', (username, password, message) => {
    expect(validateLoginForm({ username, password })).toBe(message);
  });

  it('accepts a numeric account and a password, around spaces too', () => {
    expect(validateLoginForm({ username: '10001', password: 'framing-demo' })).toBeNull();
    expect(validateLoginForm({ username: ' 10001 ', password: 'x' })).toBeNull();
  });

  it('passwords need 8 characters', () => {
    expect(passwordProblem('short')).toMatch(/at least 8/);
    expect(passwordProblem('long-enough')).toBeNull();
  });

  it('e-mail format', () => {
    expect(isValidEmail('a@b.co')).toBe(true);
    expect(isValidEmail('not-an-email')).toBe(false);
    expect(isValidEmail('a@b')).toBe(false);
  });
});
