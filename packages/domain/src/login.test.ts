import { describe, expect, it } from 'vitest';
import { isValidEmail, loadCommonPasswords, passwordProblem, validateLoginForm } from './login.ts';
import { messages } from './messages.ts';

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
    expect(passwordProblem('short')).toMatch(/at least 10/);
    expect(passwordProblem('nine-char')).toMatch(/at least 10/);
    expect(passwordProblem('long-enough')).toBeNull();
    expect(passwordProblem('x'.repeat(201))).toMatch(/greater than 200/);
  });

  it('e-mail format', () => {
    expect(isValidEmail('a@b.co')).toBe(true);
    expect(isValidEmail('not-an-email')).toBe(false);
    expect(isValidEmail('a@b')).toBe(false);
  });
});

describe('common passwords (NIST 800-63B)', () => {
  it('refuses a password of the shipped list, in any case; the demo password passes', async () => {
    const isCommon = await loadCommonPasswords();
    for (const common of ['password123', 'PassWord123', '1234567890', 'qwertyuiop', 'iloveyou12'])
      expect(passwordProblem(common, isCommon), common).toBe(messages.password.tooCommon);
    expect(passwordProblem('framing-demo', isCommon)).toBeNull();
    expect(passwordProblem('walnut-mitre-corner', isCommon)).toBeNull();
    // length is told first, as the customer types
    expect(passwordProblem('password', isCommon)).toBe(messages.password.tooShort(10));
  });
});
