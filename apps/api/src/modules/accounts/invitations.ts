import type {
  Invitation,
  InvitationAccepted,
  InvitationCreate,
  InvitationView,
} from '@mitrebox/api-contract';
import { isValidEmail, loadCommonPasswords, passwordProblem } from '@mitrebox/domain';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Config } from '../../config.ts';
import type { Db, Queryable } from '../../platform/db.ts';
import { queryRows } from '../../platform/db.ts';
import { AppError, notFound, unprocessable } from '../../platform/errors.ts';
import type { Mailer } from '../../platform/mail.ts';
import { hashPassword, hashToken, newToken } from '../../platform/secrets.ts';
import { type AuditActor, recordAudit } from '../audit/audit.service.ts';
import { escapeHtml } from '../auth/html-text.ts';
import { accountInvitations, accounts, userAccounts, users } from './accounts.tables.ts';
import { invitationOf, rightColumns } from './colleagues.service.ts';

/**
 * Invitations of colleagues into an account (docs/decisions/026): the owner (or a manager) invites by e-mail; the
 * link works once, for 72 hours; the colleague chooses a password and gets a sign-in number of their own, or — an
 * existing customer sign-in with that e-mail — gains the account beside their others.
 */

export const INVITATION_TTL_MS = 72 * 60 * 60_000;

export const invitationMessages = {
  nameRequired: "Please enter the colleague's name.",
  emailFormat: 'Please enter a valid e-mail address.',
  alreadyInvited: 'This e-mail already has an invitation waiting. Send it again instead.',
  alreadyUser: 'This e-mail already belongs to a user of the account.',
  disabledUser: 'This e-mail belongs to a user disabled in the account: enable them instead.',
  staffEmail: 'This e-mail belongs to a Mitrebox staff sign-in. Invite another address.',
  noSuchInvitation: 'No such invitation in this account.',
  accepted: 'This invitation was accepted already.',
  revoked: 'This invitation was withdrawn.',
  unknownLink: 'This invitation link is not known. Check that the whole link was copied.',
  usedLink:
    "This invitation link has been used, withdrawn or has expired. Ask the account's owner for a new one.",
  passwordRequired: 'Please choose a password.',
};

export interface InvitationDeps {
  db: Db;
  config: Pick<Config, 'PUBLIC_URL' | 'COMPANY_NAME' | 'CUSTOMER_SERVICE_PHONE'>;
  mailer: Mailer;
  /** The user's cached sessions are read afresh (an existing user gained an account). */
  forgetUser(userId: number): void;
}

type InvitationRow = typeof accountInvitations.$inferSelect;

/** The users with this e-mail (any case), customers and staff alike. */
async function usersWithEmail(db: Queryable, email: string) {
  return db
    .select({ id: users.id, role: users.role, username: users.username })
    .from(users)
    .where(sql`lower(${users.email}) = ${email}`)
    .orderBy(users.id);
}

async function companyOf(db: Queryable, acctnum: string): Promise<string> {
  const [row] = await db
    .select({ company: accounts.company })
    .from(accounts)
    .where(eq(accounts.acctnum, acctnum));
  if (!row) throw notFound('Account not found');
  return row.company;
}

/** The e-mail with the link: plain text and simple HTML, every typed value escaped. */
async function mailInvitation(deps: InvitationDeps, row: InvitationRow, token: string, from: string) {
  const { config } = deps;
  const company = await companyOf(deps.db, row.acctnum);
  const link = `${config.PUBLIC_URL}/invitation/${token}`;
  const footer = `${config.COMPANY_NAME} · ${config.CUSTOMER_SERVICE_PHONE}`;
  await deps.mailer.send({
    to: row.email,
    subject: `${from} invites you to the ${company} account at ${config.COMPANY_NAME}`,
    text: `Hello ${row.name},\n\n${from} invites you to work in the ${company} account (number ${row.acctnum}) at ${config.COMPANY_NAME}.\nAccept the invitation here (the link works once, for 72 hours):\n\n${link}\n\nIf you did not expect it, ignore this message.\n\n${footer}`,
    html: `<p>Hello ${escapeHtml(row.name)},</p><p>${escapeHtml(from)} invites you to work in the <b>${escapeHtml(company)}</b> account (number ${escapeHtml(row.acctnum)}) at ${escapeHtml(config.COMPANY_NAME)}.</p><p><a href="${escapeHtml(link)}">Accept the invitation</a> (the link works once, for 72 hours).</p><p>If you did not expect it, ignore this message.</p><p>${escapeHtml(footer)}</p>`,
  });
}

