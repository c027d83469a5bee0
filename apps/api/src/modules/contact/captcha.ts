import { createHmac, randomBytes } from 'node:crypto';
import type { ContactCaptcha } from '@mitrebox/api-contract';
import { createChallenge, randomInt, verifySolution } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { lt, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db.ts';
import { captchaSpent } from './contact.tables.ts';

/**
 * The captcha of Contact Us, behind one interface: ALTCHA (self-hosted proof of work, works offline) by
 * default, Google reCAPTCHA when its keys are configured.
 */
export interface CaptchaVerifier {
  /** What the form needs to show the captcha. */
  describe(): ContactCaptcha;
  /** A new challenge (ALTCHA only). */
  challenge?(): Promise<unknown>;
  /** Checks a solution and spends it: the same solution is refused the second time. */
  verify(response: string, ip: string): Promise<{ ok: true } | { ok: false; reason: string }>;
}

/** How long a challenge may be solved and sent; a used one is remembered this long. */
const CHALLENGE_TTL_S = 10 * 60;
/** PBKDF2 iterations per guess, and the range of guesses the solver needs: a second or so in a browser. */
const COST = 1_000;
const COUNTER_MIN = 500;
const COUNTER_MAX = 2_500;

/** Remembers a spent challenge; false when it was spent already. Expired entries are removed on the way. */
async function spend(db: Db, id: string, expiresAt: Date): Promise<boolean> {
  await db.delete(captchaSpent).where(lt(captchaSpent.expiresAt, sql`now()`));
  const rows = await db
    .insert(captchaSpent)
    .values({ id, expiresAt })
    .onConflictDoNothing()
    .returning({ id: captchaSpent.id });
  return rows.length === 1;
}

export function createAltchaVerifier(deps: { db: Db; hmacKey: string }): CaptchaVerifier {
  const signatureSecret = createHmac('sha256', deps.hmacKey).update('altcha-signature').digest('hex');
  const keySecret = createHmac('sha256', deps.hmacKey).update('altcha-key').digest('hex');
  return {
    describe: () => ({ kind: 'altcha', challengeUrl: '/api/contact-us/captcha' }),
    challenge: () =>
      createChallenge({
        algorithm: 'PBKDF2/SHA-256',
        cost: COST,
        counter: randomInt(COUNTER_MIN, COUNTER_MAX),
        deriveKey,
        expiresAt: Math.floor(Date.now() / 1000) + CHALLENGE_TTL_S,
        hmacSignatureSecret: signatureSecret,
        hmacKeySignatureSecret: keySecret,
      }),
    async verify(response) {
      let payload: { challenge?: unknown; solution?: unknown };
      try {
        payload = JSON.parse(Buffer.from(response, 'base64').toString('utf8'));
      } catch {
        return { ok: false, reason: 'The captcha answer is not readable.' };
      }
      if (!payload || typeof payload !== 'object' || !payload.challenge || !payload.solution) {
        return { ok: false, reason: 'The captcha answer is not readable.' };
      }
      const challenge = payload.challenge as Parameters<typeof verifySolution>[0]['challenge'];
      let result: Awaited<ReturnType<typeof verifySolution>>;
      try {
        result = await verifySolution({
          challenge,
          solution: payload.solution as Parameters<typeof verifySolution>[0]['solution'],
          deriveKey,
          hmacSignatureSecret: signatureSecret,
          hmacKeySignatureSecret: keySecret,
        });
      } catch {
        return { ok: false, reason: 'The captcha answer is not valid.' };
      }
      if (result.expired) return { ok: false, reason: 'The captcha has expired.' };
      if (!result.verified) return { ok: false, reason: 'The captcha answer is not valid.' };
      const expiresAt = new Date(
        (challenge.parameters.expiresAt ?? Date.now() / 1000 + CHALLENGE_TTL_S) * 1000,
      );
      if (!(await spend(deps.db, `altcha:${challenge.parameters.nonce}`, expiresAt))) {
        return { ok: false, reason: 'This captcha has already been used.' };
      }
      return { ok: true };
    },
  };
}

/** Google reCAPTCHA v2 (when RECAPTCHA_SITE_KEY and RECAPTCHA_SECRET_KEY are set). */
export function createRecaptchaVerifier(deps: {
  db: Db;
  siteKey: string;
  secretKey: string;
  fetch?: typeof fetch;
}): CaptchaVerifier {
  const doFetch = deps.fetch ?? fetch;
  return {
    describe: () => ({ kind: 'recaptcha', siteKey: deps.siteKey }),
    async verify(response, ip) {
      let answer: { success?: boolean };
      try {
        const res = await doFetch('https://www.google.com/recaptcha/api/siteverify', {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams({ secret: deps.secretKey, response, remoteip: ip }),
          signal: AbortSignal.timeout(5000),
        });
        answer = (await res.json()) as { success?: boolean };
      } catch {
        return { ok: false, reason: 'The captcha could not be checked. Please try again.' };
      }
      if (!answer.success) return { ok: false, reason: 'The captcha answer is not valid.' };
      // Google refuses a reused token itself; remembering it too keeps the rule the same for both captchas
      const id = `recaptcha:${createHmac('sha256', 'recaptcha').update(response).digest('hex')}`;
      if (!(await spend(deps.db, id, new Date(Date.now() + CHALLENGE_TTL_S * 1000)))) {
        return { ok: false, reason: 'This captcha has already been used.' };
      }
      return { ok: true };
    },
  };
}

/** A signed, short-lived csrf value for the contact form: expiry.nonce.signature. */
export function createCsrf(hmacKey: string, ttlMs = 2 * 60 * 60_000) {
  const key = createHmac('sha256', hmacKey).update('contact-csrf').digest();
  const sign = (body: string) => createHmac('sha256', key).update(body).digest('base64url');
  return {
    issue(now = Date.now()): string {
      const body = `${now + ttlMs}.${randomBytes(12).toString('base64url')}`;
      return `${body}.${sign(body)}`;
    },
    check(value: string | null | undefined, now = Date.now()): boolean {
      if (!value) return false;
      const parts = value.split('.');
      if (parts.length !== 3) return false;
      const body = `${parts[0]}.${parts[1]}`;
      const expected = sign(body);
      if (expected.length !== parts[2].length) return false;
      let diff = 0;
      for (let i = 0; i < expected.length; i++) diff |= expected.charCodeAt(i) ^ parts[2].charCodeAt(i);
      return diff === 0 && Number(parts[0]) > now;
    },
  };
}
