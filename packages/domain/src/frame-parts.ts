/**
 * The Frame Creator's part picker (storefront §2 selection modal): the filters that fit each kind of part.
 * Mouldings by collection, finish, width and colour; mats by colour, core, ply and sheet; glazing by kind and sheet.
 * The catalogue has no core, ply or kind column: the server works them out from the columns it has
 * (apps/api catalogue-part-filters.ts), and the values and their names are these.
 */

/** A mat's core: the colour of its bevel once cut. */
export const MAT_CORES = ['white', 'cream', 'black', 'gray'] as const;
export type MatCore = (typeof MAT_CORES)[number];
export const MAT_CORE_NAMES: Record<MatCore, string> = {
  white: 'White core',
  cream: 'Cream core',
  black: 'Black core',
  gray: 'Gray core',
};

/** Kinds of glazing, as a framer chooses them. Acrylic is its own kind, whatever its coating. */
export const GLAZING_KINDS = ['clear', 'conservation', 'museum', 'non-glare', 'acrylic'] as const;
export type GlazingKind = (typeof GLAZING_KINDS)[number];
export const GLAZING_KIND_NAMES: Record<GlazingKind, string> = {
  clear: 'Clear',
  conservation: 'Conservation / UV',
  museum: 'Museum',
  'non-glare': 'Non-glare',
  acrylic: 'Acrylic',
};

/** A mat board's thickness in plies: a ply is 1/64" (4-ply board is 1/16" thick, 8-ply 1/8"). */
export const PLY_PER_INCH = 64;
export const plyName = (ply: number) => `${ply}-ply`;

/** A sheet size as a filter value: the short side first ('32x40'), so either way up is one size. */
export const SHEET_VALUE = /^(\d{1,3})x(\d{1,3})$/;
export function sheetValue(w: number, h: number): string {
  return `${Math.min(w, h)}x${Math.max(w, h)}`;
}
export const sheetName = (value: string) => value.replace('x', ' x ');

/** Moulding face widths the picker offers, as the shop's width range (whole inches and sixteenths). */
export const MOULDING_WIDTH_BANDS = [
  { value: 'under-1', name: 'Under 1"', range: { from: '0', to: '15/16' } },
  { value: '1-2', name: '1" to 1 15/16"', range: { from: '1', to: '1 15/16' } },
  { value: '2-3', name: '2" to 2 15/16"', range: { from: '2', to: '2 15/16' } },
  { value: '3-up', name: '3" and wider', range: { from: '3', to: '90' } },
] as const;

/** A page of the part picker. */
export const PART_PICKER_PAGE_SIZE = 24;

/** The parts of a design, as its cart lines name them (frame-lines.ts). */
export type DesignPartKind = 'innerMoulding' | 'moulding' | 'fillet' | 'mat' | 'glass';
const FIELD_PART: Record<string, DesignPartKind> = {
  moulding: 'moulding',
  innerMoulding: 'innerMoulding',
  fillet: 'fillet',
  mat: 'mat',
  matTB: 'mat',
  matLR: 'mat',
  matOverlap: 'mat',
  matOpening: 'mat',
  matGap: 'mat',
  lowerMats: 'mat',
  glass: 'glass',
};
const LOWER_MAT_FIELD = /^lowerMats\.(\d)$/;
/**
 * The part a field of validateDesign's answer is about: that part alone cannot be priced or cut. Undefined for
 * the picture's size (fWidth, fHeight), which every part depends on.
 */
export const partOfDesignField = (field: string): DesignPartKind | undefined =>
  LOWER_MAT_FIELD.test(field) ? 'mat' : Object.hasOwn(FIELD_PART, field) ? FIELD_PART[field] : undefined;

/**
 * The mat (0 the top mat, then down; the cart line's layer) a field is about: lowerMats.N is layer N + 1, the top
 * mat's own fields layer 0. Null for a field about no one mat ('lowerMats': how many there are) or no mat at all.
 */
export function matLayerOfDesignField(field: string): number | null {
  const m = LOWER_MAT_FIELD.exec(field);
  if (m) return Number(m[1]) + 1;
  return field !== 'lowerMats' && partOfDesignField(field) === 'mat' ? 0 : null;
}
