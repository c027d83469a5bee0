// The listings' writer (fast-json-stringify from the zod schema) writes the JSON the zod serializer writes — encode,
// then JSON.stringify — for any valid answer: generated answers with every field's kinds of value (nulls, unicode,
// quotes, lone surrogates, fractions, optional fields absent or present), and fields outside the schema dropped.
import { AccountProductsResponse, PublicProductsResponse, WhereToBuyResponse } from '@mitrebox/api-contract';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import * as z from 'zod';
import { valuesOf } from '../testing/zod-values.ts';
import { fastJsonOf } from './fast-json.ts';

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
