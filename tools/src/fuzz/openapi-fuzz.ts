import { STAFF_ROLES, type StaffRole } from '@mitrebox/domain';
import fc from 'fast-check';

/**
 * A property-based fuzzer driven by the shop's OpenAPI document: every operation gets requests whose shape
 * follows its schema but with one part made hostile — wrong types, huge strings and numbers, unicode, NUL and
 * other control characters, lone surrogates, injection strings, malformed JSON, wrong content types, binary
 * bodies — signed in as a customer and as each staff role, and anonymous. The property: no answer is a 5xx,
 * and no error body shows a stack, SQL or a file path.
 */

type Schema = {
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
  minimum?: number;
  maximum?: number;
  default?: unknown;
  format?: string;
};

export interface Operation {
  method: string;
  /** OpenAPI path, e.g. /api/framebuilder/deleteSavedFrame/{id} */
  path: string;
  pathParams: string[];
  query: Array<{ name: string; schema: Schema }>;
  body?: Schema;
}

export interface FuzzRequest {
  op: string;
  method: string;
  url: string;
  headers: Record<string, string>;
  /** Text, or bytes (a binary body). */
  payload?: string | Uint8Array;
  /**
   * 'user' — a fresh sign-in of the fuzzing account; a staff role — a staff sign-in of that role (no account);
   * 'anonymous'; 'garbage' — a malformed bearer token.
   */
  auth: 'user' | StaffRole | 'anonymous' | 'garbage';
}

/**
 * Staff routes are signed in as an admin where the others are signed in as the customer: the sign-in that gets
 * past the guard, so that hostile values reach validation and the handler.
 */
const mainAuth = (op: Operation): FuzzRequest['auth'] =>
  op.path.startsWith('/api/staff/') ? 'admin' : 'user';

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

/** Operations of an OpenAPI document, without the documentation page itself. */
export function operationsOf(doc: {
  paths: Record<string, Record<string, { parameters?: unknown[]; requestBody?: unknown }>>;
}): Operation[] {
  const ops: Operation[] = [];
  for (const [path, item] of Object.entries(doc.paths)) {
    if (path.startsWith('/api/docs')) continue;
    for (const [method, op] of Object.entries(item)) {
      if (!['get', 'post', 'put', 'patch', 'delete'].includes(method)) continue;
      const params = (op.parameters ?? []) as Array<{ in: string; name: string; schema?: Schema }>;
      const body = (op.requestBody as { content?: Record<string, { schema?: Schema }> } | undefined)
        ?.content?.['application/json']?.schema;
      ops.push({
        method: method.toUpperCase(),
        path,
        pathParams: params.filter((p) => p.in === 'path').map((p) => p.name),
        query: params.filter((p) => p.in === 'query').map((p) => ({ name: p.name, schema: p.schema ?? {} })),
        body,
      });
    }
  }
  return ops;
}

export const HOSTILE_STRINGS = [
  '\u0000',
  'a\u0000b',
  '%00',
  '\u0001\u0008\u000b\u001b\u007f',
  '\uD800',
  'x\uDFFFy',
  '\uFFFE\uFFFF',
  "' OR '1'='1' --",
  '1; drop table orders; --',
  "1' union select password_hash from users --",
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  '../../../../etc/passwd',
  '..\\..\\windows\\win.ini',
  // a template-injection probe, written as a plain string on purpose
  `$${'{'}7*7}{{7*7}}#{7*7}`,
  '\u202Eevil\u202C',
  '🖼️🧵🪚',
  'Z̸̡̢͇̈́a̶l̷g̸o̵',
  '',
  ' ',
  '-1',
  '1e308',
  '-0',
  'NaN',
  'Infinity',
  'null',
  'undefined',
  'true',
  '[]',
  '{}',
  '0x1F',
  '１２３',
  '9'.repeat(400),
  'A'.repeat(70_000),
];

export const HOSTILE_VALUES: unknown[] = [
  null,
  true,
  false,
  0,
  -1,
  1.5,
  -0.0001,
  1e308,
  -1e308,
  2 ** 53 + 1,
  Number.MAX_SAFE_INTEGER,
  [],
  [1, 'a', null],
  {},
  { $ne: null },
  { __proto__: { polluted: true } },
  { constructor: { prototype: { polluted: true } } },
  Array.from({ length: 2000 }, (_, i) => i),
  JSON.parse('{"a":{"b":{"c":{"d":{"e":{"f":{"g":{"h":{}}}}}}}}}'),
];

