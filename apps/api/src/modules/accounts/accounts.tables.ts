import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
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
  },
  (t) => [primaryKey({ columns: [t.userId, t.acctnum] }), index('user_accounts_acctnum_idx').on(t.acctnum)],
);