/** POST /api/account/invitations: a new invitation, e-mailed. */
export async function invite(
  deps: InvitationDeps,
  inviter: { userId: number; name: string; acctnum: string },
  body: InvitationCreate,
): Promise<Invitation> {
  const { db } = deps;
  const email = body.email.trim().toLowerCase();
  const name = body.name.trim();
  const errors: Record<string, string> = {};
  if (!name) errors.name = invitationMessages.nameRequired;
  if (!isValidEmail(email)) errors.email = invitationMessages.emailFormat;
  if (Object.keys(errors).length) throw unprocessable(Object.values(errors)[0]!, errors);
  const conflict = (message: string) => new AppError('conflict', 409, message, { email: message });
  const token = newToken();
  const row = await db.transaction(async (tx) => {
    // one invitation of an address at a time: two owners inviting the same address do not both get through
    await tx.execute(
      sql`select 1 from ${accounts} where ${accounts.acctnum} = ${inviter.acctnum} for update`,
    );
    const found = await usersWithEmail(tx, email);
    if (found.some((u) => u.role !== 'customer')) throw conflict(invitationMessages.staffEmail);
    const [member] = await queryRows<{ disabled: boolean }>(
      tx,
      sql`select ua.disabled_at is not null as disabled from ${userAccounts} ua join ${users} u on u.id = ua.user_id
        where ua.acctnum = ${inviter.acctnum} and lower(u.email) = ${email} order by ua.disabled_at nulls first limit 1`,
    );
    if (member)
      throw conflict(member.disabled ? invitationMessages.disabledUser : invitationMessages.alreadyUser);
    const [waiting] = await tx
      .select({ id: accountInvitations.id })
      .from(accountInvitations)
      .where(
        and(
          eq(accountInvitations.acctnum, inviter.acctnum),
          sql`lower(${accountInvitations.email}) = ${email}`,
          isNull(accountInvitations.acceptedAt),
          isNull(accountInvitations.revokedAt),
          sql`${accountInvitations.expiresAt} > now()`,
        ),
      )
      .limit(1);
    if (waiting) throw conflict(invitationMessages.alreadyInvited);
    const [inserted] = await tx
      .insert(accountInvitations)
      .values({
        acctnum: inviter.acctnum,
        email,
        name,
        ...rightColumns(body.rights),
        tokenHash: hashToken(token),
        expiresAt: new Date(Date.now() + INVITATION_TTL_MS),
        invitedBy: inviter.userId,
      })
      .returning();
    return inserted!;
  });
  await mailInvitation(deps, row, token, inviter.name);
  return invitationOf(row);
}

/** The account's invitation not accepted or withdrawn yet, locked for a change (404 / 409 otherwise). */
async function openInvitation(tx: Queryable, acctnum: string, id: number): Promise<InvitationRow> {
  const [row] = await tx
    .select()
    .from(accountInvitations)
    .where(and(eq(accountInvitations.id, id), eq(accountInvitations.acctnum, acctnum)))
    .for('update');
  if (!row) throw notFound(invitationMessages.noSuchInvitation);
  if (row.acceptedAt) throw new AppError('accepted', 409, invitationMessages.accepted);
  if (row.revokedAt) throw new AppError('revoked', 409, invitationMessages.revoked);
  return row;
}

/**
 * POST /api/account/invitations/:id/resend (and the back office's): a new link for another 72 hours; the old link
 * stops working. `actor`: a staff member's resend is audited.
 */
export async function resendInvitation(
  deps: InvitationDeps,
  acctnum: string,
  id: number,
  from: { name: string; actor?: AuditActor },
): Promise<Invitation> {
  const token = newToken();
  const row = await deps.db.transaction(async (tx) => {
    const open = await openInvitation(tx, acctnum, id);
    const [updated] = await tx
      .update(accountInvitations)
      .set({
        tokenHash: hashToken(token),
        expiresAt: new Date(Date.now() + INVITATION_TTL_MS),
        sentAt: new Date(),
      })
      .where(eq(accountInvitations.id, open.id))
      .returning();
    if (from.actor)
      await recordAudit(tx, from.actor, {
        action: 'invitation.resend',
        entity: 'account',
        entityId: acctnum,
        before: { invitation: open.id, email: open.email, expiresAt: open.expiresAt.toISOString() },
        after: { invitation: open.id, email: open.email, expiresAt: updated!.expiresAt.toISOString() },
      });
    return updated!;
  });
  await mailInvitation(deps, row, token, from.name);
  return invitationOf(row);
}