const MALFORMED_BODIES = ['{', '{"a":', '[', 'nul', '"unterminated', '\u0000', '{"a":1}}', "{'a':1}", 'NaN'];

/** A value that fits the schema well enough to reach the handler. */
export function plausible(schema: Schema | undefined, depth = 0, key = ''): unknown {
  if (/e-?mail/i.test(key) && (!schema || schema.type === 'string')) return 'buyer@example.com';
  if (!schema || depth > 6) return 'x';
  if (schema.const !== undefined) return schema.const;
  if (schema.enum?.length) return schema.enum[0];
  if (schema.default !== undefined) return schema.default;
  const variant = schema.anyOf?.[0] ?? schema.oneOf?.[0] ?? schema.allOf?.[0];
  if (variant) return plausible(variant, depth + 1);
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
  switch (type) {
    case 'integer':
    case 'number':
      return Math.max(schema.minimum ?? 1, Math.min(schema.maximum ?? 1, 1));
    case 'boolean':
      return true;
    case 'array':
      return [plausible(schema.items, depth + 1)];
    case 'object': {
      const out: Record<string, unknown> = {};
      for (const [k, v] of Object.entries(schema.properties ?? {})) out[k] = plausible(v, depth + 1, k);
      return out;
    }
    default:
      return schema.format === 'email'
        ? 'buyer@example.com'
        : schema.format === 'date'
          ? '2026-01-15'
          : schema.format === 'date-time'
            ? '2026-01-15T12:00:00.000Z'
            : schema.format === 'uuid'
              ? '00000000-0000-4000-8000-000000000000'
              : '10001';
  }
}

/** The schema of the value at a place in a plausible value. */
function schemaAt(schema: Schema | undefined, place: string[]): Schema | undefined {
  let at = schema;
  for (const key of place) {
    const variant = at?.anyOf?.[0] ?? at?.oneOf?.[0] ?? at?.allOf?.[0];
    if (variant && !at?.properties && !at?.items) at = variant;
    at = at?.properties?.[key] ?? at?.items;
  }
  return at;
}

/** In the systematic pass: the slot's own plausible value with a NUL (or another control) appended. */
export const WITH_NUL = Symbol('plausible value + NUL');
export const WITH_SURROGATE = Symbol('plausible value + lone surrogate');
export const NUL_INSIDE = Symbol('NUL after the first character of the plausible value');
function resolveHostile(hostile: unknown, schema: Schema | undefined, key: string): unknown {
  const value = String(plausible(schema, 0, key));
  if (hostile === WITH_NUL) return `${value}\u0000`;
  if (hostile === NUL_INSIDE) return `${value.slice(0, 1)}\u0000${value.slice(1)}`;
  if (hostile === WITH_SURROGATE) return `${value}\uD83D`;
  return hostile;
}

/** Every place in a value where a hostile value can go: [] is the value itself. */
function placesOf(value: unknown, prefix: string[] = []): string[][] {
  const places = [prefix];
  if (value && typeof value === 'object' && prefix.length < 6) {
    for (const [k, v] of Object.entries(value)) places.push(...placesOf(v, [...prefix, k]));
  }
  return places;
}

function setAt(value: unknown, place: string[], hostile: unknown): unknown {
  if (place.length === 0) return hostile;
  const copy = (Array.isArray(value) ? [...value] : { ...(value as object) }) as Record<string, unknown>;
  const [head, ...rest] = place;
  copy[head] = setAt(copy[head], rest, hostile);
  return copy;
}

const hostileString = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...HOSTILE_STRINGS) },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'grapheme', maxLength: 20 }) },
);
const hostileValue = fc.oneof(
  { weight: 3, arbitrary: hostileString },
  { weight: 2, arbitrary: fc.constantFrom(...HOSTILE_VALUES) },
  { weight: 1, arbitrary: fc.double() },
  { weight: 1, arbitrary: fc.integer() },
);

