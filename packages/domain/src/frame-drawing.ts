/**
 * The Frame Creator's drawing: the layers of frameLayers() as one SVG document, in inches. The browser shows
 * it as the user types; the server rasterises the very same markup with sharp (librsvg), the picture and the
 * moulding's photo strip embedded in it. Moulding, inner moulding and fillet rings carry their own face (a tile of grain or sheen
 * repeated along the side, never stretched) rotated per side, shaded across the face by their profile, lit on
 * the outer edge and shaded at the inner lip; each mat shows its colour with a lighter bevel; the glass a faint
 * sheen. Colours and faces come from the catalogue's data through moulding-look.ts.
 */
import type { FrameLayers, Rect, Side } from './frame-layers.ts';
import {
  type FinishKind,
  finishKind,
  type MouldingLookKind,
  mouldingLook,
  ornamentBand,
  profileHeight,
  profileKind,
  type Rgb,
  swatchRgb,
} from './moulding-look.ts';

export interface MouldingLook {
  swatch: string | null;
  finishName: string | null;
  profileName: string | null;
  /** The catalogue's style (an Ornate face carries a row of beads). */
  styleName?: string | null;
  /**
   * The product's photo strip (the face lying along, outer edge at the top), where the image source has one:
   * the sides are that photograph tiled along their length, with light and shade laid over it. `href` null
   * leaves the photograph out of the drawing (the server lays it under the drawing itself).
   */
  strip?: { href: string | null; aspect: number } | null;
}

export interface MatLook {
  swatch: string | null;
  /** The core colour of the bevel (white core unless the mat says black or colour core). */
  core?: 'white' | 'black' | 'cream' | null;
}

export interface DrawingArt {
  href: string;
  /** The crop of the picture, in the picture's own pixels. */
  crop: Rect;
}

export interface DrawingOptions {
  /** The moulding's look; the inner moulding's and the fillet's (a plain face of their own when absent). */
  moulding?: MouldingLook | null;
  inner?: MouldingLook | null;
  fillet?: MouldingLook | null;
  /** The top mat's look. */
  mat?: MatLook | null;
  /** Every mat's look, top first, as layers.mats; the top mat falls back to `mat`. */
  mats?: (MatLook | null | undefined)[] | null;
  /** The picture, shown in every window (a double opening shows it twice); a quiet placeholder without one. */
  art?: DrawingArt | null;
  /** A double opening's second picture, in the right-hand window (the first picture there without it). */
  art2?: DrawingArt | null;
  /** Pixel width of the drawing (its height follows); the viewBox stays in inches. */
  pxWidth?: number;
  /** A prefix for ids, so two drawings on one page never share gradients. */
  idPrefix?: string;
}

const OFF_WHITE: Rgb = [244, 241, 232];
const WOOD_BROWN: Rgb = [150, 120, 80];

/** The colour a mat look shows (its swatch, or an off-white board). */
export function matColor(mat: MatLook | null | undefined): string {
  return toHex(swatchRgb(mat?.swatch, OFF_WHITE));
}

const toHex = (c: Rgb) =>
  `#${c
    .map((v) =>
      Math.round(Math.min(255, Math.max(0, v)))
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')}`;
const mix = (a: Rgb, b: Rgb, t: number): Rgb => [
  a[0] + (b[0] - a[0]) * t,
  a[1] + (b[1] - a[1]) * t,
  a[2] + (b[2] - a[2]) * t,
];
const scale = (a: Rgb, k: number): Rgb => [a[0] * k, a[1] * k, a[2] * k];
const n4 = (v: number) => (Math.round(v * 10000) / 10000).toString();
const pts = (p: [number, number][]) => p.map(([x, y]) => `${n4(x)},${n4(y)}`).join(' ');
const rectPath = (r: Rect) => `M${n4(r.x)} ${n4(r.y)}h${n4(r.w)}v${n4(r.h)}h${n4(-r.w)}z`;

export type FaceKind = FinishKind;

/** The kind of surface a finish name describes (Walnut → wood, Gold Leaf → leaf): moulding-look's finishKind. */
export const faceKind = (finish: string | null | undefined): FaceKind => finishKind(finish);

