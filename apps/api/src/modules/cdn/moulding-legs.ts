/**
 * The legs of a moulding as the catalogue's art draws them: each leg shaded across its face by the profile and lit
 * from the outer edge, textured by its finish (grain, brushing, leaf squares, distress), with a row of beads on an
 * Ornate face and fine mitre joints. The look itself (colour, finish, profile) is the domain's mouldingLook, the
 * one the Frame Creator's drawing reads.
 */
import {
  type FinishKind,
  type MouldingLookInput,
  type MouldingLookKind,
  mixRgb,
  mouldingLook,
  ornamentBand,
  profileHeight,
  type Rgb,
  rgbHex,
  scaleRgb,
  smoothstep,
  swatchRgb,
} from '@mitrebox/domain';
import { IMAGE_SIZE, luminance } from './art-canvas.ts';

/** A moulding's product data the art reads: its look (swatch, finish, profile, style) and its sizes. */
export interface MouldingArt extends MouldingLookInput {
  code: string;
  styleName: string | null;
  /** Face width, height and rabbet depth in inches. */
  width: number | null;
  height: number | null;
  rabbet: number | null;
  material?: string | null;
}

/** Colour across the face from the outer edge to the sight edge, lit from the outer side (or not). */
function faceStops(look: MouldingLookKind, litFromOuter: boolean, legShade: number): string {
  const { profile } = look;
  const n = 48;
  const k = profile === 'floater' ? 0.6 : 0.35; // height relief relative to the face width
  const metallic = look.finish === 'leaf' || look.finish === 'metal';
  const gloss = look.finish === 'gloss';
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
    let c = scaleRgb(look.base, (ambient + (metallic ? 0.75 : 0.62) * diffuse) * legShade);
    // recesses collect shadow (and, on antique leaf, rub-through dirt)
    const h = profileHeight(profile, t);
    c = scaleRgb(c, 0.72 + 0.28 * h);
    if (metallic) {
      const s = spec ** 18;
      c = mixRgb(c, mixRgb(look.base, [255, 252, 240], 0.75), s * 0.95);
      const s2 = spec ** 4;
      c = mixRgb(c, scaleRgb(look.base, 1.25), s2 * 0.3);
    } else if (gloss) {
      c = mixRgb(c, [255, 255, 255], spec ** 40 * (dark ? 0.55 : 0.4));
    } else {
      c = mixRgb(c, [255, 255, 255], spec ** 30 * (dark ? 0.12 : 0.08));
    }
    if (profile === 'floater' && t > 0.32)
      c = scaleRgb(look.base, 0.12 + 0.25 * smoothstep(0.4, 1, t) * legShade);
    stops.push(`<stop offset="${t.toFixed(3)}" stop-color="${rgbHex(c)}"/>`);
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
  const dark = rgbHex(scaleRgb(base, 0.45));
  const light = rgbHex(mixRgb(base, [255, 255, 255], 0.5));
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
  const hi = rgbHex(mixRgb(base, [255, 250, 235], 0.4));
  const lo = rgbHex(scaleRgb(base, 0.3));
  const mid = rgbHex(scaleRgb(base, 0.85));
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
export function mouldingLegs(
  m: MouldingArt,
  idp: string,
  shape:
    | { kind: 'corner'; x: number; y: number; face: number; len: number }
    | { kind: 'ring'; x: number; y: number; w: number; h: number; face: number },
): { defs: string; body: string; rabbetInner: [number, number] } {
  const look = mouldingLook(m);
  const { base, profile, ornate } = look;
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
    defs += `<linearGradient id="${leg.id}g" gradientUnits="userSpaceOnUse" x1="${x1}" y1="${y1}" x2="${x2}" y2="${y2}">${faceStops(look, leg.litFromOuter, leg.shade)}</linearGradient>`;
    defs += `<clipPath id="${leg.id}c"><polygon points="${leg.points}"/></clipPath>`;
    defs += textureDefs(`${leg.id}t`, look.finish, leg.horizontal, base);
    body += `<polygon points="${leg.points}" fill="url(#${leg.id}g)"/>`;
    const texOpacity = { wood: 0.55, distressed: 0.7, metal: 0.5, leaf: 0.38, paint: 0.35, gloss: 0.2 }[
      look.finish
    ];
    body += `<g clip-path="url(#${leg.id}c)"><rect x="0" y="0" width="${IMAGE_SIZE}" height="${IMAGE_SIZE}" filter="url(#${leg.id}t)" opacity="${texOpacity}"/>`;
    if (look.finish === 'leaf') {
      // the seams of the leaf squares
      const step = Math.max(28, face * 0.9);
      const seams: string[] = [];
      for (let s = (leg.horizontal ? x : y) + step * 0.6; s < IMAGE_SIZE; s += step) {
        seams.push(
          leg.horizontal ? `M${s.toFixed(1)},0 V${IMAGE_SIZE}` : `M0,${s.toFixed(1)} H${IMAGE_SIZE}`,
        );
      }
      body += `<path d="${seams.join(' ')}" stroke="${rgbHex(scaleRgb(base, 0.6))}" stroke-width="0.8" opacity="0.35"/>`;
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
  return { defs, body, rabbetInner: [x + face, y + face] };
}
