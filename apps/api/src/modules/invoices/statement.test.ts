import type { StaffAgingResponse, Statement } from '@mitrebox/api-contract';
import { AGING_BUCKET_LABELS, AGING_BUCKETS, agingBucket, money, sum } from '@mitrebox/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, signIn, signInStaff } from '../../testing/test-app.ts';
import {
  createPaymentsTestApp,
  openInvoices,
  type PaymentsTestApp,
  payRequest,
} from '../payments/payments-testkit.ts';
import { pdfPageTexts } from './statement-pdf.testkit.ts';
import { dollars, usDate } from './statement-text.ts';

let t: PaymentsTestApp;
let owner: string; // 10001
let other: string; // 10005
const staff: Record<string, string> = {};

beforeAll(async () => {
  t = await createPaymentsTestApp();
  owner = await signIn(t.app, '10001');
  other = await signIn(t.app, '10005');
  for (const role of ['accounting', 'admin', 'sales'])
    staff[role] = await signInStaff(t.app, `${role}@mitrebox.example`);
});
afterAll(async () => {
  await t?.close();
});

const get = (token: string | undefined, url: string) =>
  t.app.inject({ method: 'GET', url, headers: token ? bearer(token) : {} });
const json = async <T>(token: string, url: string): Promise<T> => {
  const res = await get(token, url);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as T;
};

describe('GET /api/account/statement', () => {
  it('ages every owed invoice, lists the open credits, and totals to the home’s figure after a part payment', async () => {
    const [inv] = (await openInvoices(t.database.db, '10001')).filter((i) => Number(i.balance) > 20);
    const paid = await payRequest(t.app, owner, { Invnum: inv.invnum, amount: '20.00', accountBillId: 1 });
    expect(paid.json()).toMatchObject({ success: true, paystatus: 3 });

    const s = await json<Statement>(owner, '/api/account/statement');
    const home = await json<{ totalDue: string; invoiceCount: number }>(owner, '/api/account/balance');
    expect(s.totalDue).toBe(home.totalDue);
    expect(s.invoiceCount).toBe(home.invoiceCount);
    expect(s.account).toMatchObject({ acctnum: '10001', company: 'Crescent City Frame Works' });
    expect(s.supplier.company).toBe(t.config.COMPANY_NAME);
    expect(s.statementDay).toMatch(/^\d{4}-\d{2}-\d{2}$/);

    // the part-paid invoice is there with what was paid
    const part = s.invoices.find((r) => r.invnum === inv.invnum);
    expect(part).toBeDefined();
    expect(money(part!.paid).gte(20)).toBe(true);
    // each row in its bucket, the buckets their rows' sum, less the credits the total due
    for (const r of s.invoices) expect(r.bucket).toBe(agingBucket(r.daysPastDue));
    for (const b of AGING_BUCKETS)
      expect(s.buckets[b]).toBe(
        sum(s.invoices.filter((r) => r.bucket === b).map((r) => r.balance)).toFixed(2),
      );
    const buckets = sum(AGING_BUCKETS.map((b) => s.buckets[b]));
    expect(buckets.minus(s.creditsOpen).toFixed(2)).toBe(s.totalDue);
    expect(s.credits.length).toBeGreaterThan(0); // the demo account has open credits
    for (const c of s.credits) expect(money(c.balance).lt(0)).toBe(true);
    expect(
      sum(s.credits.map((c) => c.balance))
        .abs()
        .toFixed(2),
    ).toBe(s.creditsOpen);
  });

  it('is the signed-in account’s only: anonymous 401, another account’s number 403, staff 403', async () => {
    expect((await get(undefined, '/api/account/statement')).statusCode).toBe(401);
    expect((await get(owner, '/api/account/statement?Acctnum=10005')).statusCode).toBe(403);
    expect((await get(staff.accounting, '/api/account/statement')).statusCode).toBe(403);
    const theirs = await json<Statement>(other, '/api/account/statement');
    expect(theirs.account.acctnum).toBe('10005');
    const mine = await json<Statement>(owner, '/api/account/statement?Acctnum=10001');
    const mineNumbers = new Set(mine.invoices.map((r) => r.invnum));
    expect(theirs.invoices.some((r) => mineNumbers.has(r.invnum))).toBe(false);
  });
});

