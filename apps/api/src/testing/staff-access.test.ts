import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Probe, ROUTE_ACCESS } from './route-access.ts';
import { bearer, createTestApp, signIn, signInStaff, type TestApp } from './test-app.ts';

/**
 * Generated from the route table: every route under /api/staff/ and /api/erp/ is classified as staff (or erp)
 * in route-access.ts and refuses anonymous callers (401), a customer (403), a read-only view-as session (403)
 * and a disabled staff member's live session (401) — so a new back-office route cannot be left open.
 */
let t: TestApp;
let customer: string;
let admin: string;
let disabled: string;
let viewAs: string;

beforeAll(async () => {
  t = await createTestApp({ seedProducts: 40 });
  customer = await signIn(t.app, '10001');
  admin = await signInStaff(t.app, 'admin@mitrebox.example');
  // a second admin who is then disabled while signed in
  await t.database.db.execute(
    sql`insert into users (username, name, email, password_hash, role, is_staff, totp_secret)
      select 'gone@mitrebox.example', 'Gone Staff', 'gone@mitrebox.example', password_hash, 'admin', true, totp_secret
      from users where username = 'admin@mitrebox.example'`,
  );
  disabled = await signInStaff(t.app, 'gone@mitrebox.example');
  await t.database.db.execute(
    sql`update users set disabled_at = now() where username = 'gone@mitrebox.example'`,
  );
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/staff/accounts/10001/view-as',
    headers: bearer(admin),
  });
  expect(res.statusCode).toBe(200);
  viewAs = res.json().token;
});
afterAll(async () => {
  await t?.close();
});

const backOfficeRoutes = () => {
  const doc = t.app.swagger() as { paths: Record<string, Record<string, unknown>> };
  return Object.entries(doc.paths)
    .filter(([path]) => /^\/api\/(staff|erp)\//i.test(path))
    .flatMap(([path, item]) => Object.keys(item).map((m) => `${m.toUpperCase()} ${path}`));
};

function probeOf(route: string): Probe {
  const access = ROUTE_ACCESS[route];
  if (access && (access.kind === 'staff' || access.kind === 'erp') && access.probe) return access.probe;
  const [method, path] = route.split(' ') as [Probe['method'], string];
  return { method, url: path.replace(/\{[^}]+\}/g, '1'), payload: method === 'GET' ? undefined : {} };
}

async function status(probe: Probe, token?: string) {
  const res = await t.app.inject({
    method: probe.method,
    url: probe.url,
    payload: probe.payload as Record<string, unknown> | undefined,
    headers: token ? bearer(token) : {},
  });
  return res.statusCode;
}

describe('back-office routes (generated from the route table)', () => {
  it('exist, and each is classified as staff (or erp) in route-access.ts', () => {
    const routes = backOfficeRoutes();
    expect(routes.length).toBeGreaterThanOrEqual(8);
    const wrong = routes.filter((r) => {
      const kind = ROUTE_ACCESS[r]?.kind;
      return r.includes('/api/erp/') ? kind !== 'erp' : kind !== 'staff';
    });
    expect(wrong, 'classify these in apps/api/src/testing/route-access.ts').toEqual([]);
  });

  it('refuse anonymous callers (401), customers (403), view-as sessions (403) and disabled staff (401)', async () => {
    const wrong: string[] = [];
    for (const route of backOfficeRoutes()) {
      const probe = probeOf(route);
      const erp = route.includes('/api/erp/');
      const got = {
        anonymous: await status(probe),
        customer: await status(probe, customer),
        viewAs: await status(probe, viewAs),
        disabled: await status(probe, disabled),
      };
      // an ERP route knows API keys only: a customer's session token is no key (401 or 403 both refuse)
      const expected = erp
        ? { anonymous: [401], customer: [401, 403], viewAs: [401, 403], disabled: [401, 403] }
        : { anonymous: [401], customer: [403], viewAs: [403], disabled: [401] };
      for (const [who, code] of Object.entries(got))
        if (!expected[who as keyof typeof expected].includes(code)) wrong.push(`${route} as ${who}: ${code}`);
    }
    expect(wrong).toEqual([]);
  });

  it('answer a signed-in admin on their probes (the probes are well-formed)', async () => {
    const wrong: string[] = [];
    for (const route of backOfficeRoutes()) {
      const access = ROUTE_ACCESS[route];
      if (access?.kind !== 'staff' || !access.probe || access.probe.method !== 'GET') continue;
      const code = await status(access.probe, admin);
      if (code !== 200) wrong.push(`${route}: ${code}`);
    }
    expect(wrong).toEqual([]);
  });
});
