import fc from 'fast-check';
import { type FuzzRequest, type Operation, requestsFor, systematicRequests } from './fuzz-requests.ts';

/**
 * A property-based fuzzer driven by the shop's OpenAPI document: every operation gets requests whose shape
 * follows its schema but with one part made hostile — wrong types, huge strings and numbers, unicode, NUL and
 * other control characters, lone surrogates, injection strings, malformed JSON, wrong content types, binary
 * bodies — signed in as a customer and as each staff role, and anonymous. The property: no answer is a 5xx,
 * and no error body shows a stack, SQL or a file path. The requests are made in fuzz-requests.ts from the hostile
 * values of hostile-values.ts; here they are sent and their answers judged.
 */

export { type FuzzRequest, type Operation, operationsOf } from './fuzz-requests.ts';

export interface FuzzAnswer {
  status: number;
  body: string;
}

export interface FuzzFinding {
  request: FuzzRequest;
  status: number;
  why: string;
  body: string;
}

const LEAKS: Array<[RegExp, string]> = [
  [/\bat [\w$.<>]+ \(|\n\s+at /, 'a stack trace'],
  [/\.(ts|tsx|js|mjs|cjs):\d+/, 'a source file position'],
  [/node_modules|\/work\/|\/home\/|\/root\/|\/usr\/(lib|src)\//, 'a file path'],
  [/\b(select|insert|update|delete)\b[^.]{0,200}\b(from|into|set|where)\b\s+["\w]/i, 'SQL'],
  [
    /\b(syntax error at or near|violates (not-null|foreign key|unique|check) constraint|relation "\w+"|column "\w+")/i,
    'a database error',
  ],
  [/\b(TypeError|ReferenceError|RangeError|SyntaxError):/, 'a JavaScript error'],
];

/**
 * The texts a request sent (its JSON body's strings and keys, its query's and path's values), at least 8 characters:
 * an error message may repeat one ("No moulding with item # 1' union select …"), and that is the caller's own text,
 * not something of the server's.
 */
function sentTexts(request: FuzzRequest): string[] {
  const texts: string[] = [];
  const walk = (v: unknown) => {
    if (typeof v === 'string') texts.push(v);
    else if (Array.isArray(v)) v.forEach(walk);
    else if (v && typeof v === 'object')
      for (const [k, x] of Object.entries(v)) {
        texts.push(k);
        walk(x);
      }
  };
  if (typeof request.payload === 'string') {
    texts.push(request.payload);
    try {
      walk(JSON.parse(request.payload));
    } catch {
      // not JSON: the whole payload is the text
    }
  }
  const url = new URL(request.url, 'http://fuzz.invalid');
  for (const v of url.searchParams.values()) texts.push(v);
  for (const segment of url.pathname.split('/')) {
    try {
      texts.push(decodeURIComponent(segment));
    } catch {
      texts.push(segment);
    }
  }
  return texts.filter((t) => t.length >= 8).sort((x, y) => y.length - x.length);
}

/**
 * What is wrong with an answer, or undefined when it is fine. With the request, the request's own texts are taken
 * out of the body first (as sent, and as JSON writes them) before it is searched for a stack, SQL or a path.
 */
export function judge(answer: FuzzAnswer, request?: FuzzRequest): string | undefined {
  if (answer.status >= 500) return `answered ${answer.status}`;
  if (answer.status >= 400) {
    let body = answer.body;
    for (const text of request ? sentTexts(request) : [])
      for (const form of [text, JSON.stringify(text).slice(1, -1)]) body = body.split(form).join(' ');
    for (const [pattern, what] of LEAKS) if (pattern.test(body)) return `error body shows ${what}`;
  }
  return undefined;
}

/**
 * Runs `runsPerOperation` requests against every operation (fixed seed: the same requests each run) and
 * answers what went wrong. `send` performs one request (app.inject in tests, fetch in the benchmark).
 */
export async function fuzz(opts: {
  operations: Operation[];
  runsPerOperation: number;
  seed: number;
  send: (request: FuzzRequest) => Promise<FuzzAnswer>;
}): Promise<{
  requests: number;
  findings: FuzzFinding[];
  statuses: Record<string, number>;
  /** Requests by caller ('user', each staff role, 'anonymous', 'garbage'), and with a binary body. */
  callers: Record<string, number>;
  binary: number;
}> {
  const findings: FuzzFinding[] = [];
  const statuses: Record<string, number> = {};
  const callers: Record<string, number> = {};
  let requests = 0;
  let binary = 0;
  // session-ending operations go last, so the others run while signed in
  const ordered = [...opts.operations].sort(
    (a, b) =>
      Number(/logout|users\/self|reset-password$/i.test(a.path)) -
      Number(/logout|users\/self|reset-password$/i.test(b.path)),
  );
  for (const [i, op] of ordered.entries()) {
    const cases = [
      ...systematicRequests(op),
      ...fc.sample(requestsFor(op), { seed: opts.seed + i, numRuns: opts.runsPerOperation }),
    ];
    for (const request of cases) {
      const answer = await opts.send(request);
      requests++;
      callers[request.auth] = (callers[request.auth] ?? 0) + 1;
      if (request.payload instanceof Uint8Array) binary++;
      const bucket = `${Math.floor(answer.status / 100)}xx`;
      statuses[bucket] = (statuses[bucket] ?? 0) + 1;
      const why = judge(answer, request);
      if (why) findings.push({ request, status: answer.status, why, body: answer.body.slice(0, 300) });
    }
  }
  return { requests, findings, statuses, callers, binary };
}

/** One line per finding, short enough to read in a test failure. */
export function describeFindings(findings: FuzzFinding[]): string {
  const seen = new Set<string>();
  const lines: string[] = [];
  for (const f of findings) {
    const key = `${f.request.op} ${f.why}`;
    if (seen.has(key)) continue;
    seen.add(key);
    const sent = f.request.payload;
    const payload =
      typeof sent === 'string'
        ? ` body=${JSON.stringify(sent.slice(0, 120))}`
        : sent
          ? ` body=<${sent.length} bytes of ${f.request.headers['content-type']}>`
          : '';
    lines.push(
      `${f.request.op} [${f.request.auth}] ${f.why}: ${f.request.url.slice(0, 160)}${payload} → ${f.body.slice(0, 160)}`,
    );
  }
  return lines.join('\n');
}
