import { paymentMessages as M } from '@mitrebox/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../platform/db.ts';
import { bearer, signIn } from '../../testing/test-app.ts';
import { createPaymentsTestApp, type PaymentsTestApp, TEST_CARDS, tokenize } from './payments-testkit.ts';

let t: PaymentsTestApp;
let a: string; // 10001
let b: string; // 10005
beforeAll(async () => {
  t = await createPaymentsTestApp();
  a = await signIn(t.app, '10001');
  b = await signIn(t.app, '10005');
});
afterAll(() => t?.close());

const year = new Date().getFullYear() + 3;
const details = {
  name: 'Counter card',
  billing_name: 'Marie Broussard',
  billing_address: '812 Magazine St',
  billing_city: 'New Orleans',
  billing_state: 'LA',
  billing_postal: '70130',
  expmonth: 9,
  expyear: year,
};
const call = (method: 'POST' | 'PUT' | 'DELETE', url: string, who: string, payload?: object) =>
  t.app.inject({ method, url: `/api/admin/accountBillingMethods${url}`, headers: bearer(who), payload });
const billingOf = async (who: string) =>
  (await t.app.inject({ method: 'GET', url: '/api/admin/accountDetails', headers: bearer(who) })).json().data
    .billing as { id: number; name: string; default: boolean; last_four: string; type: string }[];

describe('billing methods', () => {
  it('adds a card vaulted through the hosted field; only token, last four, expiry, type, nickname and address are kept', async () => {
    const card = await tokenize(t.app, TEST_CARDS.amex);
    const res = await call('POST', '', a, { ...details, token: card.token, last_four: '9999', type: 'Fake' });
    expect(res.statusCode, res.body).toBe(200);
    const added = res.json().billing.find((m: { name: string }) => m.name === 'Counter card');
    // the gateway's answer, not the browser's claim
    expect(added).toMatchObject({
      last_four: '0005',
      type: 'American Express',
      expmonth: 9,
      expyear: year,
      default: false,
    });
    const [row] = await queryRows<Record<string, unknown>>(
      t.database.db,
      sql`select * from billing_methods where id = ${added.id}`,
    );
    expect(String(row.gateway_token)).toMatch(/^sbxv_[A-Za-z0-9_-]{20,}$/);
    expect(JSON.stringify(res.json())).not.toMatch(/sbxv_|sbxn_/);
    // the single-use token is spent
    const again = await call('POST', '', a, { ...details, token: card.token });
    expect(again.statusCode).toBe(422);
    expect(again.json().message).toMatch(/^There was an issue with the card /);
  });

  it("'Required ' with each missing field, 'Field required' per field; a failing card says so", async () => {
    const res = await call('POST', '', a, { name: '', billing_city: 'X' });
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe(
      'Required name, billing_name, billing_address, billing_state, billing_postal, expmonth, expyear',
    );
    expect(res.json().errors.name).toBe(M.fieldRequired);
    const unverified = await call('POST', '', a, {
      ...details,
      token: (await tokenize(t.app, TEST_CARDS.verifyFail)).token,
    });
    expect(unverified.statusCode).toBe(422);
    expect(unverified.json().message).toBe(M.cardIssue('Card verification failed (Do Not Honor)'));
    const forged = await call('POST', '', a, { ...details, token: 'sbxn_forged' });
    expect(forged.json().message).toMatch(/^There was an issue with the card /);
    const badState = await call('POST', '', a, { ...details, billing_state: 'ZZ', token: 'x' });
    expect(badState.statusCode).toBe(422);
  });

  it('edits, sets the default and deletes', async () => {
    const [first, second] = await billingOf(a);
    expect(first.default).toBe(true);
    const edit = await call('PUT', `/${second.id}`, a, {
      ...details,
      name: 'Renamed',
      billing_city: 'Metairie',
    });
    expect(edit.statusCode, edit.body).toBe(200);
    expect(edit.json().message).toBe(M.billingUpdated);
    const missing = await call('PUT', `/${second.id}`, a, { name: 'x', billing_city: '' });
    expect(missing.statusCode).toBe(422);
    expect(missing.json().message).toMatch(/^Required /);
    const def = await call('PUT', `/${second.id}`, a, { id: second.id, default: true });
    expect(def.json().message).toBe(M.billingUpdated);
    const after = await billingOf(a);
    expect(after.filter((m) => m.default).map((m) => m.id)).toEqual([second.id]);
    const del = await call('DELETE', `/${second.id}`, a);
    expect(del.json().message).toBe(M.billingDeleted);
    const left = await billingOf(a);
    expect(left.some((m) => m.id === second.id)).toBe(false);
    expect(left.filter((m) => m.default)).toHaveLength(1);
    // the vaulted card is gone from the gateway too
    const [gone] = await queryRows<{ deleted_at: unknown }>(
      t.database.db,
      sql`select t.deleted_at from sandbox_gateway_tokens t join billing_methods m on m.gateway_token = t.token where m.id = ${second.id}`,
    );
    expect(gone.deleted_at).not.toBeNull();
  });

  it("another account's billing method answers 404 and changes nothing", async () => {
    const theirs = (await billingOf(b))[0];
    expect((await call('PUT', `/${theirs.id}`, a, { ...details })).statusCode).toBe(404);
    expect((await call('PUT', `/${theirs.id}`, a, { default: true })).statusCode).toBe(404);
    expect((await call('DELETE', `/${theirs.id}`, a)).statusCode).toBe(404);
    expect((await call('POST', '', a, { ...details, Acctnum: '10005', token: 'x' })).statusCode).toBe(403);
    expect(await billingOf(b)).toEqual([theirs]);
  });
});
