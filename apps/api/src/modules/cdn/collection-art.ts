/** A collection's tile (corner samples of its mouldings fanned out, with its name) and the placeholder image. */

import { FONT, IMAGE_SIZE, SERIF, svgDoc, xml } from './art-canvas.ts';
import { cornerParts } from './moulding-art.ts';
import type { MouldingArt } from './moulding-legs.ts';

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
