import type { Config } from '../../config.ts';
import type { Db } from '../../platform/db.ts';
import type { Mailer } from '../../platform/mail.ts';
import { createCredentialChecks } from './credential-checks.ts';
import { createCustomerSignIn } from './customer-sign-in.ts';
import { createLiveSessions } from './live-sessions.ts';
import { createRecovery } from './recovery.ts';
import { createStaffSignIn } from './staff-sign-in.ts';
import { createVerification } from './verification.ts';

export type { AuthContext, RequestMeta } from './live-sessions.ts';
export { STAFF_ENROL_TTL_MS } from './staff-sign-in.ts';

export type AuthService = ReturnType<typeof createAuthService>;

/**
 * The auth module as the rest of the app calls it: one object of every job's operations. Each job lives in its
 * own file: customer-sign-in, staff-sign-in, recovery (forgotten passwords), verification (e-mail addresses),
 * over live-sessions (bearer tokens and their cache) and credential-checks (password and authenticator code).
 */
export function createAuthService(deps: { db: Db; config: Config; mailer: Mailer }) {
  const sessions = createLiveSessions(deps);
  const checks = createCredentialChecks({ ...deps, sessions });
  const verification = createVerification({ ...deps, checks });
  const { sendEmailVerification } = verification;
  return {
    authenticate: sessions.authenticate,
    cachedSession: sessions.cachedSession,
    authenticateRead: sessions.authenticateRead,
    viewAsSession: sessions.viewAsSession,
    logout: sessions.logout,
    endSessions: sessions.endSessions,
    endOtherSessions: sessions.endOtherSessions,
    forgetUser: sessions.forgetUser,
    endUserSessions: sessions.endUserSessions,
    ...createCustomerSignIn({ ...deps, sessions, checks, sendEmailVerification }),
    ...createStaffSignIn({ ...deps, sessions, checks }),
    ...createRecovery({ ...deps, sessions }),
    ...verification,
  };
}