type Slot =
  | { kind: 'query'; index: number }
  | { kind: 'path'; index: number }
  | { kind: 'body'; place: string[] }
  | { kind: 'raw-body' }
  | { kind: 'none' };

/**
 * Percent-encodes any string, lone surrogates included: those cannot be UTF-8, so they go out as the bytes a
 * careless client sends for them (ED A0 80 …), which the server must refuse or decode without failing.
 */
export function encodeAny(value: string): string {
  return Array.from(value)
    .map((ch) => {
      const code = ch.charCodeAt(0);
      if (ch.length === 1 && code >= 0xd800 && code <= 0xdfff) {
        return `%${(0xe0 | (code >> 12)).toString(16)}%${(0x80 | ((code >> 6) & 0x3f)).toString(16)}%${(0x80 | (code & 0x3f)).toString(16)}`.toUpperCase();
      }
      return encodeURIComponent(ch);
    })
    .join('');
}

const asQueryValue = (v: unknown) => (typeof v === 'string' ? v : (JSON.stringify(v) ?? String(v)));

/**
 * Random bytes of a seeded xorshift (the same seed, the same bytes: a finding replays); a JPEG's start of image
 * first when `jpeg`, so that an image reader gets past its first check.
 */
export function randomBytes(size: number, seed: number, jpeg = false): Uint8Array {
  const bytes = new Uint8Array(size);
  let x = seed | 0 || 0x9e3779b9;
  for (let i = 0; i < size; i++) {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    bytes[i] = x & 0xff;
  }
  if (jpeg) bytes.set([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00].slice(0, size));
  return bytes;
}

type RawBody = { payload: string | Uint8Array; contentType: string };
const BINARY_TYPES = ['application/octet-stream', 'image/jpeg'] as const;
/** A binary body of 4–64 KB (random bytes; a JPEG's first bytes for image/jpeg). */
const binaryBody: fc.Arbitrary<RawBody> = fc
  .record({
    size: fc.integer({ min: 4096, max: 65_536 }),
    seed: fc.integer(),
    contentType: fc.constantFrom(...BINARY_TYPES),
  })
  .map(({ size, seed, contentType }) => ({
    payload: randomBytes(size, seed, contentType === 'image/jpeg'),
    contentType,
  }));

const RAW_BODIES: RawBody[] = [
  ...MALFORMED_BODIES.map((payload) => ({ payload, contentType: 'application/json' })),
  { payload: 'a=1&b=%00', contentType: 'application/x-www-form-urlencoded' },
  { payload: '{"a":1}', contentType: 'text/plain' },
  { payload: '--x\r\n\r\n', contentType: 'multipart/form-data' },
  { payload: '{"a":1}', contentType: 'application/json; charset=utf-16' },
  { payload: '<a>1</a>', contentType: 'application/xml' },
  // binary bodies of every systematic pass: small, and the same each run
  { payload: randomBytes(4096, 1), contentType: 'application/octet-stream' },
  { payload: randomBytes(16_384, 2, true), contentType: 'image/jpeg' },
];

/**
 * Requests for one operation: a plausible request (every parameter and body field shaped by the schema) with
 * exactly one part made hostile — so the hostile value gets past the validation of the others and reaches as
 * deep as it can.
 */
export function requestsFor(op: Operation): fc.Arbitrary<FuzzRequest> {
  const slots = slotsOf(op);
  const main = mainAuth(op);
  const others = ['user', ...STAFF_ROLES].filter((a) => a !== main) as FuzzRequest['auth'][];
  const authArb = fc.constantFrom<FuzzRequest['auth']>(main, main, main, 'anonymous', 'garbage', ...others);
  const raw = fc.oneof(
    { weight: 3, arbitrary: fc.constantFrom(...RAW_BODIES) },
    { weight: 1, arbitrary: binaryBody },
  );
  return fc
    .tuple(fc.constantFrom(...slots), hostileValue, raw, authArb, fc.boolean())
    .map(([slot, hostile, raw, auth, withOptional]) =>
      buildRequest(op, { slot, hostile, raw, auth, withOptional }),
    );
}

