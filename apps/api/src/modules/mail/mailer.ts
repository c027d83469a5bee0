import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Transporter } from 'nodemailer';
import type { Db } from '../../platform/db.ts';
import { headerText, type Mailer } from '../../platform/mail.ts';
import { emailOutbox } from './mail.tables.ts';

export type { Mailer, MailMessage } from '../../platform/mail.ts';

/**
 * Every message is written to email_outbox first. With an SMTP URL it is then delivered through nodemailer;
 * without one it stays in the outbox (status 'outbox') and the log says so — never the body, which can carry
 * a reset link.
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
  return {
    async send(composed) {
      // every header of every mail is one line here, once, whatever module composed it
      const message = { ...composed, to: headerText(composed.to), subject: headerText(composed.subject) };
      const [row] = await opts.db
        .insert(emailOutbox)
        .values({ ...message, status: smtpUrl ? 'queued' : 'outbox' })
        .returning({ id: emailOutbox.id });
      if (!smtpUrl) {
        opts.log.info(
          { mailId: row.id, to: message.to, subject: message.subject },
          'mail kept in the outbox (no SMTP_URL)',
        );
        return;
      }
      try {
        await (await smtp()).sendMail({ from, ...message });
        await opts.db
          .update(emailOutbox)
          .set({ status: 'sent', sentAt: new Date() })
          .where(eq(emailOutbox.id, row.id));
      } catch (err) {
        const error = err instanceof Error ? err.message : String(err);
        await opts.db.update(emailOutbox).set({ status: 'failed', error }).where(eq(emailOutbox.id, row.id));
        opts.log.warn({ mailId: row.id, error }, 'mail delivery failed');
        throw err;
      }
    },
  };
}
