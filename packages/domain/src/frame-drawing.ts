/**
 * The Frame Creator's drawing: the layers of frameLayers() as one SVG document, in inches. The browser shows
 * it as the user types; the server renders the very same markup with sharp (librsvg) and lays the uploaded
 * picture under it. Moulding sides carry the moulding's face (a tile of grain or sheen repeated along the
 * side, never stretched) rotated per side, lit on the outer edge and shaded at the inner lip; the mat shows
 * its colour with a lighter bevel; the glass a faint sheen.
 */
import type { FrameLayers, Rect } from './frame-design.ts';

export interface MouldingLook {
  swatch: string | null;
  finishName: string | null;
  profileName: string | null;
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
  moulding?: MouldingLook | null;
  mat?: MatLook | null;
  /** 'none' leaves the picture's place transparent (the server lays the picture under the drawing). */
  art?: DrawingArt | 'none' | null;
  /** Pixel width of the drawing (its height follows); the viewBox stays in inches. */
  pxWidth?: number;
  /** A prefix for ids, so two drawings on one page never share gradients. */
  idPrefix?: string;
  /**
   * The mat's colour is already the background (the server lays the picture on a board of the mat's colour):
   * the mat is drawn only where it covers the picture (its overlap), which keeps the drawing small.
   */
  matAsBackground?: boolean;
}

/** The colour a mat look shows (its swatch, or an off-white board). */
export function matColor(mat: MatLook | null | undefined): string {
  return toHex(rgb(mat?.swatch, [244, 241, 232]));
}

type Rgb = [number, number, number];

