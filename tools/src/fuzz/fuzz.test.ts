import { createSession } from '@mitrebox/api/modules/auth/sessions';
import { queryRows } from '@mitrebox/api/platform/db';
import { bearer, createTestApp, signIn, signInStaff, type TestApp } from '@mitrebox/api/testing/test-app';
import { STAFF_ROLES, type StaffRole } from '@mitrebox/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeFindings, type FuzzRequest, fuzz, judge, operationsOf } from './openapi-fuzz.ts';

/**
 * Hostile input against every operation of the OpenAPI document, signed in as a customer and as each staff role,
 * and anonymous, with binary bodies among the rest; a fixed seed and a small budget (npm run bench runs it
 * longer). Not one 5xx, and no error body shows internals.
 */
const SEED = 20261123;
const RUNS_PER_OPERATION = Number(process.env.FUZZ_RUNS ?? 12);
const ACCOUNT = '10005';

let t: TestApp;
let token: string;
const staffTokens = {} as Record<StaffRole, string>;

beforeAll(async () => {
  t = await createTestApp({ seedProducts: 80 });
  token = await signIn(t.app, ACCOUNT);
  for (const role of STAFF_ROLES) staffTokens[role] = await signInStaff(t.app, `${role}@mitrebox.example`);
});

/**
 * A new session of a demo staff user, made directly: a TOTP code's time step signs a user in once, and the
 * fuzzer may sign one out (POST /api/logout) twice in a step.
 */
async function renewStaff(role: StaffRole) {
  const [user] = await queryRows<{ id: number }>(
    t.database.db,
    sql`select id from users where username = ${`${role}@mitrebox.example`}`,
  );
  staffTokens[role] = await createSession(t.database.db, Number(user!.id), { mfaPending: false });
}
const isStaff = (auth: FuzzRequest['auth']): auth is StaffRole =>
  (STAFF_ROLES as readonly string[]).includes(auth);
afterAll(async () => {
  await t?.close();
});

const GARBAGE_AUTH = [
  'Bearer not-a-token',
  `Bearer ${'x'.repeat(5000)}`,
  'Basic YWRtaW46YWRtaW4=',
  'Bearer',
  'bearer  a b',
];

async function send(request: FuzzRequest) {
  const headers: Record<string, string> = { ...request.headers };
  if (request.auth === 'user') Object.assign(headers, bearer(token));
  if (isStaff(request.auth)) Object.assign(headers, bearer(staffTokens[request.auth]));
  if (request.auth === 'garbage')
    headers.authorization = GARBAGE_AUTH[request.url.length % GARBAGE_AUTH.length];
  const res = await t.app.inject({
    method: request.method as 'GET',
    url: request.url,
    headers,
    payload: request.payload instanceof Uint8Array ? Buffer.from(request.payload) : request.payload,
  });
  // an operation that may end the session (sign-out, a new password) is followed by a fresh sign-in
  if (request.auth === 'user' && /logout|users\/self|reset-password|tokenLogin/i.test(request.op)) {
    const me = await t.app.inject({ method: 'GET', url: '/api/me', headers: bearer(token) });
    if (me.statusCode !== 200) token = await signIn(t.app, ACCOUNT);
  }
  // a staff sign-in may end the same way, or by a change of a staff user
  if (isStaff(request.auth) && /logout|staff-users|tokenLogin/i.test(request.op)) {
    const me = await t.app.inject({ url: '/api/staff/me', headers: bearer(staffTokens[request.auth]) });
    if (me.statusCode !== 200) await renewStaff(request.auth);
  }
  return { status: res.statusCode, body: res.body };
}

describe('hostile input from the OpenAPI document', () => {
  it('the judge refuses a 5xx and bodies that show a stack, SQL or a path, and lets plain refusals through', () => {
    expect(judge({ status: 500, body: '{}' })).toMatch(/500/);
    expect(judge({ status: 400, body: '{"message":"error: syntax error at or near \\"x\\""}' })).toMatch(
      /database/,
    );
    expect(judge({ status: 400, body: 'select * from users where id = $1' })).toMatch(/SQL/);
    expect(
      judge({ status: 422, body: '    at handler (/work/main/apps/api/src/app.ts:12:3)' }),
    ).toBeDefined();
    expect(judge({ status: 400, body: '{"message":"Please select a back order option"}' })).toBeUndefined();
    expect(judge({ status: 404, body: '{"message":"Not found"}' })).toBeUndefined();
  });

  it("the judge does not count the request's own text repeated in a message, and still counts the server's", () => {
    const injected = "1' union select password_hash from users --";
    const request = {
      op: 'POST /api/framebuilder/quote',
      method: 'POST',
      url: '/api/framebuilder/quote',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ options: { moulding: injected, notes: 'a "quoted" note' } }),
      auth: 'user' as const,
    };
    const echoed = JSON.stringify({ message: `No moulding with item # ${injected} is sold.` });
    expect(judge({ status: 422, body: echoed }, request)).toBeUndefined();
    // without the request it is SQL-looking text like any other
    expect(judge({ status: 422, body: echoed })).toMatch(/SQL/);
    // the server's own statement around the request's text is still SQL
    const leaked = JSON.stringify({ message: `select * from products where code = '${injected}'` });
    expect(judge({ status: 400, body: leaked }, request)).toMatch(/SQL/);
    // a query value and a path segment are the request's text too
    expect(
      judge(
        { status: 404, body: '{"message":"No such page: delete from x where y"}' },
        { ...request, method: 'GET', payload: undefined, url: '/api/x?q=delete%20from%20x%20where%20y' },
      ),
    ).toBeUndefined();
  });

  it('every operation, as a customer, as each staff role and anonymous, binary bodies too: no 5xx, no internals in an error body', async () => {
    const operations = operationsOf(t.app.swagger() as never);
    expect(operations.length).toBeGreaterThan(40);
    const result = await fuzz({ operations, runsPerOperation: RUNS_PER_OPERATION, seed: SEED, send });
    expect(result.requests).toBeGreaterThan(operations.length * RUNS_PER_OPERATION);
    // every operation as each staff role at least once, and binary bodies on every one that takes a body
    for (const role of STAFF_ROLES) expect(result.callers[role]).toBeGreaterThanOrEqual(operations.length);
    const withBody = operations.filter((op) => op.method !== 'GET').length;
    expect(result.binary).toBeGreaterThanOrEqual(2 * withBody);
    // the requests reach handlers and validation alike, not only one kind of refusal
    expect(result.statuses['4xx']).toBeGreaterThan(0);
    expect(result.statuses['2xx']).toBeGreaterThan(0);
    // every distinct finding in the failure message, one a line
    expect(result.findings, `\n${describeFindings(result.findings)}\n`).toHaveLength(0);
  }, 300_000);
});
