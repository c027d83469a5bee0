import { PRICE_COLUMNS } from '@mitrebox/api-contract';
import { looksLikeCardNumber } from '@mitrebox/domain';

/**
 * The product CSV file (docs/decisions/015-catalogue-csv-and-erp.md): one row per product, the header names the
 * columns, `code` is the key. A column that is present is set; a column that is absent is left as it is.
 * This file knows the columns and turns one cell into a stored value or a plain message.
 */

export type CellKind = 'text' | 'name' | 'frameType' | 'int' | 'size' | 'money' | 'flag' | 'qty';

export interface ColumnSpec {
  /** the CSV header */
  name: string;
  /** the property of the products table (drizzle) */
  field: string;
  kind: CellKind;
  /** a new product cannot be made without it */
  requiredForNew?: boolean;
  nullable: boolean;
}

const text = (name: string, field: string, extra: Partial<ColumnSpec> = {}): ColumnSpec => ({
  name,
  field,
  kind: 'text',
  nullable: true,
  ...extra,
});

/** The product columns in the order of an export; the stock columns (stock_<location>) follow them. */
export const PRODUCT_COLUMNS: ColumnSpec[] = [
  { name: 'code', field: 'code', kind: 'name', nullable: false },
  text('description', 'description', { requiredForNew: true, nullable: false }),
  text('display_name', 'displayName', { requiredForNew: true, nullable: false }),
  { name: 'frame_type', field: 'frameType', kind: 'frameType', requiredForNew: true, nullable: false },
  { name: 'type', field: 'type', kind: 'int', requiredForNew: true, nullable: false },
  text('category', 'category'),
  { name: 'collection_id', field: 'collectionId', kind: 'int', nullable: true },
  { name: 'width', field: 'width', kind: 'size', nullable: true },
  { name: 'height', field: 'height', kind: 'size', nullable: true },
  { name: 'rabbet', field: 'rabbet', kind: 'size', nullable: true },
  text('manuf_code', 'manufCode'),
  text('finish_name', 'finishName'),
  text('style_name', 'styleName'),
  text('vendor', 'vendor'),
  { name: 'box_qty', field: 'boxQty', kind: 'int', nullable: false },
  { name: 'active', field: 'active', kind: 'flag', nullable: false },
  ...PRICE_COLUMNS.map(
    (name): ColumnSpec => ({
      name,
      field: name.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase()),
      kind: 'money',
      nullable: true,
    }),
  ),
];

export const STOCK_PREFIX = 'stock_';
export const PRICE_COLUMN_NAMES: ReadonlySet<string> = new Set(PRICE_COLUMNS);
export const COLUMN_BY_NAME: ReadonlyMap<string, ColumnSpec> = new Map(
  PRODUCT_COLUMNS.map((c) => [c.name, c]),
);

/** Which columns a file may carry: the whole product, only prices, or only stock (the ERP's scoped imports). */
export type ImportMode = 'products' | 'prices' | 'stock';

export function columnAllowed(mode: ImportMode, header: string): boolean {
  if (header === 'code') return true;
  if (header.startsWith(STOCK_PREFIX)) return mode !== 'prices';
  if (mode === 'stock') return false;
  if (mode === 'prices') return PRICE_COLUMN_NAMES.has(header);
  return COLUMN_BY_NAME.has(header);
}

/** Characters that make a spreadsheet read a cell as a formula (OWASP "CSV injection"). */
const FORMULA_START = /^[=+\-@\t\r]/;
export const FORMULA_MESSAGE =
  "starts with =, +, -, @ or a tab, which a spreadsheet runs as a formula: remove it, or put ' in front to keep it as text.";

/**
 * A text cell as exported: one that a spreadsheet would run as a formula gets a leading apostrophe, which the
 * import takes off again (so an exported file imports unchanged).
 */
export function escapeFormula(value: string): string {
  return FORMULA_START.test(value) || value.startsWith("'") ? `'${value}` : value;
}

