import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  pgSequence,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

/** A customer account (a frame shop or gallery), keyed by its numeric account number. */
export const accounts = pgTable('accounts', {
  acctnum: text('acctnum').primaryKey(),
  company: text('company').notNull(),
  contact: text('contact'),
  title: text('title'),
  phone: text('phone'),
  fax: text('fax'),
  website: text('website'),
  address1: text('address1'),
  address2: text('address2'),
  city: text('city'),
  state: text('state'),
  zip: text('zip'),
  /** Y active, N not allowed to buy. */
  activeType: text('active_type').notNull().default('Y'),
  /** Payment terms, e.g. 'Net 30', 'Credit Card', 'Credit Hold', 'Do Not Sell'. */
  terms: text('terms').notNull().default('Net 30'),
  shipvia: text('shipvia'),
  /** The account's home warehouse (B, C, E, G). */
  location: text('location').notNull().default('C'),
  salesperson: text('salesperson'),
  /** Discount level codes per category (account-area §3 Account details). */
  bDisc: text('b_disc'),
  cDisc: text('c_disc'),
  gDisc: text('g_disc'),
  jDisc: text('j_disc'),
  lDisc: text('l_disc'),
  hDisc: text('h_disc'),
  mDisc: text('m_disc'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A person who signs in. The username is an account number; a user may reach several accounts. */
export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    username: text('username').notNull(),
    name: text('name').notNull(),
    email: text('email'),
    passwordHash: text('password_hash').notNull(),
    /** Set until the customer completes the first-login verification (verifyData). */
    firstLogin: boolean('first_login').notNull().default(false),
    /** When set, sign-in is refused until the e-mail address is verified. */
    emailVerifyRequired: boolean('email_verify_required').notNull().default(false),
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
    totpSecret: text('totp_secret'),
    isStaff: boolean('is_staff').notNull().default(false),
    /** 'customer', or a staff role: 'admin', 'sales', 'accounting' (the back office builds on it). */
    role: text('role').notNull().default('customer'),
    /** Set when the user may no longer sign in (a staff member who left): every session of theirs is refused. */
    disabledAt: timestamp('disabled_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_username_uq').on(t.username),
    index('users_email_idx').on(sql`lower(${t.email})`),
  ],
);

export const userAccounts = pgTable(
  'user_accounts',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    acctnum: text('acctnum')
      .notNull()
      .references(() => accounts.acctnum, { onDelete: 'cascade' }),
    position: integer('position').notNull().default(0),
    /**
     * The user's rights in this account (docs/decisions/026): order (cart, Frame Creator to cart, placing orders),
     * pay (invoices, batches, saved cards), see prices (net prices, orders and invoices), manage users (the owner).
     * Rows from before colleagues existed are the accounts' own sign-ins: every right.
     */
    canOrder: boolean('can_order').notNull().default(true),
    canPay: boolean('can_pay').notNull().default(true),
    canSeePrices: boolean('can_see_prices').notNull().default(true),
    canManage: boolean('can_manage').notNull().default(true),
    /** Set when the owner disables the colleague in this account: the account is no longer theirs. */
    disabledAt: timestamp('disabled_at', { withTimezone: true }),
    /** users.id of the owner who invited the colleague (null: the account's own sign-in, or made by staff). */
    invitedBy: integer('invited_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.acctnum] }), index('user_accounts_acctnum_idx').on(t.acctnum)],
);

/**
 * A colleague's sign-in number (usernames are numeric, storefront §5 Login): taken from this sequence, a range
 * of eight-digit numbers above the account numbers (docs/decisions/026).
 */
export const colleagueNumberSeq = pgSequence('colleague_number_seq', { startWith: 90000001 });

/**
 * An owner's invitation of a colleague into an account: the link (its token hashed here) works once, for 72 hours.
 * The rights are the ones the colleague will have in the account.
 */
export const accountInvitations = pgTable(
  'account_invitations',
  {
    id: serial('id').primaryKey(),
    acctnum: text('acctnum')
      .notNull()
      .references(() => accounts.acctnum, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    name: text('name').notNull(),
    canOrder: boolean('can_order').notNull().default(false),
    canPay: boolean('can_pay').notNull().default(false),
    canSeePrices: boolean('can_see_prices').notNull().default(false),
    canManage: boolean('can_manage').notNull().default(false),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    acceptedUserId: integer('accepted_user_id'),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    /** users.id of the owner who sent it (null when staff sent it). */
    invitedBy: integer('invited_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('account_invitations_token_uq').on(t.tokenHash),
    index('account_invitations_acctnum_idx').on(t.acctnum),
  ],
);

/**
 * Which e-mails a user receives (account-area: My Account). No row: the defaults. The order confirmation is on by
 * default; the monthly statement is off until chosen.
 */
export const mailPreferences = pgTable('mail_preferences', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  orderConfirmation: boolean('order_confirmation').notNull().default(true),
  invoiceIssued: boolean('invoice_issued').notNull().default(true),
  orderShipped: boolean('order_shipped').notNull().default(true),
  backorderReleased: boolean('backorder_released').notNull().default(true),
  monthlyStatement: boolean('monthly_statement').notNull().default(false),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