/** Relief across the face from the outer edge (t = 0) to the lip (t = 1), 0..1, by profile name. */
export const faceRelief = (profile: string | null | undefined, t: number): number =>
  profileHeight(profileKind(profile), t);

interface Face {
  look: MouldingLook;
  kind: MouldingLookKind;
}

const faceOf = (look: MouldingLook): Face => ({
  look,
  kind: { ...mouldingLook(look), base: swatchRgb(look.swatch, WOOD_BROWN) },
});

/** The shading stops across a side: brightness from the profile's height and slope, lit from the top left. */
function reliefStops(face: Face, lit: number): string {
  const { base, finish, profile } = face.kind;
  const shiny = finish === 'metal' || finish === 'leaf' || finish === 'gloss';
  const steps = 20;
  const d = 1 / steps;
  const h = (t: number) => profileHeight(profile, Math.min(1, Math.max(0, t)));
  const out: string[] = [];
  for (let i = 0; i <= steps; i++) {
    const t = i / steps;
    // a face rising towards the lip turns from the light on the lit sides, towards it on the others
    const slope = Math.max(-1.4, Math.min(1.4, (h(t + d) - h(t - d)) / (2 * d)));
    let k = (0.72 + 0.28 * h(t)) * lit - slope * 0.18 * (lit > 1 ? 1 : -1);
    // the outer edge catches the light, the lip falls into shade
    if (t < 0.06) k += 0.2;
    if (t > 0.92) k -= 0.28;
    // light added as well as scaled, so that the relief of a black or dark face still shows
    let c = scale(base, k).map((v) => v + (k - 1) * 70) as Rgb;
    // metal and leaf shine in a band and where the face turns to the light; gloss shows one sharp line;
    // paint, wood and distressed faces stay matt
    if (shiny) {
      const band = Math.max(0, 1 - Math.abs(t - 0.3) * (finish === 'gloss' ? 12 : 5));
      const turned = slope < -0.15 ? Math.min(1, -slope) : 0;
      const glint = Math.max(band * 0.35, finish === 'gloss' ? 0 : turned * 0.3);
      c = mix(c, [255, 250, 235], glint * Math.min(1, lit));
    }
    out.push(`<stop offset="${t.toFixed(3)}" stop-color="${toHex(c)}"/>`);
  }
  return out.join('');
}

/** Light and shade over a photographed side: the outer edge catches the light, the lip falls into shade. */
function photoShadeStops(lit: number): string {
  const shade = Math.max(0, 1 - lit) * 0.9;
  const glow = Math.max(0, lit - 1) * 1.5;
  return [
    `<stop offset="0" stop-color="#ffffff" stop-opacity="${n4(0.3 + glow)}"/>`,
    `<stop offset="0.08" stop-color="#ffffff" stop-opacity="${n4(glow)}"/>`,
    `<stop offset="0.5" stop-color="#000000" stop-opacity="${n4(shade)}"/>`,
    `<stop offset="0.9" stop-color="#000000" stop-opacity="${n4(shade + 0.12)}"/>`,
    `<stop offset="1" stop-color="#000000" stop-opacity="${n4(shade + 0.35)}"/>`,
  ].join('');
}

/**
 * The face's surface (grain, brushing, leaf squares, beads) along one side, in the side's own coordinates: u
 * along the side (0..length), v across the face from the outer edge (0..face). The pattern repeats every 6 inches
 * of length — tiled, never stretched — and each line stops at the mitres (u from v to length − v).
 */
