import fastJson from 'fast-json-stringify';
import * as z from 'zod';

type JsonSchema = { [key: string]: unknown };

/**
 * The JSON text of a response, written by fast-json-stringify from the zod schema's JSON Schema: only the schema's
 * properties, in its order — what the zod serializer (encode, then JSON.stringify) writes for a valid answer, at a
 * fraction of the cost for a large one (a listing page of 25 KB). For the hottest routes (docs/decisions/018);
 * `fast-json.test.ts` compares both on the catalogue's answers.
 */
export function fastJsonOf<T extends z.ZodType>(schema: T): (data: z.output<T>) => string {
  const json = z.toJSONSchema(schema, { target: 'draft-7', io: 'output' }) as JsonSchema;
  delete json.$schema;
  return fastJson(simplified(json) as Parameters<typeof fastJson>[0]) as (data: z.output<T>) => string;
}

/**
 * `anyOf: [{ type: X }, { type: 'null' }]` (zod's nullable integer) as `type: [X, 'null']`: fast-json-stringify
 * tests each value against an `anyOf` at run time, but writes a type list directly. Bounds of integers dropped
 * (fast-json-stringify does not check them), and `additionalProperties: false`.
 */
function simplified(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(simplified);
  if (typeof schema !== 'object' || schema === null) return schema;
  const s = Object.fromEntries(Object.entries(schema).map(([k, v]) => [k, simplified(v)])) as JsonSchema;
  delete s.minimum;
  delete s.maximum;
  // fast-json-stringify writes only the named properties anyway; `false` would make an object with more fail an
  // `anyOf` test (a nullable object), where the zod serializer drops what it does not name
  if (s.additionalProperties === false) delete s.additionalProperties;
  const any = s.anyOf as JsonSchema[] | undefined;
  if (any?.length === 2) {
    const [a, b] = any;
    const plain = (x: JsonSchema | undefined) =>
      x && typeof x.type === 'string' && Object.keys(x).every((k) => k === 'type' || k === 'enum');
    if (plain(a) && b?.type === 'null' && !a?.enum) {
      delete s.anyOf;
      return { ...s, type: [a!.type, 'null'] };
    }
  }
  return s;
}

const EMPTY_DATA = '{"data":[]';

/**
 * An answer `{"data":[…], …}` whose `data` is JSON text already (`dataJson`, an array written in pieces or by the
 * database), the rest written by the schema's own writer `write`: the same bytes as `write` of the whole answer when
 * `dataJson` is what `write` would make of the array (listing-json.test.ts, dealers.test.ts).
 */
export function withDataJson<T extends { data: unknown[] }>(
  write: (answer: T) => string,
  rest: Omit<T, 'data'>,
  dataJson: string,
): string {
  const shell = write({ ...rest, data: [] } as unknown as T);
  if (!shell.startsWith(EMPTY_DATA)) throw new Error('the answer must start with its data');
  return `{"data":${dataJson}${shell.slice(EMPTY_DATA.length)}`;
}
