import type { LoginResponse, TokenLoginResponse } from '@mitrebox/api-contract';
import { accountSecurityMessages, isCreditHold, messages } from '@mitrebox/domain';
import { createRemoteJWKSet, type JWTVerifyGetKey, jwtVerify } from 'jose';
import type { Config } from '../../config.ts';
import type { Db } from '../../platform/db.ts';
import { AppError, unauthorized, unprocessable } from '../../platform/errors.ts';
import { verifyPassword } from '../../platform/secrets.ts';
import { findUserById, findUserByUsername, sessionUser } from '../accounts/accounts.service.ts';
import type { CredentialChecks } from './credential-checks.ts';
import type { AuthContext, LiveSessions, RequestMeta } from './live-sessions.ts';
import { claimKey, clearKeys } from './login-attempts.ts';
import { clearMfaPending, issueOneUseToken, revokeSession, tokenIssuedSince } from './sessions.ts';

/** How long a first-time account's verification token (e-mail and password still to choose) works. */
const VERIFICATION_TTL_MS = 60 * 60_000;

/**
 * A customer's sign-in by account number and password (also the older form and single sign-on), the two-step
 * code that follows it (staff sessions answer theirs at the same tokenLogin), and asking a signed-in user again
 * who they are.
 */
export function createCustomerSignIn(deps: {
  db: Db;
  config: Config;
  sessions: LiveSessions;
  checks: CredentialChecks;
  sendEmailVerification(userId: number): Promise<void>;
}) {
  const { db, config, sessions, checks, sendEmailVerification } = deps;
  let jwks: JWTVerifyGetKey | undefined;

  /** The throttled password check; an address still to be confirmed gets its link (again) instead of a session. */
  async function checkCredentials(username: string, password: string, meta: RequestMeta) {
    const user = await checks.checkPassword(username, password, meta);
    if (user.emailVerifyRequired && !user.emailVerifiedAt) {
      // the customer needs the link to get in: (re)send it, at most once every 10 minutes
      if (!(await tokenIssuedSince(db, 'email_verify', user.id, 10 * 60_000))) {
        await sendEmailVerification(user.id).catch(() => {});
      }
      throw new AppError('email_unverified', 403, messages.login.emailUnverified);
    }
    return user;
  }

  return {
    /** POST /api/login */
    async login(username: string, password: string, meta: RequestMeta): Promise<LoginResponse> {
      const user = await checkCredentials(username, password, meta);
      const shaped = await sessionUser(db, user);
      if (user.firstLogin) {
        const vtoken = await issueOneUseToken(db, 'verification', user.id, VERIFICATION_TTL_MS);
        return { firsttime: true, vtoken, user: shaped, data: { token: null } };
      }
      const token = await sessions.start(user.id, Boolean(user.totpSecret), meta);
      return { firsttime: false, vtoken: null, user: shaped, data: { token } };
    },

    /** POST /login (older form): a token only; a first-time account must use the current form. */
    async legacyLogin(username: string, password: string, meta: RequestMeta): Promise<{ token: string }> {
      const user = await checkCredentials(username, password, meta);
      if (user.firstLogin)
        throw new AppError('first_login', 409, 'Please complete your first sign-in on the website.');
      return { token: await sessions.start(user.id, Boolean(user.totpSecret), meta) };
    },

    /**
     * POST /api/tokenLogin: the verification step after sign-in. Answers 'mfa required' until a valid TOTP
     * code is sent; a credit-hold account is signed out again and given the account message.
     */
    async tokenLogin(ctx: AuthContext, code: string | undefined): Promise<TokenLoginResponse> {
      if (ctx.session.mfaPending) {
        if (!code) return { message: 'mfa required', name: 'mfa required', login: false, data: [] };
        await checks.checkTotp(ctx, code);
        await clearMfaPending(db, ctx.session.id);
        sessions.forget(ctx.session.id);
      }
      if (isCreditHold(ctx.user.accounts[0])) {
        await revokeSession(db, ctx.session.id);
        sessions.forget(ctx.session.id);
        return {
          message: 'credit hold',
          name: 'credit hold',
          login: false,
          data: [],
          heading: messages.creditHold.heading,
          msg: messages.creditHold.message(config.CUSTOMER_SERVICE_PHONE),
        };
      }
      return { message: 'success', name: ctx.user.name, login: true, data: [ctx.user] };
    },

    /** POST /api/exLogin: an external single-sign-on JWT (subject = account number) for a session. */
    async exLogin(externalToken: string, meta: RequestMeta): Promise<{ data: { token: string } }> {
      let key: Uint8Array | JWTVerifyGetKey;
      if (config.EXLOGIN_JWT_SECRET) key = new TextEncoder().encode(config.EXLOGIN_JWT_SECRET);
      else if (config.EXLOGIN_JWKS_URL) key = jwks ??= createRemoteJWKSet(new URL(config.EXLOGIN_JWKS_URL));
      else throw new AppError('sso_disabled', 401, 'Single sign-on is not configured.');
      let subject: string | undefined;
      try {
        const { payload } = await jwtVerify(externalToken, key as Uint8Array, {
          issuer: config.EXLOGIN_ISSUER,
          audience: config.EXLOGIN_AUDIENCE,
          requiredClaims: ['exp', 'sub'],
        });
        subject = payload.sub;
      } catch {
        throw new AppError('sso_invalid', 401, 'The sign-in link is invalid or has expired.');
      }
      const user = subject ? await findUserByUsername(db, subject) : undefined;
      if (!user) throw new AppError('sso_invalid', 401, 'The sign-in link is invalid or has expired.');
      return { data: { token: await sessions.start(user.id, false, meta) } };
    },

    /**
     * Asks the signed-in user again who they are before the sign-in e-mail or the password changes
     * (docs/decisions/021): the current password, with LOGIN_MAX_FAILURES_ACCOUNT tries a sign-in (then the
     * sign-in ends: a stolen session is no better a place to guess it than the sign-in form), and, with an
     * authenticator set up, a fresh code too. A wrong password is a 422 on its field: a 401 would sign the screen
     * out.
     */
    async confirmIdentity(
      ctx: AuthContext,
      proof: { currentPassword?: string; code?: string },
    ): Promise<void> {
      const user = await findUserById(db, ctx.user.id);
      if (!user) throw unauthorized();
      const required = accountSecurityMessages.currentPasswordRequired;
      if (!proof.currentPassword) throw unprocessable(required, { currentPassword: required });
      // The sign-in's own allowance, not the sign-in page's counters: strangers' guesses at the account (which
      // make the sign-in page ask for a challenge) do not stop its owner here, and a stolen sign-in that guesses
      // the password a few times is ended.
      const key = `reauth:${ctx.session.id}`;
      const claim = await claimKey(db, config.LOGIN_LOCK_MINUTES, {
        key,
        max: config.LOGIN_MAX_FAILURES_ACCOUNT,
      });
      if (!claim.ok) {
        await revokeSession(db, ctx.session.id);
        sessions.forget(ctx.session.id);
        throw unauthorized();
      }
      if (!(await verifyPassword(user.passwordHash, proof.currentPassword))) {
        const wrong = accountSecurityMessages.currentPasswordWrong;
        throw unprocessable(wrong, { currentPassword: wrong });
      }
      await clearKeys(db, [key]);
      if (!user.totpSecret) return;
      const codeRequired = accountSecurityMessages.codeRequired;
      if (!proof.code?.trim()) throw unprocessable(codeRequired, { code: codeRequired });
      await checks.checkTotp(ctx, proof.code);
    },
  };
}