function faceLines(face: Face, width: number, length: number): string {
  const { base, finish, profile, ornate } = face.kind;
  const dark = toHex(scale(base, 0.55));
  const light = toHex(mix(base, [255, 255, 255], 0.45));
  const tile = 6;
  const out: string[] = [];
  const f = Math.max(width, 0.125);
  if (finish === 'wood' || finish === 'distressed') {
    const opacity = finish === 'distressed' ? 0.45 : 0.28;
    const lines = Math.max(3, Math.min(9, Math.round(f * 6)));
    for (let i = 0; i < lines; i++) {
      const v = (f * (i + 0.5)) / lines;
      const a = f * 0.035 * ((i % 3) - 1);
      // a gentle wave, one period per tile, from mitre to mitre
      let d = `M${n4(v)} ${n4(v)}`;
      for (let u = Math.floor(v / tile) * tile; u < length - v; u += tile) {
        const u1 = Math.min(length - v, u + tile / 3);
        const u2 = Math.min(length - v, u + (2 * tile) / 3);
        const u3 = Math.min(length - v, u + tile);
        d += ` C${n4(Math.max(v, u1))} ${n4(v + a)} ${n4(Math.max(v, u2))} ${n4(v - a)} ${n4(Math.max(v, u3))} ${n4(v)}`;
      }
      out.push(
        `<path d="${d}" stroke="${dark}" stroke-opacity="${opacity}" stroke-width="${n4(f * 0.02)}" fill="none"/>`,
      );
    }
    if (finish === 'distressed') {
      // worn spots where the paint has rubbed through to the wood
      for (let u = tile / 3; u < length - f; u += tile * 0.7) {
        const v = f * (0.25 + 0.5 * ((Math.round(u * 7) % 5) / 5));
        if (u > v && u < length - v)
          out.push(
            `<ellipse cx="${n4(u)}" cy="${n4(v)}" rx="${n4(f * 0.18)}" ry="${n4(f * 0.05)}" fill="${light}" fill-opacity="0.3"/>`,
          );
      }
    }
  } else if (finish === 'metal') {
    for (let i = 0; i < 14; i++) {
      const v = (f * (i + 0.5)) / 14;
      out.push(
        `<line x1="${n4(v)}" x2="${n4(length - v)}" y1="${n4(v)}" y2="${n4(v)}" stroke="${i % 2 ? light : dark}" stroke-opacity="0.18" stroke-width="${n4(f * 0.012)}"/>`,
      );
    }
  } else if (finish === 'leaf') {
    // the seams of the squares of leaf laid along the face, a little of the red bole showing through
    for (let u = tile / 4; u < length; u += 1.5) {
      const reach = Math.min(f, u, length - u);
      out.push(
        `<line x1="${n4(u)}" x2="${n4(u)}" y1="0" y2="${n4(reach)}" stroke="${dark}" stroke-opacity="0.22" stroke-width="0.02"/>`,
        `<line x1="${n4(u + 0.03)}" x2="${n4(u + 0.03)}" y1="0" y2="${n4(Math.min(f, u + 0.03, length - u - 0.03))}" stroke="#8a3b22" stroke-opacity="0.12" stroke-width="0.015"/>`,
      );
    }
  }
  if (ornate) {
    // a row of beads along the band of the face the profile carries them on
    const [a, b] = ornamentBand(profile);
    const band = (b - a) * f;
    const v = ((a + b) / 2) * f;
    const p = band * 1.6;
    const beads = (dv: number, colour: string, opacity: number) =>
      `<line x1="${n4(v + band / 2)}" x2="${n4(length - v - band / 2)}" y1="${n4(v + dv)}" y2="${n4(v + dv)}" stroke="${colour}" stroke-opacity="${opacity}" stroke-width="${n4(band * 0.8)}" stroke-linecap="round" stroke-dasharray="0 ${n4(p)}"/>`;
    if (band > 0.04) out.push(beads(band * 0.12, dark, 0.55), beads(-band * 0.05, light, 0.6));
  }
  return out.join('');
}

const LIT = { top: 1.12, left: 1.04, right: 0.86, bottom: 0.78 } as const;

/**
 * One ring (moulding, inner moulding or fillet): four mitred sides, each textured along its length and shaded
 * across its face, hairline mitre joints, and the shadow its lip casts inside.
 */
