import { ERP_SCOPES, findUncleanText, isCleanText, SHOP_API_SCOPES } from '@mitrebox/api-contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, signIn, signInStaff, type TestApp } from './testing/test-app.ts';

/**
 * Control characters and broken characters in any text value answer 400 on every route: the
 * request guard in app.ts applies the contract's clean-text rule to params, query and body, so routes added
 * later are covered without a word in their schemas. This walks the OpenAPI document the server publishes.
 */

let t: TestApp;
let token: string;
/**
 * Back-office routes are walked as an admin, ERP routes with a key of every scope, the point-of-sale API with the
 * account's key of every scope (their guards come first).
 */
let staffToken: string;
let erpKey: string;
let shopKey: string;
beforeAll(async () => {
  t = await createTestApp();
  token = await signIn(t.app, '10001');
  staffToken = await signInStaff(t.app);
  const made = await t.app.inject({
    method: 'POST',
    url: '/api/staff/erp-keys',
    headers: bearer(staffToken),
    payload: { name: 'input guard', scopes: [...ERP_SCOPES] },
  });
  erpKey = made.json().key;
  const shop = await t.app.inject({
    method: 'POST',
    url: '/api/account/api-keys',
    headers: bearer(token),
    payload: { name: 'input guard', scopes: [...SHOP_API_SCOPES] },
  });
  shopKey = shop.json().key;
});
const callerOf = (route: string) => {
  if (route.startsWith('/api/staff/')) return staffToken;
  if (route.startsWith('/api/erp/')) return erpKey;
  return route.startsWith('/api/pos/') ? shopKey : token;
};
afterAll(() => t?.close());

type Schema = {
  type?: string | string[];
  properties?: Record<string, Schema>;
  items?: Schema;
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
  enum?: unknown[];
  const?: unknown;
  default?: unknown;
};
type Operation = {
  parameters?: { in: string; name: string; schema?: Schema }[];
  requestBody?: { content?: Record<string, { schema?: Schema }> };
};

const NUL = 'a\u0000b';
const HOSTILE_BODY = [NUL, '\u0001', 'x\u001bx', 'x\ud800', '\udc00y'];
const HOSTILE_URL = ['a%00b', '%01', '%1B'];

/** A plausible value for a schema, and the paths of its string leaves. */
function sample(schema: Schema | undefined, path: string[], strings: string[][]): unknown {
  if (!schema) return 'x';
  const options = schema.anyOf ?? schema.oneOf;
  if (options) return sample(options.find((o) => o.type !== 'null') ?? options[0], path, strings);
  if (schema.allOf) return sample(schema.allOf[0], path, strings);
  if (schema.const !== undefined) return schema.const;
  if (schema.enum) return schema.enum[0];
  const type = Array.isArray(schema.type) ? schema.type.find((x) => x !== 'null') : schema.type;
  switch (type) {
    case 'object': {
      const out: Record<string, unknown> = {};
      for (const [k, v] of Object.entries(schema.properties ?? {})) out[k] = sample(v, [...path, k], strings);
      return out;
    }
    case 'array':
      return [sample(schema.items, [...path, '0'], strings)];
    case 'integer':
    case 'number':
      return 1;
    case 'boolean':
      return true;
    default:
      strings.push(path);
      return 'x';
  }
}

function setAt(value: unknown, path: string[], leaf: string): unknown {
  if (path.length === 0) return leaf;
  const copy = (Array.isArray(value) ? [...value] : { ...(value as object) }) as Record<string, unknown>;
  copy[path[0]] = setAt(copy[path[0]], path.slice(1), leaf);
  return copy;
}