/** DELETE /api/account/invitations/:id: the link stops working. Withdrawing it twice is no error. */
export async function revokeInvitation(db: Db, acctnum: string, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(accountInvitations)
      .where(and(eq(accountInvitations.id, id), eq(accountInvitations.acctnum, acctnum)))
      .for('update');
    if (!row) throw notFound(invitationMessages.noSuchInvitation);
    if (row.acceptedAt) throw new AppError('accepted', 409, invitationMessages.accepted);
    if (!row.revokedAt)
      await tx.update(accountInvitations).set({ revokedAt: new Date() }).where(eq(accountInvitations.id, id));
  });
}

/** The invitation of a link that still works: 404 unknown, 410 used, withdrawn or expired. */
async function usableInvitation(db: Queryable, token: string, lock: boolean): Promise<InvitationRow> {
  const query = db
    .select()
    .from(accountInvitations)
    .where(eq(accountInvitations.tokenHash, hashToken(token)));
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw notFound(invitationMessages.unknownLink);
  if (row.acceptedAt || row.revokedAt || row.expiresAt.getTime() <= Date.now())
    throw new AppError('gone', 410, invitationMessages.usedLink);
  return row;
}

/** GET /api/invitations/:token: what the link offers, before the colleague accepts. */
export async function invitationView(db: Db, token: string): Promise<InvitationView> {
  const row = await usableInvitation(db, token, false);
  const found = await usersWithEmail(db, row.email.toLowerCase());
  return {
    acctnum: row.acctnum,
    company: await companyOf(db, row.acctnum),
    email: row.email,
    name: row.name,
    existingUser: found.some((u) => u.role === 'customer'),
  };
}

/**
 * POST /api/invitations/:token/accept. A new user: the password (the same rule and common-password list as every
 * password a customer chooses), a sign-in number from colleague_number_seq, the e-mail verified by the link. A
 * customer sign-in with the invitation's e-mail already: it gains the account (after its others). A staff e-mail:
 * refused (staff sign in to the back office only).
 */
export async function acceptInvitation(
  deps: InvitationDeps,
  token: string,
  body: { password?: string },
): Promise<InvitationAccepted> {
  const { db } = deps;
  // checked before the transaction: the password's hash takes a while, and a bad one needs no lock
  const peek = await usableInvitation(db, token, false);
  const existing = (await usersWithEmail(db, peek.email.toLowerCase())).filter((u) => u.role === 'customer');
  let passwordHash: string | undefined;
  if (existing.length === 0) {
    const password = body.password ?? '';
    const problem = password
      ? passwordProblem(password, await loadCommonPasswords())
      : invitationMessages.passwordRequired;
    if (problem) throw unprocessable(problem, { password: problem });
    passwordHash = await hashPassword(password);
  }
  const accepted = await db.transaction(async (tx) => {
    const row = await usableInvitation(tx, token, true);
    const email = row.email.toLowerCase();
    const found = await usersWithEmail(tx, email);
    if (found.some((u) => u.role !== 'customer'))
      throw new AppError('staff_email', 409, invitationMessages.staffEmail);
    const customer = found[0];
    const user = customer ?? (await newColleagueUser(tx, row, passwordHash));
    await tx
      .insert(userAccounts)
      .values({
        userId: user.id,
        acctnum: row.acctnum,
        position: sql`(select coalesce(max(position) + 1, 0) from ${userAccounts} where user_id = ${user.id})`,
        ...rightColumns({
          order: row.canOrder,
          pay: row.canPay,
          prices: row.canSeePrices,
          manage: row.canManage,
        }),
        invitedBy: row.invitedBy,
      })
      .onConflictDoUpdate({
        target: [userAccounts.userId, userAccounts.acctnum],
        set: {
          canOrder: row.canOrder,
          canPay: row.canPay,
          canSeePrices: row.canSeePrices,
          canManage: row.canManage,
          disabledAt: null,
        },
      });
    await tx
      .update(accountInvitations)
      .set({ acceptedAt: new Date(), acceptedUserId: user.id })
      .where(eq(accountInvitations.id, row.id));
    return { userId: user.id, username: user.username, acctnum: row.acctnum, existing: Boolean(customer) };
  });
  if (accepted.existing) deps.forgetUser(accepted.userId);
  return {
    username: accepted.username,
    acctnum: accepted.acctnum,
    company: await companyOf(db, accepted.acctnum),
  };
}

/** A colleague's own sign-in: the next number of colleague_number_seq, the e-mail verified by the link. */
async function newColleagueUser(tx: Queryable, row: InvitationRow, passwordHash: string | undefined) {
  if (!passwordHash) throw unprocessable(invitationMessages.passwordRequired);
  const [created] = await tx
    .insert(users)
    .values({
      username: sql`nextval('colleague_number_seq')::text`,
      name: row.name,
      email: row.email,
      passwordHash,
      emailVerifiedAt: new Date(),
    })
    .returning({ id: users.id, username: users.username });
  return created!;
}
