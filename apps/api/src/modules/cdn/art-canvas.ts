/**
 * The canvas the catalogue's art is drawn on (an SVG of 400 × 400, rendered to JPEG by sharp): its size, fonts,
 * the studio backdrop and the document around the drawing.
 */
import type { Rgb } from '@mitrebox/domain';

export const IMAGE_SIZE = 400;
export const FONT = "'DejaVu Sans', 'Liberation Sans', Arial, Helvetica, sans-serif";
export const SERIF = "'DejaVu Serif', 'Liberation Serif', Georgia, 'Times New Roman', serif";

/** How light a colour looks, 0 (black) to 1 (white). */
export const luminance = ([r, g, b]: Rgb) => (0.2126 * r + 0.7152 * g + 0.0722 * b) / 255;

/** Escapes text for SVG. */
export const xml = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** A soft backdrop and the blur its drop shadows use (ids prefixed by idp). */
export function studio(idp: string, top = '#fbfaf7', bottom = '#e9e5de'): { defs: string; body: string } {
  return {
    defs: `<radialGradient id="${idp}bg" cx="0.35" cy="0.3" r="0.95"><stop offset="0" stop-color="${top}"/><stop offset="1" stop-color="${bottom}"/></radialGradient><filter id="${idp}sh" x="-20%" y="-20%" width="140%" height="140%"><feGaussianBlur stdDeviation="7"/></filter>`,
    body: `<rect width="${IMAGE_SIZE}" height="${IMAGE_SIZE}" fill="url(#${idp}bg)"/>`,
  };
}

export const svgDoc = (defs: string, body: string) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="${IMAGE_SIZE}" height="${IMAGE_SIZE}" viewBox="0 0 ${IMAGE_SIZE} ${IMAGE_SIZE}"><defs>${defs}</defs>${body}</svg>`;
