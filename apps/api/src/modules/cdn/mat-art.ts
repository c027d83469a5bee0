/** A mat corner as the catalogue shows it: the board's colour and texture, and its bevelled window onto a picture. */
import { mixRgb, type Rgb, rgbHex, scaleRgb, swatchRgb } from '@mitrebox/domain';
import { IMAGE_SIZE, luminance } from './art-canvas.ts';

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
  const surfaceTop = rgbHex(mixRgb(base, [255, 255, 255], 0.06));
  const surfaceBottom = rgbHex(scaleRgb(base, 0.93));
  const noise = mat.suede ? 0.22 : 0.1;
  const grain = mat.suede ? '0.9' : '1.4';
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${IMAGE_SIZE}" height="${IMAGE_SIZE}" viewBox="0 0 ${IMAGE_SIZE} ${IMAGE_SIZE}">
<defs>
<linearGradient id="surf" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${surfaceTop}"/><stop offset="1" stop-color="${surfaceBottom}"/></linearGradient>
<filter id="tex" x="0" y="0" width="100%" height="100%"><feTurbulence type="fractalNoise" baseFrequency="${grain}" numOctaves="2" seed="3"/><feColorMatrix type="matrix" values="0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 1.2 -0.45"/></filter>
<linearGradient id="bevTop" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${rgbHex(mixRgb(core, [255, 255, 255], 0.15))}"/><stop offset="1" stop-color="${rgbHex(scaleRgb(core, 0.97))}"/></linearGradient>
<linearGradient id="bevLeft" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="${rgbHex(scaleRgb(core, 0.9))}"/><stop offset="1" stop-color="${rgbHex(scaleRgb(core, 0.82))}"/></linearGradient>
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
