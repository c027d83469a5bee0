/**
 * Catalogue art drawn as SVG (rendered to JPEG by sharp): moulding corner samples with their profile,
 * mat corners with a bevelled window, glazing, boards, cartons, readymade frames, collection tiles and
 * a placeholder. Pure functions of the product data: the same product always gives the same picture.
 */
import {
  type FinishKind,
  finishKind,
  ornamentBand,
  type ProfileKind,
  profileHeight,
  profileKind,
  type Rgb,
  swatchRgb,
} from '@mitrebox/domain';

export const IMAGE_SIZE = 400;
const FONT = "'DejaVu Sans', 'Liberation Sans', Arial, Helvetica, sans-serif";
const SERIF = "'DejaVu Serif', 'Liberation Serif', Georgia, 'Times New Roman', serif";

// ——— colour helpers ———

const clamp = (v: number, lo = 0, hi = 255) => Math.min(hi, Math.max(lo, v));
const hex = ([r, g, b]: Rgb) =>
  `#${[r, g, b].map((v) => Math.round(clamp(v)).toString(16).padStart(2, '0')).join('')}`;
const mix = (a: Rgb, b: Rgb, t: number): Rgb => [
  a[0] + (b[0] - a[0]) * t,
  a[1] + (b[1] - a[1]) * t,
  a[2] + (b[2] - a[2]) * t,
];
const scale = (a: Rgb, k: number): Rgb => [a[0] * k, a[1] * k, a[2] * k];
const smooth = (e0: number, e1: number, x: number) => {
  const t = Math.min(1, Math.max(0, (x - e0) / (e1 - e0)));
  return t * t * (3 - 2 * t);
};
const luminance = ([r, g, b]: Rgb) => (0.2126 * r + 0.7152 * g + 0.0722 * b) / 255;

/** Escapes text for SVG. */
export const xml = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

// ——— mouldings ———

export interface MouldingArt {
  code: string;
  swatch: string | null;
  finishName: string | null;
  styleName: string | null;
  profileName: string | null;
  /** Face width, height and rabbet depth in inches. */
  width: number | null;
  height: number | null;
  rabbet: number | null;
  material?: string | null;
}

interface Look {
  base: Rgb;
  kind: FinishKind;
}

/** Colour across the face from the outer edge to the sight edge, lit from the outer side (or not). */
function faceStops(look: Look, profile: ProfileKind, litFromOuter: boolean, legShade: number): string {
  const n = 48;
  const k = profile === 'floater' ? 0.6 : 0.35; // height relief relative to the face width
  const metallic = look.kind === 'leaf' || look.kind === 'metal';
  const gloss = look.kind === 'gloss';
  const dark = luminance(look.base) < 0.18;
  const stops: string[] = [];
  for (let i = 0; i <= n; i++) {
    const t = i / n;
    const dt = 1 / n;
    const h0 = profileHeight(profile, Math.max(0, t - dt));
    const h1 = profileHeight(profile, Math.min(1, t + dt));
    let slope = ((h1 - h0) / (2 * dt)) * k; // rise towards the sight edge
    if (!litFromOuter) slope = -slope;
    // normal (−slope, 1); light from the outer side and the viewer; half-vector for highlights
    const len = Math.hypot(slope, 1);
    const nx = -slope / len;
    const nz = 1 / len;
    const lx = -0.55;
    const lz = 0.835;
    const diffuse = Math.max(0, nx * lx + nz * lz);
    const hx = lx;
    const hz = lz + 1;
    const hl = Math.hypot(hx, hz);
    const spec = Math.max(0, (nx * hx + nz * hz) / hl);
    const ambient = metallic ? 0.38 : 0.45;
    let c = scale(look.base, (ambient + (metallic ? 0.75 : 0.62) * diffuse) * legShade);
    // recesses collect shadow (and, on antique leaf, rub-through dirt)
    const h = profileHeight(profile, t);
    c = scale(c, 0.72 + 0.28 * h);
    if (metallic) {
      const s = spec ** 18;
      c = mix(c, mix(look.base, [255, 252, 240], 0.75), s * 0.95);
      const s2 = spec ** 4;
      c = mix(c, scale(look.base, 1.25), s2 * 0.3);
    } else if (gloss) {
      c = mix(c, [255, 255, 255], spec ** 40 * (dark ? 0.55 : 0.4));
    } else {
      c = mix(c, [255, 255, 255], spec ** 30 * (dark ? 0.12 : 0.08));
    }
    if (profile === 'floater' && t > 0.32) c = scale(look.base, 0.12 + 0.25 * smooth(0.4, 1, t) * legShade);
    stops.push(`<stop offset="${t.toFixed(3)}" stop-color="${hex(c)}"/>`);
  }
  return stops.join('');
}

interface Leg {
  id: string;
  /** polygon points */
  points: string;
  /** gradient vector (outer edge → sight edge) */
  g: [number, number, number, number];
  litFromOuter: boolean;
  shade: number;
  horizontal: boolean;
}