function ringSvg(
  id: string,
  ring: { outer: Rect; width: number; sides: Side[] },
  face: Face,
  hairline: number,
  defs: string[],
  body: string[],
) {
  const { outer, width } = ring;
  if (width <= 0 || ring.sides.length === 0) return;
  const { x, y, w, h } = outer;
  for (const side of ring.sides) {
    const [o1, , i2] = side.points;
    // gradient from the outer edge to the inner lip, perpendicular to the side
    const vec = side.side === 'top' || side.side === 'bottom' ? [0, o1[1], 0, i2[1]] : [o1[0], 0, i2[0], 0];
    const gradient = (stops: string) =>
      `<linearGradient id="${id}-g-${side.side}" gradientUnits="userSpaceOnUse" x1="${n4(vec[0])}" y1="${n4(vec[1])}" x2="${n4(vec[2])}" y2="${n4(vec[3])}">${stops}</linearGradient>`;
    // the surface, drawn along the side and turned into place
    const along = side.side === 'top' || side.side === 'bottom' ? w : h;
    const place = {
      top: x === 0 && y === 0 ? '' : `translate(${n4(x)} ${n4(y)})`,
      right: `translate(${n4(x + w)} ${n4(y)}) rotate(90)`,
      bottom: `translate(${n4(x + w)} ${n4(y + h)}) rotate(180)`,
      left: `translate(${n4(x)} ${n4(y + h)}) rotate(-90)`,
    }[side.side];
    const strip = face.look.strip;
    if (strip) {
      // the product photograph, tiled along the side (never stretched), light and shade over it
      if (strip.href) {
        const tw = width * Math.max(0.05, strip.aspect);
        defs.push(
          `<pattern id="${id}-p-${side.side}" patternUnits="userSpaceOnUse" width="${n4(tw)}" height="${n4(width)}"${place ? ` patternTransform="${place}"` : ''}><image href="${strip.href.replace(/"/g, '&quot;')}" width="${n4(tw)}" height="${n4(width)}" preserveAspectRatio="none"/></pattern>`,
        );
        body.push(`<polygon points="${pts(side.points)}" fill="url(#${id}-p-${side.side})"/>`);
      }
      defs.push(gradient(photoShadeStops(LIT[side.side])));
      body.push(`<polygon points="${pts(side.points)}" fill="url(#${id}-g-${side.side})"/>`);
      continue;
    }
    defs.push(gradient(reliefStops(face, LIT[side.side])));
    body.push(
      `<polygon points="${pts(side.points)}" fill="url(#${id}-g-${side.side})"/>`,
      `<g${place ? ` transform="${place}"` : ''}>${faceLines(face, width, along)}</g>`,
    );
  }
  // the mitre joints: a hairline where two sides meet
  const seam = (x1: number, y1: number, x2: number, y2: number) =>
    `<line x1="${n4(x1)}" y1="${n4(y1)}" x2="${n4(x2)}" y2="${n4(y2)}" stroke="#000" stroke-opacity="0.35" stroke-width="${n4(hairline)}"/>`;
  body.push(
    seam(x, y, x + width, y + width),
    seam(x + w, y, x + w - width, y + width),
    seam(x + w, y + h, x + w - width, y + h - width),
    seam(x, y + h, x + width, y + h - width),
  );
  // a shadow the lip casts on what lies inside
  const inner = { x: x + width, y: y + width, w: w - 2 * width, h: h - 2 * width };
  const sw = Math.min(0.12, width * 0.4, inner.w / 20, inner.h / 20);
  if (sw > 0)
    body.push(
      `<rect x="${n4(inner.x + sw / 2)}" y="${n4(inner.y + sw / 2)}" width="${n4(inner.w - sw)}" height="${n4(inner.h - sw)}" fill="none" stroke="#000" stroke-opacity="0.18" stroke-width="${n4(sw)}"/>`,
    );
}

const PLAIN_FACE: MouldingLook = { swatch: null, finishName: null, profileName: null };

