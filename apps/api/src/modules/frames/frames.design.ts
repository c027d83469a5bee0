/**
 * Which parts a design names and what the server makes of them: each part by the design's field that names it
 * (moulding, innerMoulding, fillet, mat, lowerMats.N, glass) and the product it must be, which cart line a broken
 * rule is about, the looks the drawing reads, and framedata as the server reads it (docs/decisions/010).
 */
import { type DesignPart, FrameDesignInput } from '@mitrebox/api-contract';
import {
  type DesignLine,
  decodeFrameData,
  FrameDataError,
  type FrameDesign,
  frameMessages,
  type MatLook,
  type MouldingLook,
  matLayerOfDesignField,
  partOfDesignField,
} from '@mitrebox/domain';
import { unprocessable } from '../../platform/errors.ts';

/** A part of a design and the catalogue's frame type it must be; a fillet is also of product type 3. */
export type Kind = 'moulding' | 'innerMoulding' | 'fillet' | 'mat' | 'glass';
export const FRAME_TYPE: Record<Kind, string> = {
  moulding: 'MOULDING',
  innerMoulding: 'MOULDING',
  fillet: 'MOULDING',
  mat: 'MATS',
  glass: 'GLASS',
};
export const KIND_LABEL: Record<Kind, string> = {
  moulding: 'moulding',
  innerMoulding: 'moulding',
  fillet: 'fillet',
  mat: 'mat',
  glass: 'glazing',
};
export const FILLET_TYPE = 3;
export const MOULDING_TYPE = 4;

/**
 * framedata, read: the domain's codec (a design saved before the added layers reads with none of them), then the
 * contract's schema (an artwork id, a crop, notes as the Frame Creator sends them). Anything else is refused.
 */
export function readFrameData(framedata: string): FrameDesign {
  const refused = () =>
    unprocessable(frameMessages.framedataInvalid, { framedata: frameMessages.framedataInvalid });
  let design: FrameDesign;
  try {
    design = decodeFrameData(framedata);
  } catch (err) {
    if (err instanceof FrameDataError) throw refused();
    throw err;
  }
  const parsed = FrameDesignInput.safeParse(design);
  if (!parsed.success) throw refused();
  return parsed.data;
}

/** Each part of a design by the field that names it: moulding, innerMoulding, fillet, mat, lowerMats.N, glass. */
export function namedParts(d: FrameDesign): { field: string; kind: Kind; code: string }[] {
  const named: { field: string; kind: Kind; code: string }[] = [];
  for (const kind of ['moulding', 'innerMoulding', 'mat', 'glass'] as const) {
    const code = d[kind];
    if (code) named.push({ field: kind, kind, code });
  }
  if (d.fillet) named.push({ field: 'fillet', kind: 'fillet', code: d.fillet.code });
  (d.lowerMats ?? []).forEach((m, i) => {
    named.push({ field: `lowerMats.${i}`, kind: 'mat', code: m.code });
  });
  return named;
}

/** The design's field that names a line's part (lowerMats.N for a mat under the top mat). */
export const fieldOfLine = (l: DesignLine) =>
  l.part === 'mat' && l.layer ? `lowerMats.${l.layer - 1}` : l.part;

/** Whether a rule broken on `field` is about this line (its part, and for a mat its layer). */
export function lineOwns(line: DesignLine, field: string): boolean {
  if (partOfDesignField(field) !== line.part) return false;
  return line.part !== 'mat' || matLayerOfDesignField(field) === line.layer;
}

export const mouldingLook = (p: DesignPart | undefined): MouldingLook | null =>
  p
    ? {
        swatch: p.swatch,
        finishName: p.finish_name,
        profileName: p.profile_type,
        styleName: p.style_name,
      }
    : null;
export const matLook = (p: DesignPart | undefined): MatLook | null =>
  p ? { swatch: p.swatch, core: /black/i.test(p.category ?? '') ? 'black' : 'white' } : null;