/** Texture filters (wood grain, brushed metal, leaf mottling, distress) for one leg orientation. */
function textureDefs(id: string, kind: FinishKind, horizontal: boolean, base: Rgb): string {
  const f = (along: number, across: number) => (horizontal ? `${along} ${across}` : `${across} ${along}`);
  const dark = hex(scale(base, 0.45));
  const light = hex(mix(base, [255, 255, 255], 0.5));
  const [dr, dg, db] = swatchRgb(dark).map((v) => v / 255);
  const [lr, lg, lb] = swatchRgb(light).map((v) => v / 255);
  switch (kind) {
    case 'wood':
      return `<filter id="${id}" x="0" y="0" width="100%" height="100%"><feTurbulence type="fractalNoise" baseFrequency="${f(0.006, 0.32)}" numOctaves="3" seed="${horizontal ? 3 : 11}"/><feColorMatrix type="matrix" values="0 0 0 0 ${dr} 0 0 0 0 ${dg} 0 0 0 0 ${db} 2.6 0 0 0 -1.05"/></filter>`;
    case 'distressed':
      return `<filter id="${id}" x="0" y="0" width="100%" height="100%"><feTurbulence type="fractalNoise" baseFrequency="${f(0.01, 0.45)}" numOctaves="4" seed="${horizontal ? 5 : 17}"/><feColorMatrix type="matrix" values="0 0 0 0 ${dr} 0 0 0 0 ${dg} 0 0 0 0 ${db} 3.2 0 0 0 -1.35"/></filter>`;
    case 'metal':
      return `<filter id="${id}" x="0" y="0" width="100%" height="100%"><feTurbulence type="fractalNoise" baseFrequency="${f(0.002, 0.9)}" numOctaves="2" seed="${horizontal ? 7 : 23}"/><feColorMatrix type="matrix" values="0 0 0 0 ${lr} 0 0 0 0 ${lg} 0 0 0 0 ${lb} 1.6 0 0 0 -0.62"/></filter>`;
    case 'leaf':
      return `<filter id="${id}" x="0" y="0" width="100%" height="100%"><feTurbulence type="fractalNoise" baseFrequency="${f(0.05, 0.09)}" numOctaves="4" seed="${horizontal ? 9 : 29}"/><feColorMatrix type="matrix" values="0 0 0 0 ${dr} 0 0 0 0 ${dg} 0 0 0 0 ${db} 2.2 0 0 0 -0.98"/></filter>`;
    default:
      return `<filter id="${id}" x="0" y="0" width="100%" height="100%"><feTurbulence type="fractalNoise" baseFrequency="0.8" numOctaves="1" seed="${horizontal ? 2 : 4}"/><feColorMatrix type="matrix" values="0 0 0 0 ${dr} 0 0 0 0 ${dg} 0 0 0 0 ${db} 0.5 0 0 0 -0.2"/></filter>`;
  }
}

/** Bead-and-reel ornament running along a leg, between fractions a and b of the face. */
function ornament(
  id: string,
  leg: Leg,
  face: number,
  a: number,
  b: number,
  base: Rgb,
): { defs: string; body: string } {
  const band = Math.max(5, (b - a) * face);
  const p = Math.max(8, band * 1.5);
  const hi = hex(mix(base, [255, 250, 235], 0.4));
  const lo = hex(scale(base, 0.3));
  const mid = hex(scale(base, 0.85));
  const r = band / 2;
  const bead = `<radialGradient id="${id}b" cx="0.38" cy="0.3" r="0.75"><stop offset="0" stop-color="${hi}"/><stop offset="0.55" stop-color="${mid}"/><stop offset="1" stop-color="${lo}"/></radialGradient>`;
  const tile = `<rect width="${p}" height="${band}" fill="${lo}" opacity="0.55"/><ellipse cx="${p * 0.36}" cy="${r}" rx="${p * 0.3}" ry="${r * 0.8}" fill="url(#${id}b)"/><circle cx="${p * 0.84}" cy="${r}" r="${r * 0.34}" fill="url(#${id}b)"/>`;
  const [x1, y1] = leg.g;
  // the tile's top edge faces the outer edge of the leg on both legs
  const transform = leg.horizontal
    ? `translate(0 ${y1 + a * face})`
    : `translate(${x1 + a * face} 0) rotate(90) scale(1 -1)`;
  const defs = `${bead}<pattern id="${id}" patternUnits="userSpaceOnUse" width="${p}" height="${band}" patternTransform="${transform}">${tile}</pattern>`;
  const rect = leg.horizontal
    ? `<rect x="0" y="${y1 + a * face}" width="${IMAGE_SIZE}" height="${band}" fill="url(#${id})"/>`
    : `<rect x="${x1 + a * face}" y="0" width="${band}" height="${IMAGE_SIZE}" fill="url(#${id})"/>`;
  return { defs, body: rect };
}

/**
 * The legs of a frame as SVG: `corner` draws the top-left corner sample (two legs with square-cut ends),
 * `ring` draws a whole frame. Coordinates in the 400×400 canvas.
 */