/** The whole drawing as an SVG document. */
export function frameSvg(layers: FrameLayers, opts: DrawingOptions = {}): string {
  const id = opts.idPrefix ?? 'fb';
  const W = layers.width;
  const H = layers.height;
  const px = opts.pxWidth ?? 600;
  const pxH = Math.max(1, Math.round((px * H) / W));
  const hairline = Math.max(0.015, W / 1500);
  const defs: string[] = [];
  const body: string[] = [];
  const { arts, mats } = layers;

  // the pictures, or a quiet placeholder where there is none
  const first = opts.art;
  if (first) {
    arts.forEach((a, i) => {
      const art = (i === 1 && opts.art2) || first;
      const c = art.crop;
      const href = art.href.replace(/"/g, '&quot;');
      body.push(
        `<svg x="${n4(a.x)}" y="${n4(a.y)}" width="${n4(a.w)}" height="${n4(a.h)}" viewBox="${n4(c.x)} ${n4(c.y)} ${n4(c.w)} ${n4(c.h)}" preserveAspectRatio="xMidYMid slice"><image href="${href}" x="0" y="0" width="${n4(c.x + c.w)}" height="${n4(c.y + c.h)}" preserveAspectRatio="none"/></svg>`,
      );
    });
  } else {
    defs.push(
      `<linearGradient id="${id}-blank" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#eef0f2"/><stop offset="1" stop-color="#d9dde2"/></linearGradient>`,
    );
    for (const a of arts)
      body.push(
        `<rect x="${n4(a.x)}" y="${n4(a.y)}" width="${n4(a.w)}" height="${n4(a.h)}" fill="url(#${id}-blank)"/>`,
      );
  }

  // the mats, the bottom layer first: each its colour with its window(s) cut out, a lighter bevel inside each
  // window. A lower mat is drawn only inside the windows of the layer above: the rest of it is hidden.
  const bevelShade = { top: 0.96, left: 1, right: 0.88, bottom: 0.82 } as const;
  for (let k = mats.length - 1; k >= 0; k--) {
    const m = mats[k];
    const look = opts.mats?.[k] ?? (k === 0 ? opts.mat : null);
    const color = swatchRgb(look?.swatch, OFF_WHITE);
    const core: Rgb =
      look?.core === 'black' ? [40, 40, 40] : look?.core === 'cream' ? [240, 232, 210] : [255, 255, 252];
    const board = k === 0 ? [m.outer] : mats[k - 1].windows;
    body.push(
      `<path fill-rule="evenodd" fill="${toHex(color)}" d="${[...board, ...m.windows].map(rectPath).join(' ')}"/>`,
    );
    for (const b of m.bevel) {
      const c = scale(mix(core, color, 0.15), bevelShade[b.side]);
      body.push(`<polygon points="${pts(b.points)}" fill="${toHex(c)}"/>`);
    }
  }

  // the fillet: a small moulding of its own lining the top mat's window(s) or the frame's inside
  if (layers.fillet) {
    const face = faceOf(opts.fillet ?? PLAIN_FACE);
    layers.fillet.rings.forEach((r, i) => {
      ringSvg(`${id}-f${i}`, r, face, hairline, defs, body);
    });
  }

  // the glass: two faint diagonal bands of reflection over the inside (flat fills: cheap to draw)
  if (layers.glass) {
    const g = layers.glass;
    const band = (from: number, to: number, opacity: number) => {
      // a band between two lines x + y = c, clipped to the glass rectangle by its corners
      const c1 = g.x + g.y + from * (g.w + g.h);
      const c2 = g.x + g.y + to * (g.w + g.h);
      const clampX = (x: number) => Math.min(g.x + g.w, Math.max(g.x, x));
      const line = (c: number): [number, number][] => {
        const xTop = clampX(c - g.y);
        const xBottom = clampX(c - (g.y + g.h));
        return [
          [xTop, c - xTop],
          [xBottom, c - xBottom],
        ];
      };
      const [a, b] = line(c1);
      const [d, e] = line(c2);
      return `<polygon points="${pts([a, b, e, d])}" fill="#ffffff" fill-opacity="${opacity}"/>`;
    };
    body.push(band(0.18, 0.3, 0.1), band(0.34, 0.38, 0.07));
  }

  // the inner moulding, then the moulding around it
  if (layers.inner) ringSvg(`${id}-i`, layers.inner, faceOf(opts.inner ?? PLAIN_FACE), hairline, defs, body);
  if (layers.mouldingWidth > 0 && layers.moulding.length)
    ringSvg(
      id,
      { outer: { x: 0, y: 0, w: W, h: H }, width: layers.mouldingWidth, sides: layers.moulding },
      faceOf(opts.moulding ?? PLAIN_FACE),
      hairline,
      defs,
      body,
    );

  return `<svg xmlns="http://www.w3.org/2000/svg" width="${px}" height="${pxH}" viewBox="0 0 ${n4(W)} ${n4(H)}"><defs>${defs.join('')}</defs>${body.join('')}</svg>`;
}
