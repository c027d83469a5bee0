import { index, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

/** Messages sent through Contact Us (stored as plain text; also e-mailed to customer service). */
export const contactMessages = pgTable(
  'contact_messages',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    phoneNumber: text('phone_number'),
    message: text('message').notNull(),
    ip: text('ip'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** when staff marked the message handled (null: still to answer), and who */
    handledAt: timestamp('handled_at', { withTimezone: true }),
    handledBy: text('handled_by'),
  },
  (t) => [
    index('contact_messages_ip_idx').on(t.ip, t.createdAt),
    index('contact_messages_created_idx').on(t.createdAt),
  ],
);

/** Captcha solutions already used, kept until they expire, so that one solution sends one message. */
export const captchaSpent = pgTable(
  'captcha_spent',
  {
    id: text('id').primaryKey(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('captcha_spent_expires_idx').on(t.expiresAt)],
);

/**
 * The key that signs contact-form csrf values and captcha challenges when CAPTCHA_HMAC_KEY is not configured:
 * made once per database, so every API process behind a load balancer signs and checks alike.
 */
export const contactKeys = pgTable('contact_keys', {
  id: text('id').primaryKey(),
  secret: text('secret').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
