// Generated values of a zod schema, for property tests of the JSON writers (fast-json.test.ts, listing-json.test.ts).
import fc from 'fast-check';
import * as z from 'zod';

/** Values of a zod schema (the kinds the listings' contracts use), with a field outside the schema on objects. */
export function valuesOf(schema: z.ZodType): fc.Arbitrary<unknown> {
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