describe('GET /api/account/statement.pdf', () => {
  it('is a PDF with the letterhead, the account, the bucket figures and the total due of the JSON statement', async () => {
    const s = await json<Statement>(owner, '/api/account/statement');
    const res = await get(owner, '/api/account/statement.pdf');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="statement-10001-${s.statementDay}.pdf"`,
    );
    const pages = await pdfPageTexts(res.rawPayload);
    const first = pages[0]!.split('\n');
    const all = pages.join('\n').split('\n');
    expect(first).toContain(t.config.COMPANY_NAME);
    expect(first).toContain(`${t.config.COMPANY_ADDRESS}  |  ${t.config.CUSTOMER_SERVICE_PHONE}`);
    expect(first).toContain('Crescent City Frame Works');
    expect(first).toContain(`Statement date ${usDate(s.statementDay)}`);
    // the aging row: each bucket's label followed by its figure, then the total due
    for (const b of AGING_BUCKETS) {
      const at = first.indexOf(AGING_BUCKET_LABELS[b]);
      expect(at, b).toBeGreaterThanOrEqual(0);
      expect(first[at + 1]).toBe(dollars(s.buckets[b]));
    }
    expect(first[first.indexOf('Total due') + 1]).toBe(dollars(s.totalDue));
    // every open invoice and credit is listed, with its balance
    for (const r of s.invoices) expect(all).toContain(String(r.invnum));
    for (const c of s.credits) expect(all).toContain(String(c.invnum));
    expect(all.at(-1)).toMatch(/^Page \d+ of \d+$/);
    expect(all.filter((l) => l === dollars(s.totalDue)).length).toBeGreaterThanOrEqual(2);
  });
});

describe('staff: GET /api/staff/aging, aging.csv and an account’s statement', () => {
  it('lists who owes what in which bucket, with the account’s own statement’s figures, over 60 filtered', async () => {
    const s = await json<Statement>(owner, '/api/account/statement');
    const all = await json<StaffAgingResponse>(staff.accounting, '/api/staff/aging?pageSize=200');
    const row = all.rows.find((r) => r.acctnum === '10001');
    expect(row).toMatchObject({
      company: 'Crescent City Frame Works',
      buckets: s.buckets,
      totalDue: s.totalDue,
      over60: s.over60,
    });
    expect(sum(all.rows.map((r) => r.totalDue)).toFixed(2)).toBe(all.totals.totalDue);
    // sorted by over 60 days, most first, by default
    const over60 = all.rows.map((r) => Number(r.over60));
    expect([...over60].sort((a, b) => b - a)).toEqual(over60);

    const late = await json<StaffAgingResponse>(staff.admin, '/api/staff/aging?over60=1&pageSize=200');
    expect(late.rows.length).toBeGreaterThan(0);
    for (const r of late.rows) expect(money(r.over60).gt(0)).toBe(true);
    expect(late.total).toBe(all.rows.filter((r) => money(r.over60).gt(0)).length);

    const byName = await json<StaffAgingResponse>(staff.accounting, '/api/staff/aging?sort=company&dir=asc');
    const names = byName.rows.map((r) => r.company.toLowerCase());
    expect([...names].sort()).toEqual(names);
    const found = await json<StaffAgingResponse>(staff.accounting, '/api/staff/aging?q=crescent');
    expect(found.rows.map((r) => r.acctnum)).toEqual(['10001']);
  });

  it('exports the same rows as CSV', async () => {
    const res = await get(staff.accounting, '/api/staff/aging.csv?over60=1');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    const lines = res.body.trim().split('\r\n');
    expect(lines[0]).toBe(
      'Account,Company,Terms,Current,1-30 days,31-60 days,61-90 days,Over 90 days,Over 60 days,Open credits,Total due,Open invoices,Oldest days past due',
    );
    const page = await json<StaffAgingResponse>(staff.accounting, '/api/staff/aging?over60=1&pageSize=200');
    expect(lines.length - 1).toBe(page.total);
    const first = page.rows[0]!;
    expect(lines[1]).toContain(`${first.acctnum},`);
    expect(lines[1]).toContain(`,${first.totalDue},`);
  });

  it('gives one account’s statement to accounting and admin, not to sales or customers', async () => {
    const s = await json<Statement>(owner, '/api/account/statement');
    const seen = await json<Statement>(staff.accounting, '/api/staff/accounts/10001/statement');
    expect(seen.totalDue).toBe(s.totalDue);
    expect(seen.invoices).toEqual(s.invoices);
    const pdf = await get(staff.admin, '/api/staff/accounts/10001/statement.pdf');
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect((await get(staff.accounting, '/api/staff/accounts/99999/statement')).statusCode).toBe(404);
    for (const url of ['/api/staff/aging', '/api/staff/aging.csv', '/api/staff/accounts/10001/statement']) {
      expect((await get(staff.sales, url)).statusCode, url).toBe(403);
      expect((await get(owner, url)).statusCode, url).toBe(403);
    }
  });
});
