import { accountBalance, isOwed, money, sum } from '@mitrebox/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../platform/db.ts';
import { bearer, signIn, signInStaff } from '../../testing/test-app.ts';
import {
  createPaymentsTestApp,
  openInvoices,
  type PaymentsTestApp,
  payRequest,
} from '../payments/payments-testkit.ts';

let t: PaymentsTestApp;
let owner: string; // 10001
let other: string; // 10005
let staff: string;

beforeAll(async () => {
  t = await createPaymentsTestApp();
  owner = await signIn(t.app, '10001');
  other = await signIn(t.app, '10005');
  staff = await signInStaff(t.app, 'accounting@mitrebox.example');
});
afterAll(async () => {
  await t?.close();
});

const get = async (token: string, url: string) => {
  const res = await t.app.inject({ method: 'GET', url, headers: bearer(token) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};
const balanceOf = (token: string) => get(token, '/api/account/balance');

/** The figure straight from the tables: invoices 0 and 3 with a balance, less the open credits' sizes. */
async function fromTables(acctnum: string) {
  const [row] = await queryRows<{ owed: string; credits: string; n: number }>(
    t.database.db,
    sql`select
      (select coalesce(sum(balance), 0)::text from invoices
        where acctnum = ${acctnum} and paystatus in (0, 3) and balance > 0) as owed,
      (select coalesce(sum(abs(balance)), 0)::text from credits where acctnum = ${acctnum}) as credits,
      (select count(*)::int from invoices where acctnum = ${acctnum} and paystatus in (0, 3) and balance > 0) as n`,
  );
  return { total: money(row.owed).minus(money(row.credits)).toFixed(2), count: row.n, credits: row.credits };
}

/** The orders list's rows (every page), and the credits list, as the account area reads them. */
async function accountAreaFigure(token: string) {
  const rows: { paystatus: number | null; balance: string | null; invoices: number[] }[] = [];
  for (let page = 1; ; page++) {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/accountOrders',
      headers: bearer(token),
      payload: { page, perPage: 400, withInvItems: false },
    });
    const answer = res.json().data;
    rows.push(...answer.data);
    if (rows.length >= answer.total || answer.data.length === 0) break;
  }
  const credits = (await get(token, '/api/accountCredits')).data as { balance: string }[];
  return { rows, credits };
}

/** The staff screen's invoice list of the account (every page). */
async function staffInvoices(acctnum: string) {
  const rows: { acctnum: string; paystatus: number; balance: string }[] = [];
  for (let page = 1; ; page++) {
    const answer = await get(staff, `/api/staff/invoices?q=${acctnum}&perPage=200&page=${page}`);
    rows.push(...answer.rows);
    if (rows.length >= answer.total || answer.rows.length === 0) break;
  }
  return rows.filter((r) => r.acctnum === acctnum);
}

describe('GET /api/account/balance: what the account owes (issue 31)', () => {
  it('after part-paying an invoice: invoices 0 and 3 less the credits, the same in every place', async () => {
    const before = await balanceOf(owner);
    expect(before).toMatchObject({ totalDue: (await fromTables('10001')).total });

    // $20 of an open invoice, with the account's saved card
    const [inv] = (await openInvoices(t.database.db, '10001')).filter((i) => Number(i.balance) > 20);
    const paid = await payRequest(t.app, owner, { Invnum: inv.invnum, amount: '20.00', accountBillId: 1 });
    expect(paid.json()).toMatchObject({ success: true, paystatus: 3 });

    const after = await balanceOf(owner);
    const tables = await fromTables('10001');
    expect(after.totalDue).toBe(tables.total);
    expect(after.invoiceCount).toBe(tables.count);
    // the part-paid invoice is still owed: $20 less, not its whole balance less
    expect(after.invoiceCount).toBe(before.invoiceCount);
    expect(money(before.totalDue).minus(after.totalDue).toFixed(2)).toBe('20.00');
    expect(after.creditsOpen).toBe(money(tables.credits).toFixed(2));
    expect(Number(after.creditsOpen)).toBeGreaterThan(0); // the demo account has open credits
    expect(after.totalDue).toBe(money(after.invoicesDue).minus(after.creditsOpen).toFixed(2));

    // the orders list and the credits list give the same figure by the same definition
    const area = await accountAreaFigure(owner);
    const listed = accountBalance(
      area.rows.filter((r) => r.invoices.length > 0),
      area.credits,
    );
    expect(listed.totalDue).toBe(after.totalDue);
    expect(area.rows.find((r) => r.invoices.includes(inv.invnum))?.paystatus).toBe(3);

    // the staff screen's invoices of the account, summed the same way
    const staffRows = await staffInvoices('10001');
    const owed = staffRows.filter(isOwed);
    expect(owed.length).toBe(after.invoiceCount);
    expect(sum(owed.map((r) => money(r.balance))).toFixed(2)).toBe(after.invoicesDue);
  });

  it('lists the oldest owed invoices, part paid ones included, and only the caller’s', async () => {
    const mine = await balanceOf(owner);
    expect(mine.oldest.length).toBeGreaterThan(0);
    expect(mine.oldest.length).toBeLessThanOrEqual(5);
    for (const i of mine.oldest) expect([0, 3]).toContain(i.paystatus);
    const dates = mine.oldest.map((i: { InvDate: string }) => i.InvDate);
    expect([...dates].sort()).toEqual(dates);
    const theirs = await balanceOf(other);
    expect(theirs.totalDue).toBe((await fromTables('10005')).total);
    const mineNumbers = new Set(mine.oldest.map((i: { Invnum: number }) => i.Invnum));
    expect(theirs.oldest.some((i: { Invnum: number }) => mineNumbers.has(i.Invnum))).toBe(false);
    // another account's number is refused; none signed in is refused
    const foreign = await t.app.inject({
      method: 'GET',
      url: '/api/account/balance?Acctnum=10005',
      headers: bearer(owner),
    });
    expect(foreign.statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/account/balance' })).statusCode).toBe(401);
  });
});
