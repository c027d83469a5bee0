import { describe, expect, it } from 'vitest';
import { sessionHintCookie } from './session-hint.ts';

describe('session hint cookie', () => {
  it('says only that there is a session, for the whole site, and goes at sign-out', () => {
    expect(sessionHintCookie(true, false)).toBe('mb_session=1; Path=/; SameSite=Lax; Max-Age=2592000');
    expect(sessionHintCookie(true, true)).toBe('mb_session=1; Path=/; SameSite=Lax; Secure; Max-Age=2592000');
    expect(sessionHintCookie(false, false)).toBe('mb_session=; Path=/; SameSite=Lax; Max-Age=0');
  });
});