function mouldingBody(
  m: MouldingArt,
  idp: string,
  shape:
    | { kind: 'corner'; x: number; y: number; face: number; len: number }
    | { kind: 'ring'; x: number; y: number; w: number; h: number; face: number },
): { defs: string; body: string; rabbetInner: [number, number] } {
  const base = swatchRgb(m.swatch);
  const look: Look = { base, kind: finishKind(m.finishName) };
  const profile = profileKind(m.profileName);
  const ornate = /ornate/i.test(m.styleName ?? '') && profile !== 'floater';
  const face = shape.face;
  const { x, y } = shape;
  const legs: Leg[] = [];
  if (shape.kind === 'corner') {
    const end = x + shape.len;
    const endY = y + shape.len;
    legs.push({
      id: `${idp}top`,
      points: `${x},${y} ${end},${y} ${end},${y + face} ${x + face},${y + face}`,
      g: [x, y, x, y + face],
      litFromOuter: true,
      shade: 1,
      horizontal: true,
    });
    legs.push({
      id: `${idp}left`,
      points: `${x},${y} ${x + face},${y + face} ${x + face},${endY} ${x},${endY}`,
      g: [x, y, x + face, y],
      litFromOuter: true,
      shade: 0.86,
      horizontal: false,
    });
  } else {
    const { w, h } = shape;
    const r = x + w;
    const b = y + h;
    legs.push({
      id: `${idp}top`,
      points: `${x},${y} ${r},${y} ${r - face},${y + face} ${x + face},${y + face}`,
      g: [x, y, x, y + face],
      litFromOuter: true,
      shade: 1,
      horizontal: true,
    });
    legs.push({
      id: `${idp}left`,
      points: `${x},${y} ${x + face},${y + face} ${x + face},${b - face} ${x},${b}`,
      g: [x, y, x + face, y],
      litFromOuter: true,
      shade: 0.86,
      horizontal: false,
    });
    legs.push({
      id: `${idp}bottom`,
      points: `${x},${b} ${x + face},${b - face} ${r - face},${b - face} ${r},${b}`,
      g: [x, b, x, b - face],
      litFromOuter: false,
      shade: 0.78,
      horizontal: true,
    });
    legs.push({
      id: `${idp}right`,
      points: `${r},${y} ${r},${b} ${r - face},${b - face} ${r - face},${y + face}`,
      g: [r, y, r - face, y],
      litFromOuter: false,
      shade: 0.82,
      horizontal: false,
    });
  }

  let defs = '';
  let body = '';
  for (const leg of legs) {
    const [x1, y1, x2, y2] = leg.g;
    defs += `<linearGradient id="${leg.id}g" gradientUnits="userSpaceOnUse" x1="${x1}" y1="${y1}" x2="${x2}" y2="${y2}">${faceStops(look, profile, leg.litFromOuter, leg.shade)}</linearGradient>`;
    defs += `<clipPath id="${leg.id}c"><polygon points="${leg.points}"/></clipPath>`;
    defs += textureDefs(`${leg.id}t`, look.kind, leg.horizontal, base);
    body += `<polygon points="${leg.points}" fill="url(#${leg.id}g)"/>`;
    const texOpacity = { wood: 0.55, distressed: 0.7, metal: 0.5, leaf: 0.38, paint: 0.35, gloss: 0.2 }[
      look.kind
    ];
    body += `<g clip-path="url(#${leg.id}c)"><rect x="0" y="0" width="${IMAGE_SIZE}" height="${IMAGE_SIZE}" filter="url(#${leg.id}t)" opacity="${texOpacity}"/>`;
    if (look.kind === 'leaf') {
      // the seams of the leaf squares
      const step = Math.max(28, face * 0.9);
      const seams: string[] = [];
      for (let s = (leg.horizontal ? x : y) + step * 0.6; s < IMAGE_SIZE; s += step) {
        seams.push(
          leg.horizontal ? `M${s.toFixed(1)},0 V${IMAGE_SIZE}` : `M0,${s.toFixed(1)} H${IMAGE_SIZE}`,
        );
      }
      body += `<path d="${seams.join(' ')}" stroke="${hex(scale(base, 0.6))}" stroke-width="0.8" opacity="0.35"/>`;
    }
    // light falls off along the leg, away from the corner
    const [gx1, gy1] = leg.g;
    const far = leg.horizontal
      ? `x1="${gx1}" y1="0" x2="${IMAGE_SIZE}" y2="0"`
      : `x1="0" y1="${gy1}" x2="0" y2="${IMAGE_SIZE}"`;
    defs += `<linearGradient id="${leg.id}f" gradientUnits="userSpaceOnUse" ${far}><stop offset="0" stop-color="#fff" stop-opacity="0.1"/><stop offset="0.45" stop-color="#fff" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity="0.14"/></linearGradient>`;
    body += `<rect x="0" y="0" width="${IMAGE_SIZE}" height="${IMAGE_SIZE}" fill="url(#${leg.id}f)"/>`;
    if (ornate && leg.litFromOuter) {
      const band = ornamentBand(profile);
      if (band && face >= 36) {
        const o = ornament(`${leg.id}o`, leg, face, band[0], band[1], base);
        defs += o.defs;
        body += o.body;
      }
    }
    body += '</g>';
  }
  // the mitre: a fine dark joint line with a highlight beside it
  const joint = (x1: number, y1: number, x2: number, y2: number) =>
    `<line x1="${x1}" y1="${y1}" x2="${x2}" y2="${y2}" stroke="#000" stroke-opacity="0.55" stroke-width="1.2"/><line x1="${x1 + 0.9}" y1="${y1 - 0.9}" x2="${x2 + 0.9}" y2="${y2 - 0.9}" stroke="#fff" stroke-opacity="0.25" stroke-width="0.8"/>`;
  body += joint(x, y, x + face, y + face);
  if (shape.kind === 'ring') {
    const r = x + shape.w;
    const b = y + shape.h;
    body +=
      joint(r, y, r - face, y + face) + joint(x, b, x + face, b - face) + joint(r, b, r - face, b - face);
  }
  // outer arris: a thin light line on the lit edges, dark on the others
  return { defs, body, rabbetInner: [x + face, y + face] };
}

