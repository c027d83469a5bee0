import { readFileSync } from 'node:fs';
import {
  accessOfMethod,
  mayUse,
  STAFF_ROLES,
  type StaffRole,
  staffMessages,
  staffRoleSummary,
} from '@mitrebox/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STAFF_CALLS } from '../modules/staff/staff-access.ts';
import { type Probe, ROUTE_ACCESS } from './route-access.ts';
import { bearer, createTestApp, signIn, signInStaff, type TestApp } from './test-app.ts';

/**
 * Generated from the route table: every route under /api/staff/ and /api/erp/ is classified as staff (or erp)
 * in route-access.ts and refuses anonymous callers (401), a customer (403), a read-only view-as session (403)
 * and a disabled staff member's live session (401) — so a new back-office route cannot be left open. Every staff
 * route names its section (modules/staff/staff-access.ts), and every role gets what the role matrix gives it.
 */
let t: TestApp;
let customer: string;
let admin: string;
let disabled: string;
let viewAs: string;
const asRole = {} as Record<StaffRole, string>;

beforeAll(async () => {
  t = await createTestApp({ seedProducts: 40 });
  customer = await signIn(t.app, '10001');
  admin = await signInStaff(t.app, 'admin@mitrebox.example');
  asRole.admin = admin;
  asRole.sales = await signInStaff(t.app, 'sales@mitrebox.example');
  asRole.accounting = await signInStaff(t.app, 'accounting@mitrebox.example');
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

async function answer(probe: Probe, token?: string) {
  return t.app.inject({
    method: probe.method,
    url: probe.url,
    payload: probe.payload as Record<string, unknown> | undefined,
    headers: token ? bearer(token) : {},
  });
}
const status = async (probe: Probe, token?: string) => (await answer(probe, token)).statusCode;

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

describe('the role matrix on every staff route (generated from the route table)', () => {
  const staffRoutes = () => backOfficeRoutes().filter((r) => r.includes(' /api/staff/'));

  it('names the section of every staff route, and of no route that is gone', () => {
    const routes = staffRoutes();
    expect(
      routes.filter((r) => !(r in STAFF_CALLS)),
      'name their section in apps/api/src/modules/staff/staff-access.ts',
    ).toEqual([]);
    expect(Object.keys(STAFF_CALLS).filter((r) => !routes.includes(r))).toEqual([]);
  });

  it('lets each role make the calls of its sections and refuses the others (403) before anything changes', async () => {
    const wrong: string[] = [];
    // the refusals first: a call a role may make can change what the next role finds (a created staff user)
    const calls = staffRoutes().flatMap((route) => STAFF_ROLES.map((role) => ({ route, role })));
    const refused = ({ route, role }: { route: string; role: StaffRole }) => {
      const section = STAFF_CALLS[route];
      return (
        section !== null &&
        section !== undefined &&
        !mayUse(role, section, accessOfMethod(route.split(' ')[0]!))
      );
    };
    for (const c of [...calls.filter(refused), ...calls.filter((c) => !refused(c))]) {
      const res = await answer(probeOf(c.route), asRole[c.role]);
      if (refused(c)) {
        if (res.statusCode !== 403 || res.json().message !== staffMessages.roleRefused)
          wrong.push(`${c.route} as ${c.role}: ${res.statusCode}, where the matrix refuses it`);
      } else if (res.statusCode === 403 || res.statusCode === 401 || res.statusCode >= 500) {
        wrong.push(
          `${c.route} as ${c.role}: ${res.statusCode} ${res.body.slice(0, 100)}, where the matrix allows it`,
        );
      }
    }
    expect(wrong).toEqual([]);
  });

  it('keeps accounting to reading accounts and money: no prices, imports, content, dealers or view-as', async () => {
    const writes: Probe[] = [
      { method: 'PUT', url: '/api/staff/products/FER-133-0412', payload: { data: {} } },
      { method: 'POST', url: '/api/staff/products/import', payload: {} },
      { method: 'PUT', url: '/api/staff/settings/Terms', payload: { value: '<p>x</p>' } },
      { method: 'POST', url: '/api/staff/careers', payload: { job_heading: 'A' } },
      { method: 'DELETE', url: '/api/staff/documents/1' },
      { method: 'POST', url: '/api/staff/dealers/import', payload: { csv: 'acctnum\n', dryRun: true } },
      { method: 'POST', url: '/api/staff/accounts/10001/view-as' },
      { method: 'PATCH', url: '/api/staff/accounts/10001', payload: { terms: 'Net 60' } },
      { method: 'POST', url: '/api/staff/erp-keys', payload: { name: 'x', scopes: ['orders:read'] } },
    ];
    for (const probe of writes) expect(await status(probe, asRole.accounting), probe.url).toBe(403);
    for (const url of ['/api/staff/accounts', '/api/staff/invoices', '/api/staff/orders', '/api/staff/audit'])
      expect(await status({ method: 'GET', url }, asRole.accounting), url).toBe(200);
  });
});

describe("the README's table of demo staff users", () => {
  it('says what the role matrix says, one line per role', () => {
    const readme = readFileSync(new URL('../../../../README.md', import.meta.url), 'utf8');
    const lines = STAFF_ROLES.map(
      (role) => `| **${role}@mitrebox.example** | ${role} — ${staffRoleSummary(role)} |`,
    );
    for (const line of lines) expect(readme, 'copy this line into README.md').toContain(line);
  });
});
