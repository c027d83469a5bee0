import { pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

/** Every e-mail the shop sends, with its delivery state. Without SMTP_URL it stays here (and in the log). */
export const emailOutbox = pgTable('email_outbox', {
  id: serial('id').primaryKey(),
  to: text('to').notNull(),
  subject: text('subject').notNull(),
  text: text('text').notNull(),
  html: text('html'),
  status: text('status').notNull().default('queued'), // queued, sent, failed, outbox
  error: text('error'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  sentAt: timestamp('sent_at', { withTimezone: true }),
});
