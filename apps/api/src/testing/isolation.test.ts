import { contract, type RouteContract } from '@mitrebox/api-contract';
import {
  ACCOUNT_RIGHTS,
  type AccountRight,
  type AccountRights,
  effectiveRights,
  rightRefused,
} from '@mitrebox/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../demo-data/index.ts';
import { queryRows } from '../platform/db.ts';
import { hashPassword } from '../platform/secrets.ts';
import { type OwnerIds, type Probe, ROUTE_ACCESS } from './route-access.ts';
import { bearer, createTestApp, signIn, signInStaff, type TestApp } from './test-app.ts';

/**
 * The isolation matrix, generated from the route table: every route that reads or changes account data is
 * called with the owner's ids under another account's sign-in, anonymously and under each staff role's sign-in
 * (which has no account), and no data crosses. A route missing from ROUTE_ACCESS fails here.
 */
const OWNER = '10001';
const OTHER = '10005';
/** What only the owner's data carries. */
const OWNER_MARKS = [
  'Crescent City Frame Works',
  'marie@crescentcityframes.example',
  `"Acctnum":"${OWNER}"`,
  `"acctnum":"${OWNER}"`,
];

let t: TestApp;
let ids: OwnerIds;
const tokens: Record<string, string> = {};
const STAFF = ['admin@mitrebox.example', 'sales@mitrebox.example', 'accounting@mitrebox.example'];

beforeAll(async () => {
  t = await createTestApp({ seedProducts: 80 });
  const one = async (query: ReturnType<typeof sql>) => {
    const [row] = await queryRows<{ id: number }>(t.database.db, query);
    if (!row) throw new Error(`the demo data has no ${query}`);
    return Number(row.id);
  };
  ids = {
    acctnum: OWNER,
    ordnum: await one(sql`select ordnum as id from orders where acctnum = ${OWNER} order by ordnum limit 1`),
    invnum: await one(
      sql`select invnum as id from invoices where acctnum = ${OWNER} order by invnum limit 1`,
    ),
    batchId: await one(sql`select id from payment_batches where acctnum = ${OWNER} order by id limit 1`),
    // the demo data has no saved designs: the owner saves one
    frameId: 0,
    billingId: await one(
      sql`select id from billing_methods where acctnum = ${OWNER} and deleted_at is null order by id limit 1`,
    ),
    invitationId: 0,
    colleagueId: 0,
  };
  tokens[OWNER] = await signIn(t.app, OWNER);
  await addColleagues();
  tokens[OTHER] = await signIn(t.app, OTHER);
  for (const email of STAFF) tokens[email] = await signInStaff(t.app, email);
  const design = {
    fWidth: 8,
    fHeight: 10,
    moulding: 'FER-133-0412',
    notes: 'Crescent City Frame Works, front hall',
  };
  const saved = await t.app.inject({
    method: 'POST',
    url: '/api/framebuilder/saveFrameBuilder',
    payload: {
      framedata: Buffer.from(JSON.stringify(design)).toString('base64url'),
      name: 'Crescent City Frame Works hall',
    },
    headers: bearer(tokens[OWNER]),
  });
  if (saved.statusCode !== 200) throw new Error(`the owner cannot save a design: ${saved.body}`);
  ids.frameId = saved.json().framedataid;
  const invited = await t.app.inject({
    method: 'POST',
    url: '/api/account/invitations',
    payload: {
      email: 'counter@crescentcityframes.example',
      name: 'Crescent City counter',
      rights: { order: true, pay: false, prices: true, manage: false },
    },
    headers: bearer(tokens[OWNER]),
  });
  if (invited.statusCode !== 201) throw new Error(`the owner cannot invite: ${invited.body}`);
  ids.invitationId = invited.json().data.id;
});

/**
 * One colleague of the owner's account per right, without it (and with every right it does not imply), signed
 * in: the rights matrix below tries every account route as each.
 */
