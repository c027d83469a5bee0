// The listings' writer (fast-json-stringify from the zod schema) writes the JSON the zod serializer writes — encode,
// then JSON.stringify — for any valid answer: generated answers with every field's kinds of value (nulls, unicode,
// quotes, lone surrogates, fractions, optional fields absent or present), and fields outside the schema dropped.
import { AccountProductsResponse, PublicProductsResponse, WhereToBuyResponse } from '@mitrebox/api-contract';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import * as z from 'zod';
import { fastJsonOf } from './fast-json.ts';

/** Values of a zod schema (the kinds the listings' contracts use), with a field outside the schema on objects. */
function valuesOf(schema: z.ZodType): fc.Arbitrary<unknown> {
  const def = (schema as z.ZodTypeAny)._zod.def as { type: string } & Record<string, unknown>;
  switch (def.type) {
    case 'string':
      return fc.oneof(
        fc.string({ unit: 'binary' }),
        fc.constantFrom('', '"\\</script>', '½ inch 😀', '\u2028'),
      );
    case 'number':
      return schema instanceof z.ZodNumber && schema.format?.includes('int')
        ? fc.integer({ min: -1_000_000, max: 1_000_000 })
        : fc.oneof(fc.double({ noNaN: true, noDefaultInfinity: true }), fc.constantFrom(0, -0, 2.25, 1e21));
    case 'boolean':
      return fc.boolean();
    case 'enum':
      return fc.constantFrom(...Object.values(def.entries as Record<string, string>));
    case 'literal':
      return fc.constantFrom(...(def.values as unknown[]));
    case 'nullable':
      return fc.option(valuesOf(def.innerType as z.ZodType), { nil: null });
    case 'optional':
      return fc.option(valuesOf(def.innerType as z.ZodType), { nil: undefined });
    case 'array':
      return fc.array(valuesOf(def.element as z.ZodType), { maxLength: 4 });
    case 'object': {
      const shape = def.shape as Record<string, z.ZodType>;
      return fc
        .record(Object.fromEntries(Object.entries(shape).map(([k, v]) => [k, valuesOf(v)])))
        .map((o) => {
          const out: Record<string, unknown> = { internal_note: 'not in the schema' };
          for (const [k, v] of Object.entries(o)) if (v !== undefined) out[k] = v;
          return out;
        });
    }
    case 'tuple':
      return fc.tuple(...(def.items as z.ZodType[]).map(valuesOf));
    case 'union':
      return fc.oneof(...(def.options as z.ZodType[]).map(valuesOf));
    default:
      throw new Error(`no values for a zod ${def.type}`);
  }
}

describe('fastJsonOf', () => {
  for (const [name, schema] of [
    ['AccountProductsResponse', AccountProductsResponse],
    ['PublicProductsResponse', PublicProductsResponse],
    ['WhereToBuyResponse', WhereToBuyResponse],
  ] as const) {
    it(`writes ${name} as the zod serializer does`, () => {
      const write = fastJsonOf(schema);
      fc.assert(
        fc.property(valuesOf(schema), (answer) => {
          const expected = JSON.stringify(z.encode(schema as z.ZodType, answer));
          // the same JSON (optional fields may come last: the order of an object's keys carries no meaning)
          expect(JSON.parse(write(answer as never))).toEqual(JSON.parse(expected));
        }),
        { seed: 42, numRuns: 150 },
      );
    });
  }

  it('leaves out what the schema does not name', () => {
    const write = fastJsonOf(z.object({ a: z.string(), n: z.int().nullable() }));
    expect(write({ a: 'x', n: null, secret: 'token' } as never)).toBe('{"a":"x","n":null}');
  });
});
