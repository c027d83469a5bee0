import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../platform/db.ts';
import { bearer, createTestApp, signInStaff, type TestApp } from '../../testing/test-app.ts';

/**
 * A view of an account ends with the standing of the staff member who opened it: disabling them, resetting
 * their authenticator or giving them another role ends their own sessions and every view they opened, at once —
 * with the session cache on, in the process that made the change.
 */
let t: TestApp;
let admin: string;
let batchId: number;

beforeAll(async () => {
  t = await createTestApp({ seedProducts: 40, config: { SESSION_CACHE_MS: 60_000 } });
  admin = await signInStaff(t.app, 'admin@mitrebox.example');
  const [batch] = await queryRows<{ id: number }>(
    t.database.db,
    sql`select id from payment_batches where acctnum = '10001' order by id limit 1`,
  );
  batchId = Number(batch!.id);
});
afterAll(() => t?.close());

type Method = 'GET' | 'POST' | 'PATCH';
const call = (method: Method, url: string, token: string, payload?: object) =>
  t.app.inject({ method, url, headers: bearer(token), payload });

/** A sales member of their own (signed in with the demo authenticator) with a view of 10001 open. */
async function salesWithView(email: string) {
  await t.database.db.execute(
    sql`insert into users (username, name, email, password_hash, role, is_staff, totp_secret)
      select ${email}, 'View Opener', ${email}, password_hash, 'sales', true, totp_secret
      from users where username = 'admin@mitrebox.example'`,
  );
  const staff = await signInStaff(t.app, email);
  const opened = await call('POST', '/api/staff/accounts/10001/view-as', staff);
  expect(opened.statusCode).toBe(200);
  const view = opened.json().token as string;
  const id = (await call('GET', '/api/staff/me', staff)).json().id as number;
  return { staff, view, id };
}

/** What the view reads: who it is, 10001's orders, credits and a payment batch. */
const READS = (): Array<[Method, string, object?]> => [
  ['GET', '/api/me'],
  ['POST', '/api/accountOrders', {}],
  ['GET', '/api/accountCredits'],
  ['POST', '/api/searchPaymentBatch', { batchId }],
];

async function statuses(token: string) {
  const out: Record<string, number> = {};
  for (const [method, url, payload] of READS())
    out[url] = (await call(method, url, token, payload)).statusCode;
  return out;
}
let openers = 0;

describe('a view of an account ends with its opener', () => {
  it.each([
    ['disabled', (id: number) => call('PATCH', `/api/staff/staff-users/${id}`, admin, { enabled: false })],
    [
      'whose authenticator is reset',
      (id: number) => call('POST', `/api/staff/staff-users/${id}/reset-totp`, admin),
    ],
    [
      'given another role',
      (id: number) => call('PATCH', `/api/staff/staff-users/${id}`, admin, { role: 'accounting' }),
    ],
  ])('%s: their sign-in and the view they opened answer 401 on the next call', async (_, change) => {
    const { staff, view, id } = await salesWithView(`opener-${++openers}@mitrebox.example`);
    // the view reads (and is now in the session cache)
    expect(Object.values(await statuses(view))).toEqual([200, 200, 200, 200]);

    expect((await change(id)).statusCode).toBe(200);
    expect((await call('GET', '/api/staff/me', staff)).statusCode).toBe(401);
    expect(Object.values(await statuses(view))).toEqual([401, 401, 401, 401]);
    const [row] = await queryRows<{ live: number }>(
      t.database.db,
      sql`select count(*)::int as live from sessions where view_as_by = ${id} and revoked_at is null`,
    );
    expect(row?.live).toBe(0);
  });

  it("leaves other staff members' views alone", async () => {
    const one = await salesWithView('keeps-a@mitrebox.example');
    const other = await salesWithView('keeps-b@mitrebox.example');
    await call('PATCH', `/api/staff/staff-users/${one.id}`, admin, { enabled: false });
    expect((await call('GET', '/api/me', one.view)).statusCode).toBe(401);
    expect((await call('GET', '/api/me', other.view)).statusCode).toBe(200);
    expect((await call('GET', '/api/staff/me', other.staff)).statusCode).toBe(200);
  });
});