const WITHOUT: Record<AccountRight, AccountRights> = {
  order: { order: false, pay: true, prices: true, manage: false },
  pay: { order: true, pay: false, prices: true, manage: false },
  prices: { order: false, pay: false, prices: false, manage: false },
  manage: { order: true, pay: true, prices: true, manage: false },
};
const colleagueTokens = {} as Record<AccountRight, string>;

async function addColleagues() {
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  for (const [i, right] of ACCOUNT_RIGHTS.entries()) {
    const ticked = WITHOUT[right];
    const username = String(91000001 + i);
    const [user] = await queryRows<{ id: number }>(
      t.database.db,
      sql`insert into users (username, name, email, password_hash)
        values (${username}, ${`Colleague without ${right}`}, ${`no-${right}@colleague.example`}, ${passwordHash})
        returning id`,
    );
    await queryRows(
      t.database.db,
      sql`insert into user_accounts (user_id, acctnum, position, can_order, can_pay, can_see_prices, can_manage)
        values (${user!.id}, ${OWNER}, 0, ${ticked.order}, ${ticked.pay}, ${ticked.prices}, ${ticked.manage})`,
    );
    colleagueTokens[right] = await signIn(t.app, username);
    if (right === 'manage') ids.colleagueId = Number(user!.id);
  }
}

/** The contract's right of each route, by the route table's key (`GET /api/admin/invoices`). */
const RIGHT_OF: Record<string, AccountRight | undefined> = Object.fromEntries(
  Object.values(contract).flatMap((area) =>
    Object.values(area as Record<string, RouteContract>).flatMap((r) =>
      [r.path, ...(r.aliases ?? [])].map((path) => [
        `${r.method} ${path.replace(/:(\w+)/g, '{$1}')}`,
        r.right,
      ]),
    ),
  ),
);
afterAll(async () => {
  await t?.close();
});

const operations = () => {
  const doc = t.app.swagger() as { paths: Record<string, Record<string, unknown>> };
  return Object.entries(doc.paths)
    .filter(([path]) => !path.startsWith('/api/docs'))
    .flatMap(([path, item]) => Object.keys(item).map((m) => `${m.toUpperCase()} ${path}`));
};

async function call(probe: Probe, token?: string) {
  const res = await t.app.inject({
    method: probe.method,
    url: probe.url,
    payload: probe.payload as Record<string, unknown> | undefined,
    headers: token ? bearer(token) : {},
  });
  return { status: res.statusCode, body: res.body };
}

/** A request for a route that has no probe of its own: its method and path, path parameters set to 1. */
function bare(route: string): Probe {
  const [method, path] = route.split(' ') as [Probe['method'], string];
  return { method, url: path.replace(/\{[^}]+\}/g, '1'), payload: method === 'GET' ? undefined : {} };
}

const leaks = (body: string) => OWNER_MARKS.filter((m) => body.includes(m));

/** The well-formed request of a route for a caller it must refuse (so the refusal is for the caller, not the body). */
function refusedProbe(route: string, access: (typeof ROUTE_ACCESS)[string]): Probe {
  if (access.kind === 'by-id') return access.probe(ids);
  if (access.kind === 'own') return access.anonymous ?? (access.probe || bare(route));
  return ('probe' in access && access.probe) || bare(route);
}

