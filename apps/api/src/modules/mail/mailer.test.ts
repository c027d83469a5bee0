import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { headerText } from '../../platform/mail.ts';
import { startSmtpServer } from '../../testing/smtp.ts';
import { openTestDatabase } from '../../testing/test-app.ts';
import { emailOutbox } from './mail.tables.ts';
import { createMailer } from './mailer.ts';

let db: Awaited<ReturnType<typeof openTestDatabase>>;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
beforeAll(async () => {
  db = await openTestDatabase({ seed: false });
  smtp = await startSmtpServer();
});
afterAll(async () => {
  await smtp?.close();
  await db?.close();
});

const silent = { info() {}, warn() {} } as never;

describe('mail headers', () => {
  it('every header a module composes goes out and into the outbox on one line', async () => {
    const mailer = createMailer({
      db: db.database.db,
      smtpUrl: smtp.url,
      from: 'Mitrebox\r\nBcc: from-victim@example.com <shop@mitrebox.example>',
      log: silent,
    });
    await mailer.send({
      to: 'buyer@frameshop.example\r\nBcc: to-victim@example.com',
      subject: 'Invoice 12\r\nBcc: victim@example.com\u2028\u0085Reply-To: x@example.com',
      text: 'Line one\r\nLine two',
    });
    const [mail] = await smtp.waitFor(1);
    const headers = mail.raw.slice(0, mail.raw.indexOf('\r\n\r\n'));
    expect(headers).not.toMatch(/^(Bcc|Reply-To):/im);
    expect(mail.to).not.toContain('victim@example.com');
    expect(mail.text).toContain('Line one\r\nLine two'); // the body keeps its lines
    const [row] = await db.database.db.select().from(emailOutbox).where(eq(emailOutbox.status, 'sent'));
    expect(row.subject).toBe('Invoice 12 Bcc: victim@example.com Reply-To: x@example.com');
    expect(row.to).not.toMatch(/[\r\n]/);
  });

  it('headerText: control characters and line separators become one space', () => {
    expect(headerText('  a\r\n\tb\u0000c\u007fd\u0085e\u2028f\u2029g  ')).toBe('a b c d e f g');
    expect(headerText('Ann Framer — Café')).toBe('Ann Framer — Café');
  });
});

describe('mail of an event', () => {
  it('is sent once per event key, with its attachments (the outbox keeps their names)', async () => {
    const mailer = createMailer({
      db: db.database.db,
      smtpUrl: smtp.url,
      from: 'Shop <shop@mitrebox.example>',
      log: silent,
    });
    const before = smtp.received.length;
    const statement = {
      to: 'buyer@frameshop.example',
      subject: 'Your statement',
      text: 'Attached.',
      eventKey: 'monthly-statement:2026-11:7',
      attachments: [
        {
          filename: 'statement.pdf',
          content: new TextEncoder().encode('%PDF-1.7 test'),
          contentType: 'application/pdf',
        },
      ],
    };
    await mailer.send(statement);
    await mailer.send(statement); // the job run again
    const mails = await smtp.waitFor(before + 1);
    expect(mails.length).toBe(before + 1);
    const mail = mails[before];
    expect(mail.raw).toMatch(/Content-Type: application\/pdf; name=statement\.pdf/);
    expect(mail.raw).toContain(Buffer.from('%PDF-1.7 test').toString('base64'));
    const rows = await db.database.db
      .select()
      .from(emailOutbox)
      .where(eq(emailOutbox.eventKey, statement.eventKey));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ status: 'sent', attachments: '["statement.pdf"]' });
  });

  it('whose delivery failed is tried again on the next run, and then not again', async () => {
    const down = createMailer({
      db: db.database.db,
      smtpUrl: 'smtp://127.0.0.1:1',
      from: 'shop@mitrebox.example',
      log: silent,
    });
    const mail = {
      to: 'buyer@frameshop.example',
      subject: 'Shipped',
      text: 'On its way.',
      eventKey: 'order-shipped:1:x:7',
    };
    await expect(down.send(mail)).rejects.toThrow();
    const up = createMailer({
      db: db.database.db,
      smtpUrl: smtp.url,
      from: 'shop@mitrebox.example',
      log: silent,
    });
    const before = smtp.received.length;
    await up.send(mail);
    await up.send(mail);
    expect((await smtp.waitFor(before + 1)).length).toBe(before + 1);
    const rows = await db.database.db
      .select()
      .from(emailOutbox)
      .where(eq(emailOutbox.eventKey, mail.eventKey));
    expect(rows).toEqual([expect.objectContaining({ status: 'sent', error: null })]);
  });
});
