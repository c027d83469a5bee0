import { calendarDay } from '@mitrebox/domain';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../platform/db.ts';
import { testAppWithMail } from '../../testing/mail-app.ts';
import { readableMail } from '../../testing/mail-text.ts';
import type { ReceivedMail } from '../../testing/smtp.ts';
import { saveMailPreferences } from '../accounts/mail-recipients.ts';
import { statementOf } from './statement.service.ts';
import { monthlyStatementDeps, sendMonthlyStatements } from './statement-mail.ts';
import { pdfPageTexts } from './statement-pdf.testkit.ts';
import { dollars } from './statement-text.ts';

/**
 * The monthly statement e-mail through a real SMTP server: sent for a day (the job's first of the month) to the
 * users who chose it only, with the statement's PDF attached, and not again when the job runs again.
 */
const shop = testAppWithMail();
const FIRST = new Date('2026-05-01T10:00:00Z'); // 6 a.m. in New York on the first

const deps = () => {
  const { t } = shop;
  return monthlyStatementDeps({
    db: t.database.db,
    config: t.config,
    mailer: t.app.services.mailer,
    notifications: t.app.services.notifications,
    log: t.app.log,
  });
};

async function userIdOf(username: string): Promise<number> {
  const [row] = await queryRows<{ id: number }>(
    shop.t.database.db,
    sql`select id from users where username = ${username}`,
  );
  return Number(row.id);
}

/** The PDF attached to a received mail (its base64 MIME part). */
function attachedPdf(mail: ReceivedMail): { filename: string; bytes: Uint8Array } {
  const part = /Content-Type: application\/pdf;[\s\S]*?\r\n\r\n([A-Za-z0-9+/=\r\n]+?)\r\n--/.exec(mail.raw);
  const filename = /filename="?([^"\r\n;]+)"?/.exec(mail.raw)?.[1] ?? '';
  if (!part) throw new Error('no PDF attached');
  return { filename, bytes: Buffer.from(part[1]!.replace(/\r\n/g, ''), 'base64') };
}

beforeAll(async () => {
  // the owner of 10001 chooses the statement; nobody of 10005 does
  await saveMailPreferences(shop.t.database.db, await userIdOf('10001'), { monthlyStatement: true });
});

describe('the monthly statement e-mail', () => {
  it('reaches the users who chose it, with the statement of the day attached as a PDF', async () => {
    const counts = await sendMonthlyStatements(deps(), FIRST);
    expect(counts).toMatchObject({ accounts: 1, failed: 0 });
    const mails = await shop.smtp.waitFor(counts.sent);
    const statements = mails.filter((m) => m.subject.includes('statement'));
    expect(statements.map((m) => m.to)).toEqual([['marie@crescentcityframes.example']]);
    const [mail] = statements;
    expect(mail.subject).toBe('Your May 2026 statement, account 10001');

    const expected = await statementOf(deps(), '10001', FIRST);
    expect(expected?.statementDay).toBe(calendarDay(FIRST, shop.t.config.BUSINESS_TZ));
    const text = readableMail(mail);
    expect(text).toContain(dollars(expected!.totalDue));
    expect(text).toContain('https://shop.example/Admin/Statement');
    expect(text).toContain('https://shop.example/api/mail/unsubscribe?');

    const pdf = attachedPdf(mail);
    expect(pdf.filename).toBe('statement-10001-2026-05-01.pdf');
    const lines = (await pdfPageTexts(pdf.bytes)).join('\n').split('\n');
    expect(lines).toContain('Statement date 05/01/2026');
    expect(lines[lines.indexOf('Total due') + 1]).toBe(dollars(expected!.totalDue));
    expect(lines[lines.indexOf('Over 90 days') + 1]).toBe(dollars(expected!.buckets.over90));
  });

  it('sends nothing twice when the job runs again for the month, and nothing to one who turned it off', async () => {
    const before = shop.smtp.received.length;
    await sendMonthlyStatements(deps(), new Date('2026-05-01T15:00:00Z'));
    const [row] = await queryRows<{ n: number }>(
      shop.t.database.db,
      sql`select count(*)::int as n from email_outbox where event_key like 'monthly-statement:2026-05:%'`,
    );
    expect(Number(row.n)).toBe(1);

    await saveMailPreferences(shop.t.database.db, await userIdOf('10001'), { monthlyStatement: false });
    const june = await sendMonthlyStatements(deps(), new Date('2026-06-01T10:00:00Z'));
    expect(june).toEqual({ accounts: 0, sent: 0, failed: 0 });
    expect(shop.smtp.received.length).toBe(before);
  });
});
