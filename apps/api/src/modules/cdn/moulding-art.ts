/**
 * A moulding as the catalogue shows it: the corner sample (two legs, the rabbet ledge, the cut ends and a
 * cross-section of the profile with its sizes) and a readymade frame (the whole ring around a mat and a landscape).
 */
import { mixRgb, profileHeight, profileKind, type Rgb, rgbHex, scaleRgb, swatchRgb } from '@mitrebox/domain';
import { FONT, IMAGE_SIZE, luminance, studio, svgDoc, xml } from './art-canvas.ts';
import { type MouldingArt, mouldingLegs } from './moulding-legs.ts';

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
  const fill = rgbHex(light ? scaleRgb(color, 0.86) : mixRgb(color, [255, 255, 255], 0.1));
  const edge = rgbHex(scaleRgb(color, light ? 0.45 : 0.5));
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

/** Face width in pixels for a moulding width in inches. */
const facePx = (width: number | null) => Math.round(Math.min(200, Math.max(46, 30 + (width ?? 1.25) * 38)));

/** The corner sample (legs, rabbet ledge, cut ends, shadow) and optionally its cross-section drawing. */
export function cornerParts(
  m: MouldingArt,
  idp: string,
  withDrawing: boolean,
): { defs: string; body: string } {
  const face = facePx(m.width);
  const x = 34;
  const y = 34;
  const len = IMAGE_SIZE - x - 26;
  const art = mouldingLegs(m, idp, { kind: 'corner', x, y, face, len });
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
  const defs = `<filter id="${idp}sh" x="-20%" y="-20%" width="140%" height="140%"><feGaussianBlur stdDeviation="7"/></filter><linearGradient id="${idp}rb" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${rgbHex(scaleRgb(core, 0.55))}"/><stop offset="0.45" stop-color="${rgbHex(scaleRgb(core, 0.85))}"/><stop offset="1" stop-color="${rgbHex(core)}"/></linearGradient><linearGradient id="${idp}rl" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="${rgbHex(scaleRgb(core, 0.5))}"/><stop offset="0.45" stop-color="${rgbHex(scaleRgb(core, 0.8))}"/><stop offset="1" stop-color="${rgbHex(scaleRgb(core, 0.95))}"/></linearGradient>${art.defs}`;
  const ledge = `<polygon points="${ix},${iy} ${end},${iy} ${end},${iy + lip} ${ix + lip},${iy + lip}" fill="url(#${idp}rb)"/><polygon points="${ix},${iy} ${ix + lip},${iy + lip} ${ix + lip},${end} ${ix},${end}" fill="url(#${idp}rl)"/><line x1="${ix}" y1="${iy}" x2="${ix + lip}" y2="${iy + lip}" stroke="#000" stroke-opacity="0.3" stroke-width="0.8"/>`;
  // square-cut ends show the core
  const ends = `<rect x="${end - 2}" y="${y}" width="2" height="${face + lip}" fill="${rgbHex(scaleRgb(core, 0.75))}"/><rect x="${x}" y="${end - 2}" width="${face + lip}" height="2" fill="${rgbHex(scaleRgb(core, 0.7))}"/>`;
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
  const art = mouldingLegs(m, 'r', { kind: 'ring', x, y, w: W, h: H, face });
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