/** Cross-section of the moulding: face profile on top, rabbet notch at the bottom of the sight edge. */
function profileDrawing(
  m: MouldingArt,
  box: { x: number; y: number; w: number; h: number },
  color: Rgb,
): string {
  const kind = profileKind(m.profileName);
  const W = Math.max(0.25, m.width ?? 1);
  const H = Math.max(0.25, m.height ?? W * 0.6);
  const R = Math.min(H * 0.8, Math.max(0.125, m.rabbet ?? 0.25));
  const lip = Math.min(W * 0.3, 0.25); // the rabbet's width under the sight edge
  const s = Math.min(box.w / (W + lip), (box.h - 18) / H, 120); // at most 120 px to the inch
  const ox = box.x + (box.w - (W + lip) * s) / 2;
  const by = box.y + (box.h - 18 + H * s) / 2; // bottom (back) of the moulding
  const relief = kind === 'floater' ? H * 0.95 : Math.min(H * 0.45, W * 0.35);
  const top = (t: number) => by - (H - relief + relief * profileHeight(kind, t)) * s;
  const pts: string[] = [`${ox.toFixed(1)},${by.toFixed(1)}`];
  const sx = ox + W * s;
  if (kind === 'floater') {
    // an L: the outer wall with its narrow face, and the ledge the canvas sits on
    const wall = W * 0.4 * s;
    const ledge = Math.max(3, H * 0.16 * s);
    const ty = by - H * s;
    pts.push(`${ox.toFixed(1)},${ty.toFixed(1)}`, `${(ox + wall).toFixed(1)},${ty.toFixed(1)}`);
    pts.push(
      `${(ox + wall).toFixed(1)},${(by - ledge).toFixed(1)}`,
      `${(sx + lip * s).toFixed(1)},${(by - ledge).toFixed(1)}`,
    );
    pts.push(`${(sx + lip * s).toFixed(1)},${by.toFixed(1)}`);
  } else {
    const n = 40;
    for (let i = 0; i <= n; i++) {
      const t = i / n;
      pts.push(`${(ox + t * W * s).toFixed(1)},${top(t).toFixed(1)}`);
    }
    // down the sight edge to the rabbet, along the rabbet and back
    pts.push(`${sx.toFixed(1)},${(by - R * s).toFixed(1)}`);
    pts.push(`${(sx - lip * s).toFixed(1)},${(by - R * s).toFixed(1)}`);
    pts.push(`${(sx - lip * s).toFixed(1)},${by.toFixed(1)}`);
  }
  const light = luminance(color) > 0.8;
  const fill = hex(light ? scale(color, 0.86) : mix(color, [255, 255, 255], 0.1));
  const edge = hex(scale(color, light ? 0.45 : 0.5));
  const label = `${fmt(m.width)} W  ·  ${fmt(m.height)} H  ·  ${fmt(m.rabbet)} R`;
  return `<polygon points="${pts.join(' ')}" fill="${fill}" stroke="${edge}" stroke-width="1.2" stroke-linejoin="round"/>
<text x="${box.x + box.w / 2}" y="${box.y + box.h - 2}" font-family="${FONT}" font-size="11" fill="#5b5550" text-anchor="middle">${xml(label)}</text>`;
}

/** 2.25 → 2-1/4" */
export function fmt(inches: number | null | undefined): string {
  if (inches === null || inches === undefined || !Number.isFinite(inches)) return '–';
  const six = Math.round(inches * 16);
  const whole = Math.floor(six / 16);
  let num = six % 16;
  let den = 16;
  while (num && num % 2 === 0) {
    num /= 2;
    den /= 2;
  }
  if (!num) return `${whole}"`;
  return whole ? `${whole}-${num}/${den}"` : `${num}/${den}"`;
}

function studio(idp: string, top = '#fbfaf7', bottom = '#e9e5de'): { defs: string; body: string } {
  return {
    defs: `<radialGradient id="${idp}bg" cx="0.35" cy="0.3" r="0.95"><stop offset="0" stop-color="${top}"/><stop offset="1" stop-color="${bottom}"/></radialGradient><filter id="${idp}sh" x="-20%" y="-20%" width="140%" height="140%"><feGaussianBlur stdDeviation="7"/></filter>`,
    body: `<rect width="${IMAGE_SIZE}" height="${IMAGE_SIZE}" fill="url(#${idp}bg)"/>`,
  };
}

