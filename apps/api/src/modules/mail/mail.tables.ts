import { sql } from 'drizzle-orm';
import { pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/** Every e-mail the shop sends, with its delivery state. Without SMTP_URL it stays here (and in the log). */
export const emailOutbox = pgTable(
  'email_outbox',
  {
    id: serial('id').primaryKey(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html'),
    status: text('status').notNull().default('queued'), // queued, sent, failed, outbox
    error: text('error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    /**
     * The event the mail tells of, with its recipient (e.g. 'order-confirmation:123456:marie@…'): a mail of the same
     * event is written once, however often the job that sends it runs (a retry after a crash).
     */
    eventKey: text('event_key'),
    /** File names of attachments (the attachments themselves are not kept). */
    attachments: text('attachments'),
  },
  (t) => [uniqueIndex('email_outbox_event_key_uq').on(t.eventKey).where(sql`${t.eventKey} is not null`)],
);
