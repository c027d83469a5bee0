import { describe, expect, it } from 'vitest';
import { sessionHintCookie, sessionHintValue } from './session-hint.ts';

describe('session hint cookie', () => {
  it("names the stored session's user (no token), for the whole site, and goes at sign-out", () => {
    expect(sessionHintCookie('10', false)).toBe('mb_session=10; Path=/; SameSite=Lax; Max-Age=2592000');
    expect(sessionHintCookie('10', true)).toBe(
      'mb_session=10; Path=/; SameSite=Lax; Secure; Max-Age=2592000',
    );
    expect(sessionHintCookie(null, false)).toBe('mb_session=; Path=/; SameSite=Lax; Max-Age=0');
  });

  it("is the user's id once the session has a user, 'pending' before, nothing without a token", () => {
    expect(sessionHintValue('token', 42)).toBe('42');
    expect(sessionHintValue('token', null)).toBe('pending');
    expect(sessionHintValue(null, 42)).toBeNull();
  });
});