describe('isolation matrix', () => {
  it('classifies every route of the API (a new route must say whose data it touches)', () => {
    const routes = operations();
    expect(routes.length).toBeGreaterThan(40);
    const unclassified = routes.filter((r) => !(r in ROUTE_ACCESS));
    expect(unclassified, 'add these to apps/api/src/testing/route-access.ts').toEqual([]);
    const gone = Object.keys(ROUTE_ACCESS).filter((r) => !routes.includes(r));
    expect(gone, 'these are classified but no longer exist').toEqual([]);
  });

  it("refuses anonymous callers on every route of an account's data", async () => {
    const wrong: string[] = [];
    for (const [route, access] of Object.entries(ROUTE_ACCESS)) {
      if (access.kind === 'public') continue;
      const res = await call(refusedProbe(route, access));
      if (res.status !== 401 || leaks(res.body).length)
        wrong.push(`${route}: ${res.status} ${res.body.slice(0, 120)}`);
    }
    expect(wrong).toEqual([]);
  });

  it("never shows one account's data to another: the owner's ids under another sign-in answer as ids that do not exist", async () => {
    const missing: OwnerIds = {
      acctnum: '99999',
      ordnum: 1_999_999_999,
      invnum: 1_999_999_999,
      batchId: 1_999_999_999,
      frameId: 1_999_999_999,
      billingId: 1_999_999_999,
      invitationId: 1_999_999_999,
      colleagueId: 1_999_999_999,
    };
    const wrong: string[] = [];
    for (const [route, access] of Object.entries(ROUTE_ACCESS)) {
      if (access.kind !== 'by-id') continue;
      const owner = await call(access.probe(ids), tokens[OWNER]);
      if (owner.status !== 200) wrong.push(`${route}: the owner gets ${owner.status} (the probe is wrong)`);
      const other = await call(access.probe(ids), tokens[OTHER]);
      const nothing = await call(access.probe(missing), tokens[OTHER]);
      // asking for another account's record is indistinguishable from asking for one that does not exist
      if (other.status !== nothing.status || other.body !== nothing.body || leaks(other.body).length) {
        wrong.push(
          `${route}: another account gets ${other.status} ${other.body.slice(0, 100)} where a missing id gets ${nothing.status} ${nothing.body.slice(0, 100)}`,
        );
      }
      if (other.status >= 500) wrong.push(`${route}: ${other.status}`);
    }
    expect(wrong).toEqual([]);
  });

  it("answers a signed-in caller's own routes with none of another account's data", async () => {
    const wrong: string[] = [];
    for (const [route, access] of Object.entries(ROUTE_ACCESS)) {
      if (access.kind !== 'own' || !access.probe) continue;
      const owner = await call(access.probe, tokens[OWNER]);
      if (owner.status !== 200) wrong.push(`${route}: the owner gets ${owner.status} (the probe is wrong)`);
      const other = await call(access.probe, tokens[OTHER]);
      if (other.status >= 500 || leaks(other.body).length) {
        wrong.push(`${route}: ${other.status} shows ${leaks(other.body).join(', ')}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it("refuses a staff sign-in (any role: it has no account) on every route of an account's data, never 5xx", async () => {
    const wrong: string[] = [];
    for (const [route, access] of Object.entries(ROUTE_ACCESS)) {
      if (access.kind !== 'own' && access.kind !== 'by-id') continue;
      for (const email of STAFF) {
        const res = await call(refusedProbe(route, access), tokens[email]);
        if (![401, 403].includes(res.status) || leaks(res.body).length)
          wrong.push(`${route} as ${email}: ${res.status} ${res.body.slice(0, 120)}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it("refuses a colleague without a route's right (403, with the reason) and only then (docs/decisions/026)", async () => {
    const wrong: string[] = [];
    const withRight = Object.entries(ROUTE_ACCESS).filter(([route]) => RIGHT_OF[route]);
    expect(withRight.length, 'the contract puts rights on account routes').toBeGreaterThan(15);
    for (const [route, access] of Object.entries(ROUTE_ACCESS)) {
      if (access.kind !== 'own' && access.kind !== 'by-id') continue;
      const needed = RIGHT_OF[route];
      for (const lacking of ACCOUNT_RIGHTS) {
        const has = effectiveRights(WITHOUT[lacking]);
        if (needed && !has[needed]) {
          const res = await call(refusedProbe(route, access), colleagueTokens[lacking]);
          if (res.status !== 403 || JSON.parse(res.body).message !== rightRefused[needed])
            wrong.push(`${route} without ${lacking}: ${res.status} ${res.body.slice(0, 100)}, not refused`);
          continue;
        }
        // a route the colleague may use is tried only with its reading probe (nothing of the owner's changes)
        const probe = access.kind === 'own' ? access.probe : access.probe(ids);
        if (!probe || !['GET', 'POST'].includes(probe.method) || route.includes('/invitations/')) continue;
        const res = await call(probe, colleagueTokens[lacking]);
        if (res.status === 403 || res.status >= 500)
          wrong.push(`${route} without ${lacking}: ${res.status} ${res.body.slice(0, 100)}, where it may`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('shows the catalogue to a colleague without prices as to a visitor', async () => {
    const code = 'FER-133-0412';
    const details = (token?: string) =>
      call({ method: 'GET', url: `/api/getProductDetailsByCode?Code=${code}` }, token);
    const visitor = await details();
    const colleague = await details(colleagueTokens.prices);
    const owner = await details(tokens[OWNER]);
    expect(colleague.status).toBe(200);
    expect(colleague.body).toBe(visitor.body);
    expect(owner.body).toContain('"Length"');
    expect(colleague.body).not.toContain('"Length"');
    for (const url of ['/api/Products?TopSearch=walnut', `/api/getLocationQty?Code=${code}`]) {
      const res = await call({ method: 'GET', url }, colleagueTokens.prices);
      expect(res.status, url).toBe(403);
      expect(res.body).not.toContain('"Chop"');
    }
    // the owner's listing still has its prices
    expect((await call({ method: 'GET', url: '/api/Products?TopSearch=walnut' }, tokens[OWNER])).status).toBe(
      200,
    );
  });
});

describe('isolation matrix: the point-of-sale API (an account key, never a sign-in)', () => {
  const keyOf = async (token: string, scopes: string[]) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/account/api-keys',
      payload: { name: 'Isolation', scopes },
      headers: bearer(token),
    });
    if (res.statusCode !== 201) throw new Error(`the owner cannot make a key: ${res.body}`);
    return res.json().key as string;
  };
  const ALL = ['catalogue:read', 'stock:read', 'orders:write', 'orders:read'];
  const posRoutes = () => Object.entries(ROUTE_ACCESS).filter(([, a]) => a.kind === 'pos');
  const probeOf = (route: string, access: (typeof ROUTE_ACCESS)[string], ordnum = ids.ordnum) =>
    route === 'GET /api/pos/v1/orders/{ordnum}'
      ? { method: 'GET' as const, url: `/api/pos/v1/orders/${ordnum}` }
      : refusedProbe(route, access);

  it('classifies every route under /api/pos/ as pos', () => {
    const wrong = operations().filter((r) => r.includes(' /api/pos/') && ROUTE_ACCESS[r]?.kind !== 'pos');
    expect(wrong).toEqual([]);
    expect(posRoutes().length).toBeGreaterThanOrEqual(5);
  });

  it("refuses a sign-in (401), answers a key without the route's scope 403, and one account's key never reads another's", async () => {
    const owner = await keyOf(tokens[OWNER], ALL);
    const other = await keyOf(tokens[OTHER], ALL);
    const wrong: string[] = [];
    for (const [route, access] of posRoutes()) {
      if (access.kind !== 'pos') continue;
      const probe = probeOf(route, access);
      const session = await call(probe, tokens[OWNER]);
      if (session.status !== 401) wrong.push(`${route} with a sign-in: ${session.status}`);
      const lacking = await keyOf(
        tokens[OWNER],
        ALL.filter((s) => s !== access.scope),
      );
      const refused = await call(probe, lacking);
      if (refused.status !== 403) wrong.push(`${route} without ${access.scope}: ${refused.status}`);
      if (probe.method !== 'GET') continue;
      const mine = await call(probe, owner);
      if (mine.status !== 200)
        wrong.push(`${route}: the owner's key gets ${mine.status} (the probe is wrong)`);
      const theirs = await call(probe, other);
      if (theirs.status >= 500 || leaks(theirs.body).length)
        wrong.push(
          `${route} with another account's key: ${theirs.status} shows ${leaks(theirs.body).join(', ')}`,
        );
      if (route.includes('{ordnum}')) {
        const missing = await call(probeOf(route, access, 1_999_999_999), other);
        if (theirs.status !== 404 || theirs.body !== missing.body)
          wrong.push(`${route}: another account's order answers ${theirs.status}, not as a missing one`);
      }
    }
    expect(wrong).toEqual([]);
  });
});
