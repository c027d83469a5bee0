import type { DesignPart, FrameQuoteResponse, ProductFilterSet } from '@mitrebox/api-contract';
import {
  DEFAULT_MAT_REVEAL,
  type DesignPartKind,
  type DesignParts,
  type DrawingOptions,
  designPartSizes,
  type FrameDesign,
  type GlazingKind,
  type MatCore,
  MOULDING_WIDTH_BANDS,
  matLayerOfDesignField,
  matNames,
  partOfDesignField,
} from '@mitrebox/domain';

/**
 * The design's parts: their names on the screen, the picker's filters, the widths and looks the drawing reads, why a
 * design cannot go to the cart.
 */

/** The kinds of product the picker lists: an inner moulding is picked among the mouldings. */
export type PartKind = 'moulding' | 'fillet' | 'mat' | 'glass';
export const PART_TITLE: Record<DesignPartKind, string> = {
  innerMoulding: 'Inner moulding',
  moulding: 'Frame',
  fillet: 'Fillet',
  mat: 'Mat',
  glass: 'Glazing',
};

/**
 * The place in the design a picked product goes: a part's field, a mat under the top mat (by its index), or a new
 * mat under the others.
 */
export type PartSlot =
  | 'moulding'
  | 'innerMoulding'
  | 'fillet'
  | 'mat'
  | 'glass'
  | { lowerMat: number }
  | { lowerMat: 'new' };

export const pickerKindOf = (slot: PartSlot): PartKind =>
  typeof slot === 'object' ? 'mat' : slot === 'innerMoulding' ? 'moulding' : slot;

/** A slot's name on the screen; a lower mat's depends on how many mats the design has (`mats`). */
export const SLOT_TITLE = (slot: PartSlot, mats = 1): string =>
  typeof slot === 'object'
    ? slot.lowerMat === 'new'
      ? 'Mat below'
      : matName(slot.lowerMat + 1, mats)
    : slot === 'innerMoulding'
      ? 'Inner moulding (liner)'
      : PART_TITLE[slot];

/** A mat by its layer (0 the top mat) among `mats`: Top, Middle, Bottom mat — the domain's names (frame-lines.ts). */
export const matName = (layer: number, mats: number) => matNames(Math.max(mats, layer + 1, 2))[layer];

/** The design with a picked product in its slot (a fillet keeps its position; a new lower mat shows 1/4"). */
export function placePart(d: FrameDesign, slot: PartSlot, code: string): Partial<FrameDesign> {
  if (typeof slot === 'object') {
    const lower = [...(d.lowerMats ?? [])];
    if (slot.lowerMat === 'new') lower.push({ code, reveal: DEFAULT_MAT_REVEAL });
    else lower[slot.lowerMat] = { ...lower[slot.lowerMat], code };
    return { lowerMats: lower };
  }
  if (slot === 'fillet') return { fillet: { code, position: d.fillet?.position ?? 'frame' } };
  return { [slot]: code };
}

/** Every item # the design names, once each (the parts call takes at most 7). */
export function designCodes(d: FrameDesign): string[] {
  const codes = [
    d.moulding,
    d.innerMoulding,
    d.fillet?.code,
    d.mat,
    ...(d.lowerMats ?? []).map((m) => m.code),
    d.glass,
  ];
  return [...new Set(codes.filter((c): c is string => Boolean(c)))];
}

/** The design's parts by the field that names them: moulding, innerMoulding, fillet, mat, lowerMats.N, glass. */
export type DesignPartsByField = Partial<Record<string, DesignPart>>;

export function partsByField(
  d: Pick<FrameDesign, 'moulding' | 'innerMoulding' | 'fillet' | 'mat' | 'lowerMats' | 'glass'>,
  found: DesignPart[],
): DesignPartsByField {
  const byCode = new Map(found.map((p) => [p.Code, p]));
  const get = (c: string | null | undefined) => (c ? byCode.get(c) : undefined);
  const out: DesignPartsByField = {
    moulding: get(d.moulding),
    innerMoulding: get(d.innerMoulding),
    fillet: get(d.fillet?.code),
    mat: get(d.mat),
    glass: get(d.glass),
  };
  (d.lowerMats ?? []).forEach((m, i) => {
    out[`lowerMats.${i}`] = get(m.code);
  });
  return out;
}

/** What the domain's sizes and rules read of the parts: face widths and sheet sizes (the server's reading too). */
export const partSizes = (d: FrameDesign, parts: DesignPartsByField): DesignParts =>
  designPartSizes(d, parts);