function rgb(hex: string | null | undefined, fallback: Rgb): Rgb {
  const m = /^#?([0-9a-f]{6})$/i.exec(hex ?? '');
  if (!m) return fallback;
  const n = Number.parseInt(m[1], 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
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

export type FaceKind = 'wood' | 'metal' | 'leaf' | 'gloss' | 'paint' | 'distressed';

/** The kind of surface a finish name describes (Walnut → wood, Gold Leaf → leaf). */
export function faceKind(finish: string | null | undefined): FaceKind {
  const n = (finish ?? '').toLowerCase();
  if (/leaf|gilt|gild|antique (gold|silver)|champagne/.test(n)) return 'leaf';
  if (/barn|drift|distress|reclaim|weather/.test(n)) return 'distressed';
  if (/lacquer|gloss|burgundy/.test(n)) return 'gloss';
  if (/gold|silver|pewter|bronze|copper|brushed|chrome|metal/.test(n)) return 'metal';
  if (
    /walnut|oak|maple|cherry|mahogany|espresso|chestnut|ebony|ash|wash|pine|cypress|wood|teak|birch/.test(n)
  )
    return 'wood';
  return 'paint';
}

/** Relief across the face from the outer edge (t = 0) to the lip (t = 1), 0..1, by profile name. */
export function faceRelief(profile: string | null | undefined, t: number): number {
  const p = (profile ?? '').toLowerCase();
  if (p.includes('scoop'))
    return t < 0.15 ? 0.9 + 0.1 * Math.sin((t / 0.15) * Math.PI) : 0.5 + 0.4 * (t - 0.5) ** 2 * 4;
  if (p.includes('reverse')) return 0.35 + 0.6 * t;
  if (p.includes('cap')) return t < 0.3 ? 0.7 + t : 1 - 0.6 * (t - 0.3);
  if (p.includes('bevel')) return 1 - 0.6 * t;
  if (p.includes('round') || p.includes('bullnose')) return Math.sqrt(Math.max(0, 1 - (2 * t - 1) ** 2));
  if (p.includes('step')) return 1 - (t > 0.33 ? 0.2 : 0) - (t > 0.66 ? 0.2 : 0);
  return 1;
}

/** The shading stops across a side: brightness from the relief's slope, lit from the top left. */
function reliefStops(look: MouldingLook, lit: number): string {
  const base = rgb(look.swatch, [150, 120, 80]);
  const kind = faceKind(look.finishName);
  const shiny = kind === 'metal' || kind === 'leaf' || kind === 'gloss';
  const steps = 12;
  const out: string[] = [];
  for (let i = 0; i <= steps; i++) {
    const t = i / steps;
    const d = 1 / steps;
    const slope =
      (faceRelief(look.profileName, Math.min(1, t + d)) - faceRelief(look.profileName, Math.max(0, t - d))) /
      (2 * d);
    // a face rising towards the lip turns to the light on the outer side of the top and left sides
    let k = (0.78 + 0.22 * faceRelief(look.profileName, t)) * lit + -slope * 0.18 * (lit > 1 ? 1 : -1);
    // the outer edge catches the light, the lip falls into shade
    if (t < 0.06) k += 0.22;
    if (t > 0.92) k -= 0.3;
    let c = scale(base, k);
    if (shiny) c = mix(c, [255, 250, 235], Math.max(0, 1 - Math.abs(t - 0.3) * 5) * 0.35 * lit);
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
 * The face's surface (grain, brushing, leaf squares) along one side, in the side's own coordinates: u along
 * the side (0..length), v across the face from the outer edge (0..face). The pattern repeats every 6 inches
 * of length — tiled, never stretched — and each line stops at the mitres (u from v to length − v).
 */
function faceLines(look: MouldingLook, face: number, length: number): string {
  const kind = faceKind(look.finishName);
  const base = rgb(look.swatch, [150, 120, 80]);
  const dark = toHex(scale(base, 0.55));
  const light = toHex(mix(base, [255, 255, 255], 0.45));
  const tile = 6;
  const out: string[] = [];
  const f = Math.max(face, 0.25);
  if (kind === 'wood' || kind === 'distressed') {
    const opacity = kind === 'distressed' ? 0.45 : 0.28;
    for (let i = 0; i < 9; i++) {
      const v = (f * (i + 0.5)) / 9;
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
  } else if (kind === 'metal') {
    for (let i = 0; i < 14; i++) {
      const v = (f * (i + 0.5)) / 14;
      out.push(
        `<line x1="${n4(v)}" x2="${n4(length - v)}" y1="${n4(v)}" y2="${n4(v)}" stroke="${i % 2 ? light : dark}" stroke-opacity="0.18" stroke-width="${n4(f * 0.012)}"/>`,
      );
    }
  } else if (kind === 'leaf') {
    for (let u = tile / 4; u < length; u += 1.5) {
      const reach = Math.min(f, u, length - u);
      out.push(
        `<line x1="${n4(u)}" x2="${n4(u)}" y1="0" y2="${n4(reach)}" stroke="${dark}" stroke-opacity="0.18" stroke-width="0.02"/>`,
      );
    }
  }
  return out.join('');
}

const pts = (p: [number, number][]) => p.map(([x, y]) => `${n4(x)},${n4(y)}`).join(' ');

/** The whole drawing as an SVG document. */
export function frameSvg(layers: FrameLayers, opts: DrawingOptions = {}): string {
  const id = opts.idPrefix ?? 'fb';
  const W = layers.width;
  const H = layers.height;
  const px = opts.pxWidth ?? 600;
  const pxH = Math.max(1, Math.round((px * H) / W));
  const defs: string[] = [];
  const body: string[] = [];

  // the picture, or a quiet placeholder where there is none
  const a = layers.art;
  if (opts.art && opts.art !== 'none') {
    const c = opts.art.crop;
    body.push(
      `<svg x="${n4(a.x)}" y="${n4(a.y)}" width="${n4(a.w)}" height="${n4(a.h)}" viewBox="${n4(c.x)} ${n4(c.y)} ${n4(c.w)} ${n4(c.h)}" preserveAspectRatio="xMidYMid slice"><image href="${opts.art.href.replace(/"/g, '&quot;')}" x="0" y="0" width="${n4(c.x + c.w)}" height="${n4(c.y + c.h)}" preserveAspectRatio="none"/></svg>`,
    );
  } else if (!opts.art) {
    defs.push(
      `<linearGradient id="${id}-blank" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#eef0f2"/><stop offset="1" stop-color="#d9dde2"/></linearGradient>`,
    );
    body.push(
      `<rect x="${n4(a.x)}" y="${n4(a.y)}" width="${n4(a.w)}" height="${n4(a.h)}" fill="url(#${id}-blank)"/>`,
    );
  }

  // the mat: its colour with the window cut out, a lighter bevel inside the window
  if (layers.mat) {
    const w = layers.mat.window;
    let o = layers.mat.outer;
    if (opts.matAsBackground) {
      // only the overlap: the part of the mat between the picture's edge and the window (two pixels more,
      // so that no seam shows where the picture's edge falls between pixels)
      const m = (2 * W) / px;
      const x = Math.max(o.x, a.x - m);
      const y = Math.max(o.y, a.y - m);
      o = {
        x,
        y,
        w: Math.min(o.x + o.w, a.x + a.w + m) - x,
        h: Math.min(o.y + o.h, a.y + a.h + m) - y,
      };
    }
    const color = rgb(opts.mat?.swatch, [244, 241, 232]);
    const core =
      opts.mat?.core === 'black'
        ? ([40, 40, 40] as Rgb)
        : opts.mat?.core === 'cream'
          ? ([240, 232, 210] as Rgb)
          : ([255, 255, 252] as Rgb);
    body.push(
      `<path fill-rule="evenodd" fill="${toHex(color)}" d="M${n4(o.x)} ${n4(o.y)}h${n4(o.w)}v${n4(o.h)}h${n4(-o.w)}z M${n4(w.x)} ${n4(w.y)}h${n4(w.w)}v${n4(w.h)}h${n4(-w.w)}z"/>`,
    );
    const bevelShade = { top: 0.96, left: 1, right: 0.88, bottom: 0.82 } as const;
    for (const b of layers.mat.bevel) {
      const c = scale(mix(core, color, 0.15), bevelShade[b.side]);
      body.push(`<polygon points="${pts(b.points)}" fill="${toHex(c)}"/>`);
    }
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

  // the moulding: four mitred sides, each textured along its length and shaded across its face
  const face = layers.mouldingWidth;
  if (face > 0 && layers.moulding.length) {
    const look = opts.moulding ?? { swatch: null, finishName: null, profileName: null };
    const lit = { top: 1.12, left: 1.04, right: 0.86, bottom: 0.78 } as const;
    for (const side of layers.moulding) {
      const [o1, , i2] = side.points;
      // gradient from the outer edge to the inner lip, perpendicular to the side
      const vec =
        side.side === 'top'
          ? [0, o1[1], 0, i2[1]]
          : side.side === 'bottom'
            ? [0, o1[1], 0, i2[1]]
            : [o1[0], 0, i2[0], 0];
      const gradient = (stops: string) =>
        `<linearGradient id="${id}-g-${side.side}" gradientUnits="userSpaceOnUse" x1="${n4(vec[0])}" y1="${n4(vec[1])}" x2="${n4(vec[2])}" y2="${n4(vec[3])}">${stops}</linearGradient>`;
      // the surface, drawn along the side and turned into place
      const along = side.side === 'top' || side.side === 'bottom' ? W : H;
      const place = {
        top: '',
        right: `translate(${n4(W)} 0) rotate(90)`,
        bottom: `translate(${n4(W)} ${n4(H)}) rotate(180)`,
        left: `translate(0 ${n4(H)}) rotate(-90)`,
      }[side.side];
      const strip = look.strip;
      if (strip) {
        // the product photograph, tiled along the side (never stretched), light and shade over it
        if (strip.href) {
          const tw = face * Math.max(0.05, strip.aspect);
          defs.push(
            `<pattern id="${id}-p-${side.side}" patternUnits="userSpaceOnUse" width="${n4(tw)}" height="${n4(face)}"${place ? ` patternTransform="${place}"` : ''}><image href="${strip.href.replace(/"/g, '&quot;')}" width="${n4(tw)}" height="${n4(face)}" preserveAspectRatio="none"/></pattern>`,
          );
          body.push(`<polygon points="${pts(side.points)}" fill="url(#${id}-p-${side.side})"/>`);
        }
        defs.push(gradient(photoShadeStops(lit[side.side])));
        body.push(`<polygon points="${pts(side.points)}" fill="url(#${id}-g-${side.side})"/>`);
        continue;
      }
      defs.push(gradient(reliefStops(look, lit[side.side])));
      body.push(
        `<polygon points="${pts(side.points)}" fill="url(#${id}-g-${side.side})"/>`,
        `<g${place ? ` transform="${place}"` : ''}>${faceLines(look, face, along)}</g>`,
      );
    }
    // the mitre joints: a hairline where two sides meet
    const seam = (x1: number, y1: number, x2: number, y2: number) =>
      `<line x1="${n4(x1)}" y1="${n4(y1)}" x2="${n4(x2)}" y2="${n4(y2)}" stroke="#000" stroke-opacity="0.35" stroke-width="${n4(Math.max(0.015, W / 1500))}"/>`;
    body.push(
      seam(0, 0, face, face),
      seam(W, 0, W - face, face),
      seam(W, H, W - face, H - face),
      seam(0, H, face, H - face),
    );
    // a shadow the lip casts on the mat or picture
    const inner = { x: face, y: face, w: W - 2 * face, h: H - 2 * face };
    const sw = Math.min(0.12, inner.w / 20, inner.h / 20);
    body.push(
      `<rect x="${n4(inner.x + sw / 2)}" y="${n4(inner.y + sw / 2)}" width="${n4(inner.w - sw)}" height="${n4(inner.h - sw)}" fill="none" stroke="#000" stroke-opacity="0.18" stroke-width="${n4(sw)}"/>`,
    );
  }

  return `<svg xmlns="http://www.w3.org/2000/svg" width="${px}" height="${pxH}" viewBox="0 0 ${n4(W)} ${n4(H)}"><defs>${defs.join('')}</defs>${body.join('')}</svg>`;
}
