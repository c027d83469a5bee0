import {
  bigint,
  boolean,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from '../accounts/accounts.tables.ts';

/** Bearer sessions: only the SHA-256 of the opaque token is stored. Idle expiry uses lastSeenAt. */
export const sessions = pgTable(
  'sessions',
  {
    id: serial('id').primaryKey(),
    tokenHash: text('token_hash').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Signed in with a password but the TOTP code is still owed. */
    mfaPending: boolean('mfa_pending').notNull().default(false),
    /** Wrong two-step codes sent on this sign-in (claimed before each check). */
    mfaFailures: integer('mfa_failures').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    /**
     * A read-only "view as" session: the staff user (users.id) who opened it. The API refuses every call that
     * would change something (app.ts, view-as hook).
     */
    viewAsBy: integer('view_as_by'),
    /** A hard end (view-as sessions are short-lived); null = only idle time and max age end it. */
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    ip: text('ip'),
    userAgent: text('user_agent'),
  },
  (t) => [uniqueIndex('sessions_token_hash_uq').on(t.tokenHash), index('sessions_user_idx').on(t.userId)],
);

/**
 * One-use tokens sent by e-mail or handed to the client: 'verification' (first login), 'password_reset',
 * 'email_verify', 'staff_enrol', 'email_change' and 'email_undo' (sessions.ts TokenKind). Only the hash is stored;
 * `email` is the address the link was sent to or, for an e-mail change, the address it sets.
 */
export const authTokens = pgTable(
  'auth_tokens',
  {
    id: serial('id').primaryKey(),
    kind: text('kind').notNull(),
    tokenHash: text('token_hash').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    email: text('email'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('auth_tokens_hash_uq').on(t.kind, t.tokenHash),
    index('auth_tokens_user_idx').on(t.userId),
  ],
);

/**
 * Attempt counters (sign-in per account, per account-and-address and per address; two-step codes per account;
 * reset e-mails), kept in the database so that every API process sees the same count. An attempt is claimed
 * here before it is checked (login-attempts.ts).
 */
export const loginAttempts = pgTable('login_attempts', {
  key: text('key').primaryKey(), // 'acct:10001', 'pair:10001|203.0.113.9', 'ip:203.0.113.9', 'mfa:7', …
  failures: integer('failures').notNull().default(0),
  windowStart: timestamp('window_start', { withTimezone: true }).notNull().defaultNow(),
  /** When the last attempt was claimed: growing delays count from here. */
  lastAt: timestamp('last_at', { withTimezone: true }).notNull().defaultNow(),
  lockedUntil: timestamp('locked_until', { withTimezone: true }),
});

/** The last TOTP time step accepted per user: a code is accepted once (a later step only). */
export const totpSteps = pgTable('totp_steps', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  lastStep: bigint('last_step', { mode: 'number' }).notNull(),
});

/**
 * The key that signs sign-in device cookies and proof-of-work challenges (sign-in-trust.ts): made once per
 * database by the first process that needs it, so every API process signs and checks alike.
 */
export const authKeys = pgTable('auth_keys', {
  id: text('id').primaryKey(),
  secret: text('secret').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