/** The stored value of a text cell, or why it is refused. */
function textCell(raw: string): { value: string } | { error: string } {
  if (raw.startsWith("'")) return { value: raw.slice(1) };
  if (FORMULA_START.test(raw)) return { error: FORMULA_MESSAGE };
  return { value: raw };
}

/** A decimal of at most `scale` places and `digits` whole digits, at least 0, in the database's form. */
function decimal(
  raw: string,
  scale: number,
  digits: number,
  what: string,
): { value: string } | { error: string } {
  const m = /^(-?)(\d*)(?:\.(\d*))?$/.exec(raw);
  if (!m || (m[2] === '' && !m[3])) return { error: `must be ${what}, not "${clip(raw)}".` };
  if (m[1] === '-' && /[1-9]/.test(m[2] + (m[3] ?? ''))) return { error: 'must not be negative.' };
  const whole = m[2].replace(/^0+(?=\d)/, '') || '0';
  const frac = (m[3] ?? '').replace(/0+$/, '');
  if (frac.length > scale) return { error: `has more than ${scale} decimal places.` };
  if (whole.length > digits) return { error: 'is too large.' };
  return { value: scale === 0 ? whole : `${whole}.${frac.padEnd(scale, '0')}` };
}

export const CARD_MESSAGE = 'looks like a card number, which the shop never stores.';

const clip = (s: string) => (s.length > 20 ? `${s.slice(0, 20)}…` : s);

export const FRAME_TYPE_VALUES = ['MOULDING', 'HARDWARE', 'GLASS', 'MATS'];

/**
 * One cell: its stored value (string for decimals and text, number for whole numbers, null for empty) or a
 * plain message for the report. `undefined` value means "leave as it is" (an empty stock cell).
 */
export function parseCell(
  kind: CellKind,
  nullable: boolean,
  raw0: string,
): { value: string | number | null | undefined } | { error: string } {
  const raw = kind === 'text' ? raw0 : raw0.trim();
  if (raw === '') {
    if (kind === 'qty') return { value: undefined };
    if (nullable) return { value: null };
    return { error: 'must not be empty.' };
  }
  if (kind !== 'text' && (raw.startsWith('=') || raw.startsWith('@') || raw.startsWith('+')))
    return { error: FORMULA_MESSAGE };
  switch (kind) {
    case 'text': {
      const r = textCell(raw);
      if ('error' in r) return r;
      if (r.value.length > 200) return { error: 'is longer than 200 characters.' };
      if (!nullable && r.value.trim() === '') return { error: 'must not be empty.' };
      // card data is never stored (the request guard leaves CSV bodies to this per-cell check)
      if (looksLikeCardNumber(r.value)) return { error: CARD_MESSAGE };
      return { value: r.value };
    }
    case 'name': {
      const r = textCell(raw);
      if ('error' in r) return r;
      if (!/^[A-Za-z0-9][A-Za-z0-9._\-/ ]{0,39}$/.test(r.value))
        return { error: 'must be 1 to 40 letters, digits, spaces, dots, dashes, slashes or underscores.' };
      return { value: r.value };
    }
    case 'frameType': {
      const v = raw.toUpperCase();
      if (!FRAME_TYPE_VALUES.includes(v)) return { error: `must be one of ${FRAME_TYPE_VALUES.join(', ')}.` };
      return { value: v };
    }
    case 'int': {
      const r = decimal(raw, 0, 7, 'a whole number');
      return 'error' in r ? r : { value: Number(r.value) };
    }
    case 'flag':
      if (raw !== '0' && raw !== '1') return { error: 'must be 1 (active) or 0 (inactive).' };
      return { value: Number(raw) };
    case 'size':
      return decimal(raw, 4, 4, 'a number of inches');
    case 'money':
      return decimal(raw, 2, 10, 'an amount (like 12.50)');
    case 'qty':
      return decimal(raw, 4, 10, 'a number');
  }
}
