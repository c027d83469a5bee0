/**
 * The Frame Creator's one geometry (docs/decisions/010): a design as layers in inches, origin at the outer
 * top-left corner, drawn by frameSvg in the browser and on the server alike. The sizes come from designSizes
 * (frame-sizes.ts); this file only places them.
 *
 * Drawing order, bottom to top: the picture(s), the mats from the bottom layer up (each with its window(s) and
 * bevel), the fillet, the glazing, the inner moulding, the moulding.
 */
import { SIXTEENTHS } from './fractions.ts';
import type { DesignParts, FilletPosition, FrameDesign } from './frame-model.ts';
import { designSizes, type Offset, type Size } from './frame-sizes.ts';

/** The width of the bevel a mat cutter leaves around the window, in inches. */
export const MAT_BEVEL_INCHES = 3 / 16;

export type Point = [number, number];

export interface Rect {
  x: number;
  y: number;
  w: number;
  h: number;
}

export type SideName = 'top' | 'right' | 'bottom' | 'left';

/** One mitred side: outer edge first (two points), then the inner edge (two points). */
export interface Side {
  side: SideName;
  points: [Point, Point, Point, Point];
}

/** A ring of moulding or fillet: four sides of `width` mitred at 45° between `outer` and `inside`. */
export interface Ring {
  outer: Rect;
  inside: Rect;
  width: number;
  sides: Side[];
}

export interface MatLayer {
  /** The mat's product, and for a lower mat the reveal (inches) it shows inside the layer above. */
  code: string;
  reveal: number;
  /** The board: the frame's inside. */
  outer: Rect;
  /** The first window, and every window (two for a double opening). */
  window: Rect;
  windows: Rect[];
  /** The bevel trapezoids just inside each window. */
  bevel: Side[];
}

export interface FrameLayers {
  /** The whole picture, outside of the moulding, in inches. */
  width: number;
  height: number;
  /** The moulding's face width (0 without a moulding). */
  mouldingWidth: number;
  /** The moulding's four mitred sides: outer edge first (two points), then the inner edge (two points). */
  moulding: Side[];
  /** The inner moulding's ring (its outside is the moulding's inside), or null. */
  inner: Ring | null;
  /** The fillet: one ring inside the frame, or one ring in each window of the top mat. */
  fillet: { position: FilletPosition; width: number; rings: Ring[] } | null;
  /** The top mat (the first of `mats`), or null. */
  mat: MatLayer | null;
  /** Every mat, top first (drawn bottom first). */
  mats: MatLayer[];
  /** The (first) picture, and every picture (two for a double opening); the whole inside without a mat. */
  art: Rect;
  arts: Rect[];
  /** The frame's inside: the mats' outer size. */
  inside: Rect;
  /** The glazing over everything inside the moulding. */
  glass: Rect | null;
}

/** The sides of a rectangle frame between an outer and an inner rectangle, mitred at 45°. */
export function mitred(outer: Rect, inner: Rect): Side[] {
  const o = {
    tl: [outer.x, outer.y] as Point,
    tr: [outer.x + outer.w, outer.y] as Point,
    br: [outer.x + outer.w, outer.y + outer.h] as Point,
    bl: [outer.x, outer.y + outer.h] as Point,
  };
  const i = {
    tl: [inner.x, inner.y] as Point,
    tr: [inner.x + inner.w, inner.y] as Point,
    br: [inner.x + inner.w, inner.y + inner.h] as Point,
    bl: [inner.x, inner.y + inner.h] as Point,
  };
  return [
    { side: 'top', points: [o.tl, o.tr, i.tr, i.tl] },
    { side: 'right', points: [o.tr, o.br, i.br, i.tr] },
    { side: 'bottom', points: [o.br, o.bl, i.bl, i.br] },
    { side: 'left', points: [o.bl, o.tl, i.tl, i.bl] },
  ];
}

const inset = (r: Rect, by: number): Rect => ({ x: r.x + by, y: r.y + by, w: r.w - 2 * by, h: r.h - 2 * by });

function ring(outer: Rect, width: number): Ring {
  const inside = inset(outer, width);
  return { outer, inside, width, sides: mitred(outer, inside) };
}

/**
 * The design as layers in inches: the moulding and inner moulding (four mitred trapezoids of their face width),
 * the fillet ring(s), every mat with its centred window(s) and a bevel, the picture(s), the glass.
 */
export function frameLayers(d: FrameDesign, parts: DesignParts): FrameLayers {
  const s = designSizes(d, parts);
  const inch = (n: number) => n / SIXTEENTHS;
  const outerFace = s.moulding ? inch(s.moulding.width) : 0;
  const innerFace = s.inner ? inch(s.inner.width) : 0;
  const o = outerFace + innerFace;
  const rect = (at: Offset, size: Size): Rect => ({
    x: o + inch(at.x),
    y: o + inch(at.y),
    w: inch(size.width),
    h: inch(size.height),
  });
  const inside = rect({ x: 0, y: 0 }, s.inside);
  const width = inside.w + 2 * o;
  const height = inside.h + 2 * o;
  const whole: Rect = { x: 0, y: 0, w: width, h: height };

  const mats: MatLayer[] = s.mats.map((m, k) => {
    const windows = m.windows.map((at) => rect(at, m.window));
    // a lower mat's reveal stays in sight: the bevel above it takes at most half of it
    const next = s.mats[k + 1];
    const bevelWidth = Math.min(
      MAT_BEVEL_INCHES,
      inch(m.window.width) / 4,
      inch(m.window.height) / 4,
      next ? inch(next.reveal) / 2 : Number.POSITIVE_INFINITY,
    );
    return {
      code: m.code,
      reveal: inch(m.reveal),
      outer: inside,
      window: windows[0],
      windows,
      bevel: windows.flatMap((w) => mitred(w, inset(w, Math.max(0, bevelWidth)))),
    };
  });

  const fillet = s.fillet
    ? {
        position: s.fillet.position,
        width: inch(s.fillet.width),
        rings: s.fillet.rings.map((at) => ring(rect(at, s.fillet!.opening), inch(s.fillet!.width))),
      }
    : null;

  const arts = s.pictures.map((at) => rect(at, s.picture));
  return {
    width,
    height,
    mouldingWidth: outerFace,
    moulding: outerFace > 0 ? mitred(whole, inset(whole, outerFace)) : [],
    inner: s.inner ? ring(inset(whole, outerFace), innerFace) : null,
    fillet,
    mat: mats[0] ?? null,
    mats,
    art: arts[0],
    arts,
    inside,
    glass: d.glass ? inside : null,
  };
}

/** 'Width x Height' of the preview: the outside size of the frame with fractions. */
export function designSizeLabel(layers: FrameLayers, format: (inches: number) => string): string {
  return `${format(layers.width)} x ${format(layers.height)}`;
}
