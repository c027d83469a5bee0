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