/** The values every slot of every operation gets in the systematic pass: the kinds that broke shops before. */
export const CORE_HOSTILE: unknown[] = [
  WITH_NUL,
  NUL_INSIDE,
  WITH_SURROGATE,
  'a\u0000b',
  '\uD800',
  '\u0001\u001b',
  "' OR '1'='1' --",
  'A'.repeat(70_000),
  -1,
  1e308,
  { $ne: null },
  [1, 2],
  null,
];

/**
 * Every slot of an operation crossed with CORE_HOSTILE (signed in as the customer, or as an admin on a staff
 * route), plus each raw body, binary ones included; then the plausible request as each other kind of caller —
 * anonymous, a malformed token, each staff role, the customer: deterministic.
 */
export function systematicRequests(op: Operation): FuzzRequest[] {
  const out: FuzzRequest[] = [];
  const auth = mainAuth(op);
  for (const slot of slotsOf(op)) {
    if (slot.kind === 'none') continue;
    if (slot.kind === 'raw-body') {
      if (op.method === 'GET') continue;
      for (const raw of RAW_BODIES)
        out.push(buildRequest(op, { slot, hostile: '', raw, auth, withOptional: false }));
      continue;
    }
    for (const hostile of CORE_HOSTILE)
      out.push(buildRequest(op, { slot, hostile, raw: RAW_BODIES[0]!, auth, withOptional: false }));
  }
  const callers: FuzzRequest['auth'][] = ['anonymous', 'garbage', 'user', ...STAFF_ROLES];
  for (const caller of callers.filter((c) => c !== auth))
    out.push(
      buildRequest(op, {
        slot: { kind: 'none' },
        hostile: '',
        raw: RAW_BODIES[0]!,
        auth: caller,
        withOptional: true,
      }),
    );
  return out;
}

function slotsOf(op: Operation): Slot[] {
  const base = op.body ? plausible(op.body) : undefined;
  return [
    ...op.query.map((_, index) => ({ kind: 'query' as const, index })),
    ...op.pathParams.map((_, index) => ({ kind: 'path' as const, index })),
    ...(base === undefined ? [] : placesOf(base).map((place) => ({ kind: 'body' as const, place }))),
    { kind: 'raw-body' },
    { kind: 'none' },
  ];
}

function buildRequest(
  op: Operation,
  c: {
    slot: Slot;
    hostile: unknown;
    raw: RawBody;
    auth: FuzzRequest['auth'];
    withOptional: boolean;
  },
): FuzzRequest {
  const { slot, raw, auth, withOptional } = c;
  const base = op.body ? plausible(op.body) : undefined;
  const slotSchema =
    slot.kind === 'query'
      ? op.query[slot.index]?.schema
      : slot.kind === 'body'
        ? schemaAt(op.body, slot.place)
        : undefined;
  const slotKey =
    slot.kind === 'query'
      ? (op.query[slot.index]?.name ?? '')
      : slot.kind === 'body'
        ? (slot.place.at(-1) ?? '')
        : '';
  const hostile = resolveHostile(c.hostile, slotSchema, slotKey);
  let url = op.path;
  op.pathParams.forEach((name, i) => {
    const value = slot.kind === 'path' && slot.index === i ? asQueryValue(hostile) || 'x' : '1';
    url = url.replace(`{${name}}`, encodeAny(value));
  });
  const qs: string[] = [];
  op.query.forEach((q, i) => {
    if (slot.kind === 'query' && slot.index === i) qs.push(`${q.name}=${encodeAny(asQueryValue(hostile))}`);
    else if (withOptional) qs.push(`${q.name}=${encodeAny(asQueryValue(plausible(q.schema, 0, q.name)))}`);
  });
  const headers: Record<string, string> = {};
  let payload: string | Uint8Array | undefined;
  if (slot.kind === 'raw-body') {
    payload = raw.payload;
    headers['content-type'] = raw.contentType;
  } else if (base !== undefined) {
    payload = JSON.stringify(slot.kind === 'body' ? setAt(base, slot.place, hostile) : base);
    headers['content-type'] = 'application/json';
  }
  const query = qs.join('&');
  return {
    op: `${op.method} ${op.path}`,
    method: op.method,
    url: query ? `${url}?${query}` : url,
    headers,
    payload: op.method === 'GET' ? undefined : payload,
    auth,
  };
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