/** A face's look: its photo strip where the image source has one, else its colour, finish and profile. */
const faceLook = (p: DesignPart | undefined) =>
  p
    ? {
        swatch: p.swatch,
        finishName: p.finish_name,
        profileName: p.profile_type,
        styleName: p.style_name,
        strip: p.strip ? { href: p.strip.url, aspect: p.strip.aspect } : null,
      }
    : null;
const matLook = (p: DesignPart | undefined) =>
  p
    ? { swatch: p.swatch, core: /black/i.test(p.category ?? '') ? ('black' as const) : ('white' as const) }
    : null;

/** The looks frameSvg draws the parts with: each moulding's face, the fillet's, every mat's colour and core. */
export function partLooks(
  d: FrameDesign,
  parts: DesignPartsByField,
): Pick<DrawingOptions, 'moulding' | 'inner' | 'fillet' | 'mat' | 'mats'> {
  const mats = d.mat ? [parts.mat, ...(d.lowerMats ?? []).map((_, i) => parts[`lowerMats.${i}`])] : [];
  return {
    moulding: faceLook(parts.moulding),
    inner: faceLook(parts.innerMoulding),
    fillet: faceLook(parts.fillet),
    mat: matLook(parts.mat),
    mats: mats.map(matLook),
  };
}

/** A quote line's part on the screen (a mat by its layer, when the design has more than one). */
export const lineName = (l: { part: DesignPartKind; layer: number | null }, mats = 1) =>
  l.part === 'mat' && l.layer !== null && mats > 1 ? matName(l.layer, mats) : PART_TITLE[l.part];

/** The name of a design field's part, for a message about it ('Bottom mat', 'Fillet', 'Size'). */
export function fieldTitle(field: string, mats = 1): string {
  const part = partOfDesignField(field);
  if (!part) return 'Size';
  const layer = matLayerOfDesignField(field);
  return part === 'mat' && layer !== null && layer > 0 ? matName(layer, mats) : PART_TITLE[part];
}

/** The part picker's choice of each filter group; null is "any". */
export interface PickerChoice {
  collection: string | null;
  finish: string | null;
  width: string | null;
  colour: string | null;
  core: string | null;
  ply: string | null;
  sheet: string | null;
  glazing: string | null;
}
export const NOTHING_CHOSEN: PickerChoice = {
  collection: null,
  finish: null,
  width: null,
  colour: null,
  core: null,
  ply: null,
  sheet: null,
  glazing: null,
};

/** The listing's filters of what the picker has chosen. */
export function pickerFilters(c: PickerChoice): ProductFilterSet {
  const f: ProductFilterSet = {};
  if (c.collection) f.collection = [Number(c.collection)];
  if (c.finish) f.finish = [c.finish];
  const band = MOULDING_WIDTH_BANDS.find((b) => b.value === c.width);
  if (band) f.width = { ...band.range };
  if (c.colour) f.color_family = [Number(c.colour)];
  if (c.core) f.mat_core = [c.core as MatCore];
  if (c.ply) f.ply = [Number(c.ply)];
  if (c.sheet) f.sheet = [c.sheet];
  if (c.glazing) f.glazing = [c.glazing as GlazingKind];
  return f;
}

/**
 * Why the design cannot go to the cart yet, or null: no part, a rule of the design it breaks (the first, named by
 * its part), a size field's text that is not a size, or a part the price refuses (its line's reason).
 */
export function whyNotToCart(opts: {
  anyPart: boolean;
  errors: Record<string, string>;
  quote: FrameQuoteResponse | undefined;
  /** The message of a size field whose text is refused (still on that field). */
  refused?: string | null;
  /** How many mats the design has (a lower mat is named Middle or Bottom by it). */
  mats?: number;
}): string | null {
  if (!opts.anyPart) return 'Select a frame, mat or glazing first.';
  const [field, message] = Object.entries(opts.errors)[0] ?? [];
  if (field && message) return `${fieldTitle(field, opts.mats)}: ${message}`;
  if (opts.refused) return opts.refused;
  const refusedLine = opts.quote?.data.find((l) => l.message);
  const mats = opts.quote?.data.filter((l) => l.part === 'mat').length ?? 0;
  if (refusedLine) return `${lineName(refusedLine, mats)}: ${refusedLine.message}`;
  return null;
}
