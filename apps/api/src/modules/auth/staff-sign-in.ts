import type { StaffEnrolmentOffer, StaffEnrolmentRequest } from '@mitrebox/api-contract';
import { loadCommonPasswords, messages, passwordProblem, staffMessages } from '@mitrebox/domain';
import { generateSecret, generateURI } from 'otplib';
import type { Config } from '../../config.ts';
import type { Db } from '../../platform/db.ts';
import { AppError, unprocessable } from '../../platform/errors.ts';
import type { Mailer } from '../../platform/mail.ts';
import { hashPassword } from '../../platform/secrets.ts';
import { findUserById, updateUser } from '../accounts/accounts.service.ts';
import { type CredentialChecks, totpTimeStep } from './credential-checks.ts';
import { escapeHtml } from './html-text.ts';
import type { LiveSessions, RequestMeta } from './live-sessions.ts';
import { clearAccount } from './login-attempts.ts';
import {
  claimTotpStep,
  findOneUseToken,
  issueOneUseToken,
  spendOneUseToken,
  voidOneUseTokens,
} from './sessions.ts';

/** How long a staff user's e-mailed set-up link works. */
export const STAFF_ENROL_TTL_MS = 72 * 60 * 60_000;

/**
 * Staff sign-in by e-mail, password and authenticator code (docs/decisions/014), and the e-mailed set-up link at
 * which a new staff user chooses the password and sets up the authenticator.
 */
export function createStaffSignIn(deps: {
  db: Db;
  config: Config;
  mailer: Mailer;
  sessions: LiveSessions;
  checks: CredentialChecks;
}) {
  const { db, config, mailer, sessions, checks } = deps;

  /** The live set-up link of a staff user who is still a staff user and not disabled. */
  async function enrolmentOf(token: string) {
    const row = await findOneUseToken(db, 'staff_enrol', token);
    const user = row ? await findUserById(db, row.userId) : undefined;
    if (!row || !user || user.role === 'customer' || user.disabledAt || !user.email)
      throw new AppError('enrol_invalid', 404, staffMessages.enrolLinkInvalid);
    return { row, user: { ...user, email: user.email } };
  }

  return {
    /**
     * POST /api/login/staff: a staff member's e-mail and password, throttled like the customers' sign-in. The
     * session owes its TOTP code (POST /api/tokenLogin) before any staff route answers; a staff user without
     * an authenticator, or a disabled one, is refused here (docs/decisions/014).
     */
    async staffLogin(email: string, password: string, meta: RequestMeta): Promise<{ token: string }> {
      const user = await checks.checkPassword(email, password, meta, { staff: true });
      if (user.disabledAt) throw new AppError('staff_disabled', 403, staffMessages.disabled);
      if (!user.totpSecret) throw new AppError('staff_totp_required', 403, staffMessages.totpRequired);
      return { token: await sessions.start(user.id, true, meta) };
    },

    /**
     * E-mails a staff user's set-up link (STAFF_ENROL_TTL_MS): at it they choose a password and set up an
     * authenticator, the second step staff sign-in requires. Older links of the user stop working.
     */
    async mailStaffEnrolLink(user: { id: number; name: string; email: string }): Promise<void> {
      await voidOneUseTokens(db, 'staff_enrol', user.id);
      const token = await issueOneUseToken(db, 'staff_enrol', user.id, STAFF_ENROL_TTL_MS, user.email);
      const link = `${config.PUBLIC_URL}/staff/enrol/${token}`;
      const hours = STAFF_ENROL_TTL_MS / 3_600_000;
      await mailer.send({
        to: user.email,
        subject: `Set up your ${config.COMPANY_NAME} staff sign-in`,
        text: `Hello ${user.name},\n\nAn administrator gave you a staff sign-in for the ${config.COMPANY_NAME} back office.\nChoose your password and set up your authenticator app here (the link works for ${hours} hours, once):\n\n${link}\n\nIf you did not expect this, ignore this message.\n\n${config.COMPANY_NAME}`,
        html: `<p>Hello ${escapeHtml(user.name)},</p><p>An administrator gave you a staff sign-in for the ${escapeHtml(config.COMPANY_NAME)} back office.</p><p><a href="${link}">Choose your password and set up your authenticator app</a> (the link works for ${hours} hours, once).</p><p>If you did not expect this, ignore this message.</p><p>${escapeHtml(config.COMPANY_NAME)}</p>`,
      });
    },

    /**
     * POST /api/login/staff/enrolment/check: the set-up link is usable; offers a fresh authenticator secret.
     * Nothing is stored until the user proves the secret with a code (staffEnrol).
     */
    async staffEnrolmentOffer(token: string): Promise<StaffEnrolmentOffer> {
      const { user } = await enrolmentOf(token);
      const secret = generateSecret();
      const otpauthUri = generateURI({ issuer: config.COMPANY_NAME, label: user.email, secret });
      return { email: user.email, name: user.name, secret, otpauthUri };
    },

    /**
     * POST /api/login/staff/enrolment: with the e-mailed link (possession of the mailbox), a new password and
     * a code of the offered secret (possession of the authenticator) the staff user is set up and signed in.
     * The link is spent, earlier sessions end, and the code's time step cannot be used again.
     */
    async staffEnrol(body: StaffEnrolmentRequest, meta: RequestMeta): Promise<{ token: string }> {
      const { row, user } = await enrolmentOf(body.token);
      const errors: Record<string, string> = {};
      const pw = passwordProblem(body.password, await loadCommonPasswords());
      if (pw) errors.password = pw;
      else if (body.password !== body.password_confirmation)
        errors.password_confirmation = messages.verifyData.passwordsMustMatch;
      const step = await totpTimeStep(body.secret, body.code);
      if (step === undefined) errors.code = staffMessages.enrolCodeInvalid;
      if (Object.keys(errors).length) throw unprocessable(Object.values(errors)[0]!, errors);
      if (!(await spendOneUseToken(db, row.id)))
        throw new AppError('enrol_invalid', 404, staffMessages.enrolLinkInvalid);
      await updateUser(db, user.id, {
        passwordHash: await hashPassword(body.password),
        totpSecret: body.secret,
        emailVerifiedAt: user.emailVerifiedAt ?? new Date(),
      });
      await claimTotpStep(db, user.id, step!);
      await sessions.endSessions(user.id);
      await voidOneUseTokens(db, 'password_reset', user.id);
      await clearAccount(db, user.username);
      return { token: await sessions.start(user.id, false, meta) };
    },
  };
}
