/** Supplies as the catalogue shows them: a pane of glazing, a stack of boards, a carton of hardware with its label. */
import { mixRgb, rgbHex, scaleRgb, swatchRgb } from '@mitrebox/domain';
import { FONT, IMAGE_SIZE, xml } from './art-canvas.ts';

export function glassSvg(label: string, swatch: string | null, acrylic: boolean): string {
  const tint = swatchRgb(swatch, [223, 232, 234]);
  const edge = acrylic ? '#d9e4e6' : '#7fa89c';
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${IMAGE_SIZE}" height="${IMAGE_SIZE}" viewBox="0 0 ${IMAGE_SIZE} ${IMAGE_SIZE}">
<defs><linearGradient id="bg" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#f6f5f2"/><stop offset="1" stop-color="#dedad2"/></linearGradient>
<linearGradient id="pane" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${rgbHex(mixRgb(tint, [255, 255, 255], 0.3))}" stop-opacity="0.75"/><stop offset="1" stop-color="${rgbHex(scaleRgb(tint, 0.92))}" stop-opacity="0.6"/></linearGradient>
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
<linearGradient id="top" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${rgbHex(mixRgb(face, [255, 255, 255], 0.2))}"/><stop offset="1" stop-color="${rgbHex(scaleRgb(face, 0.9))}"/></linearGradient>
<filter id="sh"><feGaussianBlur stdDeviation="7"/></filter></defs>
<rect width="${IMAGE_SIZE}" height="${IMAGE_SIZE}" fill="url(#bg)"/>
<polygon points="60,250 250,310 350,200 160,150" fill="#000" opacity="0.25" filter="url(#sh)" transform="translate(0 22)"/>
${sheets
  .map((i) => {
    const dy = (4 - i) * 12;
    return `<polygon points="60,${230 + dy} 250,${290 + dy} 250,${300 + dy} 60,${240 + dy}" fill="${rgbHex(scaleRgb(face, 0.8))}"/><polygon points="250,${290 + dy} 350,${180 + dy} 350,${190 + dy} 250,${300 + dy}" fill="${rgbHex(scaleRgb(face, 0.7))}"/><polygon points="60,${233 + dy} 250,${293 + dy} 250,${297 + dy} 60,${237 + dy}" fill="#efefe6"/><polygon points="60,${230 + dy} 250,${290 + dy} 350,${180 + dy} 160,${130 + dy}" fill="url(#top)"/>`;
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
<rect x="84" y="160" width="192" height="10" rx="2" fill="${rgbHex(acc)}"/>
${lines.map((l, i) => `<text x="180" y="${196 + i * 21}" font-family="${FONT}" font-size="15" font-weight="bold" fill="#2e2a26" text-anchor="middle">${xml(l)}</text>`).join('')}
<text x="180" y="278" font-family="${FONT}" font-size="12" fill="#6b645c" text-anchor="middle">${xml(code)}</text>
</svg>`;
}
