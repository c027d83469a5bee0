import {
  GLAZING_KIND_NAMES,
  GLAZING_KINDS,
  type GlazingKind,
  MAT_CORE_NAMES,
  MAT_CORES,
  type MatCore,
  PLY_PER_INCH,
  plyName,
  sheetName,
} from '@mitrebox/domain';
import { inArray, type SQL, sql } from 'drizzle-orm';
import { type Queryable, queryRows } from '../../platform/db.ts';
import { colorFamilies, products } from './catalogue.tables.ts';

/**
 * The Frame Creator's part filters (packages/domain frame-parts.ts): a mat's core, its ply and sheet, a glazing's
 * kind and sheet. The catalogue has no column for core, ply or kind; each is worked out here, once, from the columns
 * it has, and nowhere else:
 * - core: a black-core board's (its line names it) is black; a solid rag board is one colour through, so its core is
 *   its face's colour family; every other board's is white (the demo lines say 'white core').
 * - ply: the board's thickness (the Width column) in 64ths of an inch (4-ply is 1/16" thick, 8-ply 1/8").
 * - kind: acrylic by its category, then by its finish (anti-reflective → museum, UV → conservation, …).
 * - sheet: W_Int × H_Int, short side first.
 */
export interface PartCriteria {
  matCore?: MatCore[];
  ply?: number[];
  sheet?: string[];
  glazing?: GlazingKind[];
}

/** The product type of mat boards (product-types.ts: 1 Mats; 6 is foam board, also of frame type MATS). */
const MAT_TYPE = 1;

const matCore = sql<MatCore | null>`case
    when ${products.frameType} <> 'MATS' or ${products.type} <> ${MAT_TYPE} then null
    when ${products.category} ilike '%black core%' then 'black'
    when ${products.category} ilike '%rag%' then (
      select case lower(split_part(cf.name, ' ', 1))
        when 'white' then 'white' when 'cream' then 'cream' when 'black' then 'black' when 'gray' then 'gray' end
      from ${colorFamilies} cf where cf.id = ${products.colorFamilyId})
    else 'white' end`;

const ply = sql<number | null>`case
    when ${products.frameType} = 'MATS' and ${products.type} = ${MAT_TYPE} and ${products.width} > 0
    then round(${products.width} * ${PLY_PER_INCH})::int end`;

const sheet = sql<string | null>`case
    when ${products.wInt} > 0 and ${products.hInt} > 0
    then concat(least(${products.wInt}, ${products.hInt}), 'x', greatest(${products.wInt}, ${products.hInt})) end`;

const glazing = sql<GlazingKind | null>`case
    when ${products.frameType} <> 'GLASS' then null
    when ${products.category} ilike '%acrylic%' then 'acrylic'
    when ${products.finishName} ilike '%anti-reflective%' then 'museum'
    when ${products.finishName} ilike 'uv%' then 'conservation'
    when ${products.finishName} ilike 'non-glare' then 'non-glare'
    when ${products.finishName} ilike 'clear' then 'clear' end`;

export const hasPartFilters = (c: PartCriteria) =>
  Boolean(c.matCore?.length || c.ply?.length || c.sheet?.length || c.glazing?.length);

/** The WHERE conditions of the part filters that are set. */
export function partConditions(c: PartCriteria): SQL[] {
  const where: SQL[] = [];
  if (c.matCore?.length) where.push(inArray(matCore, c.matCore));
  if (c.ply?.length) where.push(inArray(ply, c.ply));
  if (c.sheet?.length) where.push(inArray(sheet, c.sheet));
  if (c.glazing?.length) where.push(inArray(glazing, c.glazing));
  return where;
}

export interface PartFacet<T> {
  value: T;
  name: string;
  count: number;
}

/** How many products under `where` have each core, ply, sheet and kind (one statement). */
export async function partFacetCounts(db: Queryable, where: SQL | undefined) {
  const rows = await queryRows<{
    core: MatCore | null;
    ply: number | null;
    sheet: string | null;
    glazing: GlazingKind | null;
    n: number;
  }>(
    db,
    sql`select ${matCore} as core, ${ply} as ply, ${sheet} as sheet, ${glazing} as glazing, count(*)::int as n
        from ${products} ${where ? sql`where ${where}` : sql``} group by 1, 2, 3, 4`,
  );
  const tally = <T extends string | number>(pick: (r: (typeof rows)[number]) => T | null) => {
    const counts = new Map<T, number>();
    for (const r of rows) {
      const v = pick(r);
      if (v !== null) counts.set(v, (counts.get(v) ?? 0) + Number(r.n));
    }
    return counts;
  };
  const cores = tally((r) => r.core);
  const plies = tally((r) => (r.ply === null ? null : Number(r.ply)));
  const sheets = tally((r) => r.sheet);
  const kinds = tally((r) => r.glazing);
  const area = (s: string) => s.split('x').reduce((a, b) => a * Number(b), 1);
  return {
    mat_core: MAT_CORES.filter((v) => cores.has(v)).map((value) => ({
      value,
      name: MAT_CORE_NAMES[value],
      count: cores.get(value)!,
    })),
    ply: [...plies.keys()]
      .sort((a, b) => a - b)
      .map((value) => ({ value, name: plyName(value), count: plies.get(value)! })),
    sheet: [...sheets.keys()]
      .sort((a, b) => area(a) - area(b) || a.localeCompare(b))
      .map((value) => ({ value, name: sheetName(value), count: sheets.get(value)! })),
    glazing: GLAZING_KINDS.filter((v) => kinds.has(v)).map((value) => ({
      value,
      name: GLAZING_KIND_NAMES[value],
      count: kinds.get(value)!,
    })),
  };
}
export type PartFacets = Awaited<ReturnType<typeof partFacetCounts>>;