const svgDoc = (defs: string, body: string) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="${IMAGE_SIZE}" height="${IMAGE_SIZE}" viewBox="0 0 ${IMAGE_SIZE} ${IMAGE_SIZE}"><defs>${defs}</defs>${body}</svg>`;

/** Face width in pixels for a moulding width in inches. */
const facePx = (width: number | null) => Math.round(Math.min(200, Math.max(46, 30 + (width ?? 1.25) * 38)));

/** The corner sample (legs, rabbet ledge, cut ends, shadow) and optionally its cross-section drawing. */
function cornerParts(m: MouldingArt, idp: string, withDrawing: boolean): { defs: string; body: string } {
  const face = facePx(m.width);
  const x = 34;
  const y = 34;
  const len = IMAGE_SIZE - x - 26;
  const art = mouldingBody(m, idp, { kind: 'corner', x, y, face, len });
  const base = swatchRgb(m.swatch);
  // the rabbet ledge seen through the opening: raw core, shaded by the lip above it
  const lip = Math.max(7, Math.min(14, (m.rabbet ?? 0.25) * 18));
  const material = m.material ?? '';
  const core: Rgb = /poly/i.test(material)
    ? [226, 222, 214]
    : /alum/i.test(material)
      ? [190, 192, 194]
      : [222, 200, 164];
  const [ix, iy] = art.rabbetInner;
  const end = x + len;
  const defs = `<filter id="${idp}sh" x="-20%" y="-20%" width="140%" height="140%"><feGaussianBlur stdDeviation="7"/></filter><linearGradient id="${idp}rb" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${hex(scale(core, 0.55))}"/><stop offset="0.45" stop-color="${hex(scale(core, 0.85))}"/><stop offset="1" stop-color="${hex(core)}"/></linearGradient><linearGradient id="${idp}rl" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="${hex(scale(core, 0.5))}"/><stop offset="0.45" stop-color="${hex(scale(core, 0.8))}"/><stop offset="1" stop-color="${hex(scale(core, 0.95))}"/></linearGradient>${art.defs}`;
  const ledge = `<polygon points="${ix},${iy} ${end},${iy} ${end},${iy + lip} ${ix + lip},${iy + lip}" fill="url(#${idp}rb)"/><polygon points="${ix},${iy} ${ix + lip},${iy + lip} ${ix + lip},${end} ${ix},${end}" fill="url(#${idp}rl)"/><line x1="${ix}" y1="${iy}" x2="${ix + lip}" y2="${iy + lip}" stroke="#000" stroke-opacity="0.3" stroke-width="0.8"/>`;
  // square-cut ends show the core
  const ends = `<rect x="${end - 2}" y="${y}" width="2" height="${face + lip}" fill="${hex(scale(core, 0.75))}"/><rect x="${x}" y="${end - 2}" width="${face + lip}" height="2" fill="${hex(scale(core, 0.7))}"/>`;
  const shadow = `<g filter="url(#${idp}sh)" opacity="0.38" transform="translate(7 9)"><polygon points="${x},${y} ${end},${y} ${end},${iy + lip} ${ix + lip},${iy + lip} ${ix + lip},${end} ${x},${end}" fill="#3a3228"/></g>`;
  // a light outer arris, a crisp dark sight edge
  const arris = `<path d="M${x},${end} V${y} H${end}" fill="none" stroke="#fff" stroke-opacity="0.35" stroke-width="1"/><path d="M${ix},${end} V${iy} H${end}" fill="none" stroke="#000" stroke-opacity="0.35" stroke-width="1"/>`;
  const room = IMAGE_SIZE - (iy + lip) - 22;
  const drawing =
    withDrawing && room >= 84
      ? profileDrawing(
          m,
          { x: ix + lip + 18, y: iy + lip + 14, w: IMAGE_SIZE - (ix + lip) - 36, h: room - 4 },
          base,
        )
      : '';
  return { defs, body: `${shadow}${ledge}${ends}${art.body}${arris}${drawing}` };
}

/** A moulding corner sample with its rabbet, mitre and cross-section. */
export function mouldingCornerSvg(m: MouldingArt): string {
  const bg = studio('s');
  const c = cornerParts(m, 'm', true);
  return svgDoc(bg.defs + c.defs, bg.body + c.body);
}

// ——— mats ———

export interface MatArt {
  swatch: string | null;
  name: string | null;
  /** Colour of the bevel: white core, black core, or the surface colour for solid rag. */
  core: 'white' | 'black' | 'solid' | 'cream';
  suede?: boolean;
}

export function matCoreOf(category: string | null | undefined): MatArt['core'] {
  const c = (category ?? '').toLowerCase();
  if (c.includes('black')) return 'black';
  if (c.includes('rag')) return 'solid';
  return 'white';
}

