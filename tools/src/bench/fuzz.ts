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

/**
 * The hostile-input fuzzer of npm test, longer: many more random cases per operation over HTTP against the
 * bench server, with a new seed each run (printed, so a finding can be replayed with FUZZ_SEED).
 */
export async function benchFuzz(appUrl: string, runsPerOperation: number): Promise<FuzzFigures> {
  const seed = Number(process.env.FUZZ_SEED ?? Math.floor(Math.random() * 2 ** 31));
  const doc = await (await fetch(`${appUrl}/api/docs/json`)).json();
  const operations = operationsOf(doc as Parameters<typeof operationsOf>[0]);
  const signIn = async () => {
    const res = await fetch(`${appUrl}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: '10005', password: 'framing-demo' }),
    });
    return ((await res.json()) as { data: { token: string } }).data.token;
  };
  let token = await signIn();
  const send = async (request: FuzzRequest) => {
    const headers: Record<string, string> = { ...request.headers };
    if (request.auth === 'user') headers.authorization = `Bearer ${token}`;
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
