import { DEMO_PASSWORD, DEMO_STAFF_TOTP_SECRET } from '@mitrebox/api/demo-data';
import { STAFF_ROLES, type StaffRole } from '@mitrebox/domain';
import { generate } from 'otplib';
import { describeFindings, type FuzzRequest, fuzz, operationsOf } from '../fuzz/openapi-fuzz.ts';

export interface FuzzFigures {
  seed: number;
  operations: number;
  runsPerOperation: number;
  requests: number;
  statuses: Record<string, number>;
  /** Answers ≥ 500 (goal 0). */
  serverErrors: number;
  /** Distinct findings (5xx or internals in an error body), one a line. */
  findings: string;
}

const json = { 'content-type': 'application/json' };

/**
 * The hostile-input fuzzer of npm test, longer: many more random cases per operation over HTTP against the
 * bench server, as the customer 10005 and as each demo staff role, with a new seed each run (printed, so a
 * finding can be replayed with FUZZ_SEED).
 */
export async function benchFuzz(appUrl: string, runsPerOperation: number): Promise<FuzzFigures> {
  const seed = Number(process.env.FUZZ_SEED ?? Math.floor(Math.random() * 2 ** 31));
  const doc = await (await fetch(`${appUrl}/api/docs/json`)).json();
  const operations = operationsOf(doc as Parameters<typeof operationsOf>[0]);
  const signIn = async () => {
    const res = await fetch(`${appUrl}/api/login`, {
      method: 'POST',
      headers: json,
      body: JSON.stringify({ username: '10005', password: 'framing-demo' }),
    });
    return ((await res.json()) as { data: { token: string } }).data.token;
  };
  /**
   * A demo staff user's sign-in: e-mail and password, then a TOTP code. A code's time step signs a user in once,
   * so a second sign-in within it sends the next step's code (the server allows 30 seconds either way), and a
   * third waits for the next step.
   */
  const signInStaff = async (role: StaffRole): Promise<string> => {
    for (const ahead of [0, 30, 30, 30]) {
      const login = await fetch(`${appUrl}/api/login/staff`, {
        method: 'POST',
        headers: json,
        body: JSON.stringify({ email: `${role}@mitrebox.example`, password: DEMO_PASSWORD }),
      });
      const { token } = (await login.json()) as { token: string };
      const code = await generate({
        secret: DEMO_STAFF_TOTP_SECRET,
        epoch: Math.floor(Date.now() / 1000) + ahead,
      });
      const verified = await fetch(`${appUrl}/api/tokenLogin`, {
        method: 'POST',
        headers: { ...json, authorization: `Bearer ${token}` },
        body: JSON.stringify({ code }),
      });
      if (((await verified.json()) as { login?: boolean }).login) return token;
      if (ahead) await new Promise((resolve) => setTimeout(resolve, 30_000 - (Date.now() % 30_000) + 500));
    }
    throw new Error(`the staff sign-in of ${role} failed`);
  };
  let token = await signIn();
  const staff = {} as Record<StaffRole, string>;
  for (const role of STAFF_ROLES) staff[role] = await signInStaff(role);
  const isStaff = (auth: FuzzRequest['auth']): auth is StaffRole =>
    (STAFF_ROLES as readonly string[]).includes(auth);
  const send = async (request: FuzzRequest) => {
    const headers: Record<string, string> = { ...request.headers };
    if (request.auth === 'user') headers.authorization = `Bearer ${token}`;
    if (isStaff(request.auth)) headers.authorization = `Bearer ${staff[request.auth]}`;
    if (request.auth === 'garbage') headers.authorization = 'Bearer not-a-token';
    try {
      const res = await fetch(`${appUrl}${request.url}`, {
        method: request.method,
        headers,
        body: request.method === 'GET' ? undefined : request.payload,
      });
      const body = await res.text();
      if (request.auth === 'user' && /logout|users\/self|reset-password|tokenLogin/i.test(request.op)) {
        const me = await fetch(`${appUrl}/api/me`, { headers: { authorization: `Bearer ${token}` } });
        if (me.status !== 200) token = await signIn();
      }
      if (isStaff(request.auth) && /logout|staff-users|tokenLogin/i.test(request.op)) {
        const me = await fetch(`${appUrl}/api/staff/me`, {
          headers: { authorization: `Bearer ${staff[request.auth]}` },
        });
        if (me.status !== 200) staff[request.auth] = await signInStaff(request.auth);
      }
      return { status: res.status, body };
    } catch (err) {
      // a dropped connection is a failure of the server too
      return { status: 599, body: String(err) };
    }
  };
  const result = await fuzz({ operations, runsPerOperation, seed, send });
  return {
    seed,
    operations: operations.length,
    runsPerOperation,
    requests: result.requests,
    statuses: result.statuses,
    serverErrors: result.findings.filter((f) => f.status >= 500).length,
    findings: describeFindings(result.findings),
  };
}
