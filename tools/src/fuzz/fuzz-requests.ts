// The fuzzer's requests (openapi-fuzz.ts): the operations of the OpenAPI document, and for each a plausible
// request shaped by its schema with exactly one part — a slot — made hostile (hostile-values.ts).
import { STAFF_ROLES, type StaffRole } from '@mitrebox/domain';
import fc from 'fast-check';
import {
  binaryBody,
  CORE_HOSTILE,
  hostileValue,
  NUL_INSIDE,
  RAW_BODIES,
  type RawBody,
  WITH_NUL,
  WITH_SURROGATE,
} from './hostile-values.ts';

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