describe('clean text', () => {
  it.each([
    ['plain', true],
    ['tab\tnew\nline\r', true],
    ['emoji 🖼️ and accents é', true],
    ['nul\u0000', false],
    ['bell\u0007', false],
    ['escape\u001b[31m', false],
    ['lone high \ud800', false],
    ['lone low \udc00', false],
    ['reversed pair \udc00\ud800', false],
  ])('%j → %s', (value, clean) => {
    expect(isCleanText(value)).toBe(clean);
  });

  it('finds the first unclean value or key in a nested request', () => {
    expect(findUncleanText({ a: ['ok', { b: 'x\u0000' }] })).toBe('a.1.b');
    expect(findUncleanText({ 'k\u0000': 'v' })).toBe('k\u0000');
    expect(findUncleanText({ a: 1, b: [true, null, 'fine'] })).toBeUndefined();
    expect(findUncleanText('\u0000')).toBe('');
  });
});

describe('hostile text on every route of the OpenAPI document', () => {
  it('the probe’s NUL examples answer 400 with the field named', async () => {
    const top = await t.app.inject({ method: 'GET', url: '/api/Shop/Products?TopSearch=%00' });
    expect(top.statusCode).toBe(400);
    expect(top.json().errors).toHaveProperty('TopSearch');
    const forgot = await t.app.inject({
      method: 'POST',
      url: '/forgot-password',
      payload: { email: '\u0000' },
    });
    expect(forgot.statusCode).toBe(400);
    expect(forgot.json().errors).toHaveProperty('email');
  });

  it('NUL, control characters and lone surrogates in each string field, query parameter and path parameter: 400, never 5xx', async () => {
    const doc = t.app.swagger() as { paths: Record<string, Record<string, Operation>> };
    const sent: string[] = [];
    const failures: string[] = [];
    for (const [route, ops] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(ops)) {
        if (!['get', 'post', 'put', 'patch', 'delete'].includes(method)) continue;
        const pathParams = (op.parameters ?? []).filter((p) => p.in === 'path').map((p) => p.name);
        const queryParams = (op.parameters ?? []).filter((p) => p.in === 'query');
        const fill = (hostileParam?: string, hostile = 'x') =>
          route.replace(/\{([^}]+)\}/g, (_m, name: string) => (name === hostileParam ? hostile : '1'));
        const requests: { url: string; payload?: unknown; label: string }[] = [];
        for (const name of pathParams)
          for (const h of HOSTILE_URL) requests.push({ url: fill(name, h), label: `path ${name}=${h}` });
        for (const q of queryParams) {
          const strings: string[][] = [];
          sample(q.schema, [], strings);
          if (strings.length === 0 && q.schema?.type !== undefined) continue;
          for (const h of HOSTILE_URL)
            requests.push({
              url: `${fill()}?${encodeURIComponent(q.name)}=${h}`,
              label: `query ${q.name}=${h}`,
            });
        }
        const bodySchema = op.requestBody?.content?.['application/json']?.schema;
        if (bodySchema) {
          const strings: string[][] = [];
          const base = sample(bodySchema, [], strings);
          for (const path of strings)
            for (const h of HOSTILE_BODY)
              requests.push({
                url: fill(),
                payload: setAt(base, path, h),
                label: `body ${path.join('.')}=${JSON.stringify(h)}`,
              });
        }
        for (const r of requests) {
          const res = await t.app.inject({
            method: method.toUpperCase() as 'GET',
            url: r.url,
            headers: bearer(callerOf(route)),
            ...(r.payload !== undefined ? { payload: r.payload as object } : {}),
          });
          sent.push(`${method} ${route}`);
          if (res.statusCode >= 500 || res.statusCode !== 400)
            failures.push(
              `${method.toUpperCase()} ${route} ${r.label} → ${res.statusCode} ${res.body.slice(0, 120)}`,
            );
        }
      }
    }
    expect(failures).toEqual([]);
    // the walk reached the routes the probe named
    for (const route of [
      'get /api/Shop/Products',
      'post /api/updateCart',
      'post /forgot-password',
      'get /api/getLocationQty',
    ])
      expect(sent).toContain(route);
    expect(new Set(sent).size).toBeGreaterThan(20);
  });
});