export function matSvg(mat: MatArt): string {
  const base = swatchRgb(mat.swatch, [240, 238, 230]);
  const core: Rgb =
    mat.core === 'black'
      ? [34, 34, 34]
      : mat.core === 'solid'
        ? base
        : mat.core === 'cream'
          ? [240, 232, 210]
          : [250, 250, 246];
  const wx = 138;
  const bev = 11;
  const surfaceTop = hex(mix(base, [255, 255, 255], 0.06));
  const surfaceBottom = hex(scale(base, 0.93));
  const noise = mat.suede ? 0.22 : 0.1;
  const grain = mat.suede ? '0.9' : '1.4';
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${IMAGE_SIZE}" height="${IMAGE_SIZE}" viewBox="0 0 ${IMAGE_SIZE} ${IMAGE_SIZE}">
<defs>
<linearGradient id="surf" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${surfaceTop}"/><stop offset="1" stop-color="${surfaceBottom}"/></linearGradient>
<filter id="tex" x="0" y="0" width="100%" height="100%"><feTurbulence type="fractalNoise" baseFrequency="${grain}" numOctaves="2" seed="3"/><feColorMatrix type="matrix" values="0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 1.2 -0.45"/></filter>
<linearGradient id="bevTop" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${hex(mix(core, [255, 255, 255], 0.15))}"/><stop offset="1" stop-color="${hex(scale(core, 0.97))}"/></linearGradient>
<linearGradient id="bevLeft" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="${hex(scale(core, 0.9))}"/><stop offset="1" stop-color="${hex(scale(core, 0.82))}"/></linearGradient>
<linearGradient id="art" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#ebe4d6"/><stop offset="1" stop-color="#d9cfbd"/></linearGradient>
<radialGradient id="wash" cx="0.75" cy="0.78" r="0.7"><stop offset="0" stop-color="#7f9fb3" stop-opacity="0.75"/><stop offset="0.55" stop-color="#b9a47f" stop-opacity="0.35"/><stop offset="1" stop-color="#e9e1d1" stop-opacity="0"/></radialGradient>
<filter id="inner" x="-10%" y="-10%" width="120%" height="120%"><feGaussianBlur stdDeviation="4"/></filter>
</defs>
<rect width="${IMAGE_SIZE}" height="${IMAGE_SIZE}" fill="url(#surf)"/>
<rect width="${IMAGE_SIZE}" height="${IMAGE_SIZE}" filter="url(#tex)" opacity="${noise}"/>
<rect x="${wx + bev}" y="${wx + bev}" width="${IMAGE_SIZE - wx - bev}" height="${IMAGE_SIZE - wx - bev}" fill="url(#art)"/>
<rect x="${wx + bev}" y="${wx + bev}" width="${IMAGE_SIZE - wx - bev}" height="${IMAGE_SIZE - wx - bev}" fill="url(#wash)"/>
<path d="M${wx + bev},${wx + bev + 14} V${wx + bev} H${IMAGE_SIZE}" stroke="#000" stroke-opacity="0.18" stroke-width="10" fill="none" filter="url(#inner)"/>
<polygon points="${wx},${wx} ${IMAGE_SIZE},${wx} ${IMAGE_SIZE},${wx + bev} ${wx + bev},${wx + bev}" fill="url(#bevTop)"/>
<polygon points="${wx},${wx} ${wx + bev},${wx + bev} ${wx + bev},${IMAGE_SIZE} ${wx},${IMAGE_SIZE}" fill="url(#bevLeft)"/>
<line x1="${wx}" y1="${wx}" x2="${wx + bev}" y2="${wx + bev}" stroke="#000" stroke-opacity="0.18" stroke-width="0.8"/>
<path d="M${wx},${IMAGE_SIZE} V${wx} H${IMAGE_SIZE}" stroke="#fff" stroke-opacity="${luminance(base) > 0.8 ? 0.5 : 0.25}" stroke-width="1" fill="none"/>
</svg>`;
}

// ——— other product kinds ———

export function glassSvg(label: string, swatch: string | null, acrylic: boolean): string {
  const tint = swatchRgb(swatch, [223, 232, 234]);
  const edge = acrylic ? '#d9e4e6' : '#7fa89c';
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${IMAGE_SIZE}" height="${IMAGE_SIZE}" viewBox="0 0 ${IMAGE_SIZE} ${IMAGE_SIZE}">
<defs><linearGradient id="bg" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#f6f5f2"/><stop offset="1" stop-color="#dedad2"/></linearGradient>
<linearGradient id="pane" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${hex(mix(tint, [255, 255, 255], 0.3))}" stop-opacity="0.75"/><stop offset="1" stop-color="${hex(scale(tint, 0.92))}" stop-opacity="0.6"/></linearGradient>
<linearGradient id="glare" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="#fff" stop-opacity="0"/><stop offset="0.5" stop-color="#fff" stop-opacity="0.8"/><stop offset="1" stop-color="#fff" stop-opacity="0"/></linearGradient>
<filter id="sh"><feGaussianBlur stdDeviation="6"/></filter></defs>
<rect width="${IMAGE_SIZE}" height="${IMAGE_SIZE}" fill="url(#bg)"/>
<g stroke="#8a8378" stroke-opacity="0.25">${Array.from({ length: 9 }, (_, i) => `<line x1="0" y1="${60 + i * 36}" x2="400" y2="${40 + i * 36}"/>`).join('')}</g>
<polygon points="92,352 318,332 300,58 112,70" fill="#000" opacity="0.22" filter="url(#sh)" transform="translate(8 8)"/>
<polygon points="92,352 318,332 300,58 112,70" fill="url(#pane)" stroke="${edge}" stroke-width="4" stroke-linejoin="round"/>
<polygon points="150,66 200,63 140,349 100,352" fill="url(#glare)" opacity="0.55"/>
<polygon points="228,61 246,60 205,342 190,343" fill="url(#glare)" opacity="0.35"/>
<text x="200" y="385" font-family="${FONT}" font-size="17" fill="#4a4540" text-anchor="middle">${xml(label)}</text>
</svg>`;
}

