import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { accountBalance } from './account-balance.ts';
import { money, sum } from './money.ts';
import {
  AGING_BUCKETS,
  addDays,
  agedStatement,
  agingBucket,
  calendarDay,
  daysPastDue,
  dueDayOf,
  type StatementCreditInput,
  type StatementInvoiceInput,
  termsDays,
} from './statement-aging.ts';

const TZ = 'America/New_York';
const invoice = (over: Partial<StatementInvoiceInput> = {}): StatementInvoiceInput => ({
  invnum: 1,
  invDate: '2026-01-01',
  dueDate: '2026-01-31',
  terms: 'Net 30',
  invamt: '100.00',
  payamt: '0.00',
  balance: '100.00',
  paystatus: 0,
  ...over,
});

describe('aging buckets by days past due', () => {
  it.each([
    ['due today', 0, 'current'],
    ['not yet due', -5, 'current'],
    ['1 day past due', 1, 'days1to30'],
    ['30 days', 30, 'days1to30'],
    ['31 days', 31, 'days31to60'],
    ['60 days', 60, 'days31to60'],
    ['61 days', 61, 'days61to90'],
    ['90 days', 90, 'days61to90'],
    ['91 days', 91, 'over90'],
  ] as const)('%s (%i) is %s', (_name, offset, bucket) => {
    const due = '2026-03-15';
    const days = daysPastDue(due, addDays(due, offset));
    expect(days).toBe(Math.max(0, offset));
    expect(agingBucket(days)).toBe(bucket);
    const s = agedStatement([invoice({ dueDate: due })], [], {
      statementDate: addDays(due, offset),
      timeZone: TZ,
    });
    expect(s.invoices[0]?.bucket).toBe(bucket);
    expect(s.buckets[bucket]).toBe('100.00');
  });

  it('counts calendar days in the business time zone, not hours', () => {
    // due on March 3rd (New York); 1 a.m. UTC on the 5th is still the 4th in New York: one day past due
    const s = agedStatement([invoice({ dueDate: new Date('2026-03-03T17:00:00Z') })], [], {
      statementDate: new Date('2026-03-05T01:00:00Z'),
      timeZone: TZ,
    });
    expect(s.statementDay).toBe('2026-03-04');
    expect(s.invoices[0]?.daysPastDue).toBe(1);
    // across the change to summer time, days stay whole
    expect(daysPastDue('2026-03-01', calendarDay(new Date('2026-03-10T12:00:00Z'), TZ))).toBe(9);
  });

  it('dates an invoice without a due date by its terms, else on its invoice date', () => {
    expect(termsDays('Net 30')).toBe(30);
    expect(termsDays('net 10 days')).toBe(10);
    expect(termsDays('Credit Card')).toBeNull();
    expect(dueDayOf({ dueDate: null, invDate: '2026-01-10', terms: 'Net 30' }, TZ)).toBe('2026-02-09');
    expect(dueDayOf({ dueDate: null, invDate: '2026-01-10', terms: 'COD' }, TZ)).toBe('2026-01-10');
    expect(dueDayOf({ dueDate: '2026-01-20', invDate: '2026-01-10', terms: 'Net 30' }, TZ)).toBe(
      '2026-01-20',
    );
  });
});

describe('the statement', () => {
  it('lists owed invoices (not paid, part paid), leaves out paid ones and credit memos, lists open credits apart', () => {
    const s = agedStatement(
      [
        invoice({ invnum: 1, dueDate: '2026-01-01' }),
        invoice({ invnum: 2, paystatus: 3, payamt: '20.00', balance: '69.58', invamt: '89.58' }),
        invoice({ invnum: 3, paystatus: 1, payamt: '100.00', balance: '0.00' }),
        invoice({ invnum: 4, paystatus: 4, invamt: '-50.00', balance: '-50.00' }),
      ],
      [
        { invnum: 4, tranDate: '2026-01-05', invamt: '-50.00', payamt: '0.00', balance: '-50.00' },
        { invnum: 5, tranDate: '2026-01-06', invamt: '-30.00', payamt: '-30.00', balance: '0.00' },
      ],
      { statementDate: '2026-03-01', timeZone: TZ },
    );
    expect(s.invoices.map((r) => r.invnum)).toEqual([1, 2]);
    expect(s.invoices[0]).toMatchObject({ daysPastDue: 59, bucket: 'days31to60', balance: '100.00' });
    expect(s.invoices[1]).toMatchObject({ daysPastDue: 29, bucket: 'days1to30', paid: '20.00' });
    expect(s.credits).toEqual([
      { invnum: 4, day: '2026-01-05', amount: '-50.00', applied: '0.00', balance: '-50.00' },
    ]);
    expect(s.creditsOpen).toBe('50.00');
    expect(s.totalDue).toBe('119.58');
    expect(s.over60).toBe('0.00');
  });

  const day = fc.integer({ min: 0, max: 800 }).map((n) => addDays('2025-01-01', n));
  const amount = fc.integer({ min: 0, max: 500_000 }).map((c) => (c / 100).toFixed(2));
  const invoices = fc.uniqueArray(
    fc.record({
      invnum: fc.integer({ min: 1, max: 1_000_000 }),
      invDate: day,
      dueDate: fc.option(day, { nil: null }),
      terms: fc.constantFrom('Net 30', 'Net 10', 'Credit Card', null),
      invamt: amount,
      payamt: amount,
      balance: amount,
      paystatus: fc.constantFrom(0, 1, 3, 4),
    }),
    { maxLength: 30, selector: (r) => r.invnum },
  );
  const credits = fc.array(
    fc.record<StatementCreditInput>({
      invnum: fc.integer({ min: 1, max: 1_000_000 }),
      tranDate: day,
      invamt: amount.map((a) => `-${a}`),
      payamt: fc.constant('0.00'),
      balance: amount.map((a) => `-${a}`),
    }),
    { maxLength: 5 },
  );

  it('total due is the account balance, and the buckets less the credits', () => {
    fc.assert(
      fc.property(invoices, credits, day, (inv, cr, on) => {
        const s = agedStatement(inv, cr, { statementDate: on, timeZone: TZ });
        expect(s.totalDue).toBe(accountBalance(inv, cr).totalDue);
        const buckets = sum(AGING_BUCKETS.map((b) => s.buckets[b]));
        expect(buckets.minus(money(s.creditsOpen)).toFixed(2)).toBe(s.totalDue);
        expect(sum(s.invoices.map((r) => r.balance)).toFixed(2)).toBe(s.invoicesDue);
        expect(
          sum(s.credits.map((c) => c.balance))
            .abs()
            .toFixed(2),
        ).toBe(s.creditsOpen);
      }),
    );
  });

  it('puts each invoice in the bucket of its days past due, and a later statement never ages one less', () => {
    fc.assert(
      fc.property(invoices, day, fc.integer({ min: 0, max: 200 }), (inv, on, later) => {
        const a = agedStatement(inv, [], { statementDate: on, timeZone: TZ });
        const b = agedStatement(inv, [], { statementDate: addDays(on, later), timeZone: TZ });
        for (const r of a.invoices) expect(r.bucket).toBe(agingBucket(r.daysPastDue));
        const byNum = new Map(b.invoices.map((r) => [r.invnum, r.daysPastDue]));
        for (const r of a.invoices) expect(byNum.get(r.invnum)).toBeGreaterThanOrEqual(r.daysPastDue);
      }),
    );
  });
});
