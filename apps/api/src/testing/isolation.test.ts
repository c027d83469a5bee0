import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../platform/db.ts';
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
  };
  tokens[OWNER] = await signIn(t.app, OWNER);
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
});
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
});