export function boardSvg(label: string, swatch: string | null): string {
  const face = swatchRgb(swatch, [244, 244, 240]);
  const sheets = [0, 1, 2, 3, 4];
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${IMAGE_SIZE}" height="${IMAGE_SIZE}" viewBox="0 0 ${IMAGE_SIZE} ${IMAGE_SIZE}">
<defs><linearGradient id="bg" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#f7f6f3"/><stop offset="1" stop-color="#dcd8cf"/></linearGradient>
<linearGradient id="top" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${hex(mix(face, [255, 255, 255], 0.2))}"/><stop offset="1" stop-color="${hex(scale(face, 0.9))}"/></linearGradient>
<filter id="sh"><feGaussianBlur stdDeviation="7"/></filter></defs>
<rect width="${IMAGE_SIZE}" height="${IMAGE_SIZE}" fill="url(#bg)"/>
<polygon points="60,250 250,310 350,200 160,150" fill="#000" opacity="0.25" filter="url(#sh)" transform="translate(0 22)"/>
${sheets
  .map((i) => {
    const dy = (4 - i) * 12;
    return `<polygon points="60,${230 + dy} 250,${290 + dy} 250,${300 + dy} 60,${240 + dy}" fill="${hex(scale(face, 0.8))}"/><polygon points="250,${290 + dy} 350,${180 + dy} 350,${190 + dy} 250,${300 + dy}" fill="${hex(scale(face, 0.7))}"/><polygon points="60,${233 + dy} 250,${293 + dy} 250,${297 + dy} 60,${237 + dy}" fill="#efefe6"/><polygon points="60,${230 + dy} 250,${290 + dy} 350,${180 + dy} 160,${130 + dy}" fill="url(#top)"/>`;
  })
  .join('')}
<text x="200" y="385" font-family="${FONT}" font-size="17" fill="#4a4540" text-anchor="middle">${xml(label)}</text>
</svg>`;
}

/** Wraps text to lines of at most `max` characters. */
function wrap(text: string, max: number, lines: number): string[] {
  const out: string[] = [];
  let cur = '';
  for (const word of text.split(/\s+/)) {
    if ((cur ? `${cur} ${word}` : word).length > max && cur) {
      out.push(cur);
      cur = word;
    } else cur = cur ? `${cur} ${word}` : word;
  }
  if (cur) out.push(cur);
  if (out.length > lines) {
    out.length = lines;
    out[lines - 1] = `${out[lines - 1].slice(0, max - 1)}…`;
  }
  return out;
}

/** A shipping carton with a printed label: hardware and supplies. */
export function cartonSvg(name: string, code: string, accent: string | null): string {
  const acc = swatchRgb(accent, [150, 150, 150]);
  const lines = wrap(name, 20, 3);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${IMAGE_SIZE}" height="${IMAGE_SIZE}" viewBox="0 0 ${IMAGE_SIZE} ${IMAGE_SIZE}">
<defs><linearGradient id="bg" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#f7f6f3"/><stop offset="1" stop-color="#dedad3"/></linearGradient>
<linearGradient id="front" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#c89f6b"/><stop offset="1" stop-color="#b38a58"/></linearGradient>
<filter id="sh"><feGaussianBlur stdDeviation="8"/></filter>
<filter id="kraft"><feTurbulence type="fractalNoise" baseFrequency="0.9" numOctaves="2" seed="5"/><feColorMatrix type="matrix" values="0 0 0 0 0.35 0 0 0 0 0.25 0 0 0 0 0.12 0 0 0 0.9 -0.35"/></filter></defs>
<rect width="${IMAGE_SIZE}" height="${IMAGE_SIZE}" fill="url(#bg)"/>
<ellipse cx="205" cy="338" rx="160" ry="20" fill="#000" opacity="0.25" filter="url(#sh)"/>
<polygon points="60,130 300,130 300,335 60,335" fill="url(#front)"/>
<polygon points="300,130 352,96 352,298 300,335" fill="#a67e4d"/>
<polygon points="60,130 112,96 352,96 300,130" fill="#d8b486"/>
<clipPath id="box"><polygon points="60,130 112,96 352,96 352,298 300,335 60,335"/></clipPath>
<rect x="60" y="96" width="292" height="240" filter="url(#kraft)" opacity="0.35" clip-path="url(#box)"/>
<line x1="180" y1="130" x2="232" y2="96" stroke="#9b7446" stroke-width="2"/>
<rect x="84" y="160" width="192" height="128" rx="4" fill="#fbfaf6" stroke="#d9d2c4"/>
<rect x="84" y="160" width="192" height="10" rx="2" fill="${hex(acc)}"/>
${lines.map((l, i) => `<text x="180" y="${196 + i * 21}" font-family="${FONT}" font-size="15" font-weight="bold" fill="#2e2a26" text-anchor="middle">${xml(l)}</text>`).join('')}
<text x="180" y="278" font-family="${FONT}" font-size="12" fill="#6b645c" text-anchor="middle">${xml(code)}</text>
</svg>`;
}

