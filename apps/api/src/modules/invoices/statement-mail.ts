import type { Statement } from '@mitrebox/api-contract';
import { AGING_BUCKET_LABELS, AGING_BUCKETS, calendarDay } from '@mitrebox/domain';
import { Cron } from 'croner';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.ts';
import type { Db } from '../../platform/db.ts';
import type { Mailer } from '../../platform/mail.ts';
import type { MailRecipient } from '../accounts/mail-recipients.ts';
import { accountsWithMonthlyStatement } from '../accounts/statement-accounts.ts';
import { runOnce, type ScheduledJob } from '../jobs/jobs.service.ts';
import { type MailBody, type MailSender, renderMail } from '../notifications/mail-layout.ts';
import { type StatementDeps, statementOf } from './statement.service.ts';
import { dollars, usDate } from './statement-text.ts';

/**
 * The monthly statement e-mail: on the first of the month, each user who chose it (My Account's e-mail choices,
 * mail_preferences.monthly_statement) and may see the account's prices gets the account's statement of that day
 * with its PDF attached. Each mail's event key names the month, the account and the user, so a job run again
 * (another process, a retry after a crash) sends nothing twice.
 */
export interface MonthlyStatementDeps extends StatementDeps {
  db: Db;
  config: StatementDeps['config'] & Pick<Config, 'PUBLIC_URL' | 'CUSTOMER_SERVICE_EMAIL'>;
  mailer: Mailer;
  /** The account's users who chose the monthly statement and may receive it (notifications.recipients). */
  recipients: (acctnum: string) => Promise<MailRecipient[]>;
  /** The user's link to stop the monthly statement (notifications.links). */
  unsubscribeUrl: (userId: number) => Promise<string>;
  log: FastifyBaseLogger;
}

/** The month of a business day: '2026-03'. */
export const statementMonth = (day: string) => day.slice(0, 7);

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

/** The mail's words: the figures of the statement, the PDF attached, a link to the statement page. */
export function monthlyStatementMail(s: Statement, publicUrl: string): MailBody {
  const month = `${MONTHS[Number(s.statementDay.slice(5, 7)) - 1]} ${s.statementDay.slice(0, 4)}`;
  return {
    subject: `Your ${month} statement, account ${s.account.acctnum}`,
    heading: `Statement of account, ${month}`,
    blocks: [
      {
        kind: 'paragraph',
        text: `Here is the statement of account ${s.account.acctnum} (${s.account.company}) on ${usDate(s.statementDay)}. The PDF attached lists every open invoice and credit.`,
      },
      {
        kind: 'totals',
        rows: [
          ...AGING_BUCKETS.map((b): [string, string] => [AGING_BUCKET_LABELS[b], dollars(s.buckets[b])]),
          ['Open credits', dollars(`-${s.creditsOpen}`)],
          ['Total due', dollars(s.totalDue)],
        ],
      },
      { kind: 'button', label: 'See your statement', url: `${publicUrl}/Admin/Statement` },
    ],
    reason: 'You receive this e-mail because you chose the monthly statement in My Account.',
  };
}

/**
 * Sends the statements of the day of `at` (the job calls it on the first of the month; a test with any date).
 * A mail that fails is logged; calling this again for the same month sends it (and, by the event keys, only it).
 */
export async function sendMonthlyStatements(
  deps: MonthlyStatementDeps,
  at: Date = new Date(),
): Promise<{ accounts: number; sent: number; failed: number }> {
  const { config } = deps;
  const month = statementMonth(calendarDay(at, config.BUSINESS_TZ));
  const sender: MailSender = {
    company: config.COMPANY_NAME,
    address: config.COMPANY_ADDRESS,
    phone: config.CUSTOMER_SERVICE_PHONE,
    email: config.CUSTOMER_SERVICE_EMAIL,
    publicUrl: config.PUBLIC_URL,
  };
  const counts = { accounts: 0, sent: 0, failed: 0 };
  for (const acctnum of await accountsWithMonthlyStatement(deps.db)) {
    // the statement shows invoices and amounts: only to those who may see the account's prices
    const to = (await deps.recipients(acctnum)).filter((r) => r.rights.prices);
    if (to.length === 0) continue;
    const statement = await statementOf(deps, acctnum, at);
    if (!statement) continue;
    counts.accounts++;
    const { statementPdf } = await import('./statement-pdf.ts');
    const pdf = await statementPdf(statement);
    const body = monthlyStatementMail(statement, config.PUBLIC_URL);
    for (const r of to) {
      try {
        const unsubscribeUrl = await deps.unsubscribeUrl(r.userId);
        await deps.mailer.send({
          to: r.email,
          ...renderMail(body, sender, `Hello ${r.name},`, unsubscribeUrl),
          unsubscribeUrl,
          eventKey: `monthly-statement:${month}:${acctnum}:${r.userId}`,
          attachments: [
            {
              filename: `statement-${acctnum}-${statement.statementDay}.pdf`,
              content: pdf,
              contentType: 'application/pdf',
            },
          ],
        });
        counts.sent++;
      } catch (err) {
        counts.failed++;
        deps.log.warn({ err, acctnum, userId: r.userId }, 'monthly statement not sent');
      }
    }
  }
  return counts;
}

/**
 * The monthly statements at 6 a.m. on the first of the month in the business time zone. Every process schedules
 * it; the first to claim the month's job_runs row sends them.
 */
export function scheduleMonthlyStatements(deps: MonthlyStatementDeps): ScheduledJob {
  const job = new Cron('0 6 1 * *', { timezone: deps.config.BUSINESS_TZ, protect: true }, async () => {
    const at = new Date();
    const key = `monthly-statements:${statementMonth(calendarDay(at, deps.config.BUSINESS_TZ))}`;
    try {
      await runOnce(deps.db, key, async () => {
        deps.log.info({ key, ...(await sendMonthlyStatements(deps, at)) }, 'monthly statements sent');
      });
    } catch (err) {
      deps.log.error({ err, key }, 'monthly statements failed');
    }
  });
  return { stop: () => job.stop() };
}

/** The job's parts from the app's: its mailer, and the notifications' recipients and unsubscribe links. */
export function monthlyStatementDeps(opts: {
  db: Db;
  config: MonthlyStatementDeps['config'];
  mailer: Mailer;
  notifications: {
    recipients: (acctnum: string, kind: 'monthlyStatement') => Promise<MailRecipient[]>;
    links: { url: (userId: number, kind: 'monthlyStatement') => Promise<string> };
  };
  log: FastifyBaseLogger;
}): MonthlyStatementDeps {
  const { notifications } = opts;
  return {
    db: opts.db,
    config: opts.config,
    mailer: opts.mailer,
    log: opts.log,
    recipients: (acctnum) => notifications.recipients(acctnum, 'monthlyStatement'),
    unsubscribeUrl: (userId) => notifications.links.url(userId, 'monthlyStatement'),
  };
}
