import { createHmac, randomBytes } from 'node:crypto';
import { ProofOfWorkChallenge } from '@mitrebox/api-contract';
import { messages } from '@mitrebox/domain';
import { eq } from 'drizzle-orm';
import type { Db } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import { type CaptchaVerifier, createAltchaVerifier } from '../contact/captcha.ts';
import { authKeys } from './auth.tables.ts';
import { deviceCookie, newDeviceId, recognisedDevice } from './device-cookie.ts';

/** A sign-in the account-wide limit stopped: answered 428 with the challenge to solve (auth.routes.ts). */
export class ChallengeRequired extends AppError {
  constructor(readonly challenge: ProofOfWorkChallenge) {
    super('challenge_required', 428, messages.login.challengeRequired);
  }
}

/** The database's own sign-in key, made by the first process that needs it. */
async function databaseKey(db: Db): Promise<Buffer> {
  await db
    .insert(authKeys)
    .values({ id: 'sign-in', secret: randomBytes(32).toString('hex') })
    .onConflictDoNothing();
  const [row] = await db.select({ secret: authKeys.secret }).from(authKeys).where(eq(authKeys.id, 'sign-in'));
  return Buffer.from(row.secret, 'hex');
}

const derive = (key: Buffer, purpose: string) => createHmac('sha256', key).update(purpose).digest();

/**
 * The two ways past the account-wide limit on failed sign-ins (docs/decisions/008): a browser that signed in to
 * the account before (its device cookie), and anyone else who solved a proof-of-work challenge (the ALTCHA of
 * Contact Us, with a key of its own; a solution is accepted once).
 */
export function createSignInTrust(db: Db) {
  let parts: Promise<{ deviceKey: Buffer; proof: CaptchaVerifier }> | undefined;
  const ready = () => {
    parts ??= databaseKey(db)
      .then((key) => ({
        deviceKey: derive(key, 'device-cookie'),
        proof: createAltchaVerifier({ db, hmacKey: derive(key, 'proof-of-work').toString('hex') }),
      }))
      .catch((err) => {
        parts = undefined; // try again on the next sign-in
        throw err;
      });
    return parts;
  };

  return {
    /** The device id of the user's valid device cookie among the request's cookies, if any. */
    async device(cookieHeader: string | undefined, userId: number): Promise<string | undefined> {
      if (!cookieHeader?.includes('mb_device_')) return undefined;
      return recognisedDevice((await ready()).deviceKey, cookieHeader, userId);
    },

    /** The Set-Cookie value of the user's device cookie: the browser's own id again, or a new one. */
    async deviceCookie(userId: number, deviceId: string | undefined, secure: boolean): Promise<string> {
      return deviceCookie((await ready()).deviceKey, userId, deviceId ?? newDeviceId(), secure);
    },

    /** The refusal that carries a fresh challenge. */
    async challengeRequired(): Promise<ChallengeRequired> {
      const { proof } = await ready();
      return new ChallengeRequired(ProofOfWorkChallenge.parse(await proof.challenge?.()));
    },

    /** Whether the payload solves a challenge of ours that was not used before (it is spent now). */
    async proved(payload: string): Promise<boolean> {
      const { proof } = await ready();
      return (await proof.verify(payload, '')).ok;
    },
  };
}

export type SignInTrust = ReturnType<typeof createSignInTrust>;