/** A complete readymade frame with a mat and a small landscape. */
export function readymadeSvg(m: MouldingArt, wIn: number, hIn: number): string {
  const bg = studio('r', '#f5f3ef', '#dcd6cc');
  const maxW = 300;
  const maxH = 320;
  const k = Math.min(maxW / wIn, maxH / hIn);
  const W = wIn * k;
  const H = hIn * k;
  const x = (IMAGE_SIZE - W) / 2;
  const y = (IMAGE_SIZE - H) / 2 - 6;
  const face = Math.max(18, Math.min(34, W * 0.09));
  const art = mouldingBody(m, 'r', { kind: 'ring', x, y, w: W, h: H, face });
  const ix = x + face;
  const iy = y + face;
  const iw = W - 2 * face;
  const ih = H - 2 * face;
  const mat = Math.min(iw, ih) * 0.14;
  const ax = ix + mat;
  const ay = iy + mat;
  const aw = iw - 2 * mat;
  const ah = ih - 2 * mat;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${IMAGE_SIZE}" height="${IMAGE_SIZE}" viewBox="0 0 ${IMAGE_SIZE} ${IMAGE_SIZE}"><defs>${bg.defs}${art.defs}
<linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#9dbad0"/><stop offset="0.6" stop-color="#e8dcc2"/><stop offset="1" stop-color="#c9b48a"/></linearGradient></defs>
${bg.body}<rect x="${x + 6}" y="${y + 9}" width="${W}" height="${H}" fill="#2b241c" opacity="0.35" filter="url(#rsh)"/>
<rect x="${ix}" y="${iy}" width="${iw}" height="${ih}" fill="#f3f0e8"/>
<rect x="${ax}" y="${ay}" width="${aw}" height="${ah}" fill="url(#sky)"/>
<path d="M${ax},${ay + ah * 0.72} Q${ax + aw * 0.25},${ay + ah * 0.52} ${ax + aw * 0.5},${ay + ah * 0.66} T${ax + aw},${ay + ah * 0.6} V${ay + ah} H${ax} Z" fill="#7c8f62" opacity="0.85"/>
<path d="M${ax},${ay + ah * 0.84} Q${ax + aw * 0.4},${ay + ah * 0.7} ${ax + aw},${ay + ah * 0.82} V${ay + ah} H${ax} Z" fill="#56693f" opacity="0.9"/>
<circle cx="${ax + aw * 0.72}" cy="${ay + ah * 0.3}" r="${Math.min(aw, ah) * 0.08}" fill="#f6e7b8" opacity="0.9"/>
<path d="M${ax},${ay} H${ax + aw} M${ax},${ay} V${ay + ah}" stroke="#000" stroke-opacity="0.15" stroke-width="3"/>
${art.body}</svg>`;
}

// ——— collection tiles and placeholder ———

/** A collection tile: up to three corner samples of the line fanned on a backdrop, with the name. */
export function collectionSvg(name: string, samples: MouldingArt[]): string {
  const spots = [
    { x: -34, y: -30, s: 0.74 },
    { x: 70, y: 8, s: 0.66 },
    { x: 168, y: 46, s: 0.58 },
  ];
  let defs = '';
  let body = '';
  samples.slice(0, 3).forEach((m, i) => {
    const c = cornerParts(m, `c${i}`, false);
    const sp = spots[i];
    defs += c.defs;
    body += `<g transform="translate(${sp.x} ${sp.y}) scale(${sp.s})">${c.body}</g>`;
  });
  const size = name.length > 14 ? 24 : name.length > 10 ? 28 : 32;
  return svgDoc(
    `<radialGradient id="tbg" cx="0.4" cy="0.35" r="0.9"><stop offset="0" stop-color="#faf8f4"/><stop offset="1" stop-color="#ddd6ca"/></radialGradient><linearGradient id="band" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#1f2630" stop-opacity="0"/><stop offset="0.35" stop-color="#1f2630" stop-opacity="0.8"/><stop offset="1" stop-color="#161b22" stop-opacity="0.94"/></linearGradient>${defs}`,
    `<rect width="${IMAGE_SIZE}" height="${IMAGE_SIZE}" fill="url(#tbg)"/>${body || placeholderBody()}<rect x="0" y="286" width="${IMAGE_SIZE}" height="114" fill="url(#band)"/><text x="28" y="346" font-family="${SERIF}" font-size="${size}" fill="#fbf8f1" letter-spacing="1">${xml(name)}</text><rect x="28" y="360" width="40" height="3" fill="#c9a24a"/><text x="78" y="365" font-family="${FONT}" font-size="11" fill="#d8d2c6" letter-spacing="2">COLLECTION</text>`,
  );
}

function placeholderBody(): string {
  return `<g transform="translate(110 95)" opacity="0.55"><rect x="0" y="0" width="180" height="150" rx="3" fill="none" stroke="#9c948a" stroke-width="16"/><rect x="24" y="24" width="132" height="102" fill="#eee9e1"/><path d="M30,118 L75,70 L105,100 L125,82 L150,118 Z" fill="#b9b0a4"/><circle cx="122" cy="52" r="11" fill="#c9c1b5"/></g>`;
}

export function placeholderSvg(label = 'Image coming soon'): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${IMAGE_SIZE}" height="${IMAGE_SIZE}" viewBox="0 0 ${IMAGE_SIZE} ${IMAGE_SIZE}">
<defs><radialGradient id="bg" cx="0.5" cy="0.4" r="0.8"><stop offset="0" stop-color="#f7f5f1"/><stop offset="1" stop-color="#e2ddd5"/></radialGradient></defs>
<rect width="${IMAGE_SIZE}" height="${IMAGE_SIZE}" fill="url(#bg)"/>${placeholderBody()}
<text x="200" y="300" font-family="${FONT}" font-size="16" fill="#7d756b" text-anchor="middle">${xml(label)}</text>
</svg>`;
}
