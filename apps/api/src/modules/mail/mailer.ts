import { and, eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { SendMailOptions, Transporter } from 'nodemailer';
import type { Db } from '../../platform/db.ts';
import { headerText, type Mailer, type MailMessage } from '../../platform/mail.ts';
import { emailOutbox } from './mail.tables.ts';

export type { Mailer, MailMessage } from '../../platform/mail.ts';

/** What nodemailer gets besides the outbox's fields: the files, and the one-click unsubscribe headers. */
function extras(message: MailMessage): Partial<SendMailOptions> {
  const out: Partial<SendMailOptions> = {};
  if (message.attachments?.length)
    out.attachments = message.attachments.map((a) => ({
      filename: headerText(a.filename),
      content: Buffer.from(a.content),
      contentType: headerText(a.contentType),
    }));
  if (message.unsubscribeUrl) {
    out.list = { unsubscribe: headerText(message.unsubscribeUrl) };
    out.headers = { 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' };
  }
  return out;
}

/**
 * Every message is written to email_outbox first. With an SMTP URL it is then delivered through nodemailer;
 * without one it stays in the outbox (status 'outbox') and the log says so — never the body, which can carry
 * a reset link. A message of an event (eventKey) is written once: when its row is already there, nothing is
 * sent — unless its delivery failed, when this call claims the row and tries once more.
 */
export function createMailer(opts: {
  db: Db;
  smtpUrl?: string;
  from: string;
  log: FastifyBaseLogger;
}): Mailer {
  // nodemailer is loaded only when there is an SMTP server to talk to (and not before the first mail)
  const smtpUrl = opts.smtpUrl;
  let transport: Promise<Transporter> | undefined;
  const smtp = () => {
    transport ??= import('nodemailer').then((m) => m.default.createTransport(smtpUrl!));
    return transport;
  };
  const from = headerText(opts.from);

  /** The outbox row this call is to deliver, or undefined when the event's mail was written before. */
  async function claim(row: typeof emailOutbox.$inferInsert): Promise<number | undefined> {
    const [made] = await opts.db
      .insert(emailOutbox)
      .values(row)
      .onConflictDoNothing()
      .returning({ id: emailOutbox.id });
    if (made) return made.id;
    if (!row.eventKey || !smtpUrl) return undefined;
    // written before: delivered, kept, or being delivered by another call — only a failed one is tried again
    const [retry] = await opts.db
      .update(emailOutbox)
      .set({ status: 'queued', error: null })
      .where(and(eq(emailOutbox.eventKey, row.eventKey), eq(emailOutbox.status, 'failed')))
      .returning({ id: emailOutbox.id });
    return retry?.id;
  }

  return {
    async send(composed) {
      // every header of every mail is one line here, once, whatever module composed it
      const message = { to: headerText(composed.to), subject: headerText(composed.subject) };
      const id = await claim({
        ...message,
        text: composed.text,
        html: composed.html,
        eventKey: composed.eventKey ?? null,
        attachments: composed.attachments?.length
          ? JSON.stringify(composed.attachments.map((a) => headerText(a.filename)))
          : null,
        status: smtpUrl ? 'queued' : 'outbox',
      });
      if (id === undefined) {
        opts.log.info({ eventKey: composed.eventKey }, 'mail of this event already written: not sent again');
        return;
      }
      if (!smtpUrl) {
        opts.log.info(
          { mailId: id, to: message.to, subject: message.subject },
          'mail kept in the outbox (no SMTP_URL)',
        );
        return;
      }
      try {
        await (await smtp()).sendMail({
          from,
          ...message,
          text: composed.text,
          ...(composed.html !== undefined && { html: composed.html }),
          ...extras(composed),
        });
        await opts.db
          .update(emailOutbox)
          .set({ status: 'sent', sentAt: new Date() })
          .where(eq(emailOutbox.id, id));
      } catch (err) {
        const error = err instanceof Error ? err.message : String(err);
        await opts.db.update(emailOutbox).set({ status: 'failed', error }).where(eq(emailOutbox.id, id));
        opts.log.warn({ mailId: id, error }, 'mail delivery failed');
        throw err;
      }
    },
  };
}
