import {
  type FrameDesign,
  type FrameLayers,
  frameLayers,
  frameSvg,
  type MatLook,
  type MouldingLook,
} from '@mitrebox/domain';

/** Bump when the drawing changes: cached renders are keyed by it. */
export const FRAME_RENDER_VERSION = 1;

export interface RenderParts {
  mouldingWidth: number | null;
  moulding: MouldingLook | null;
  mat: MatLook | null;
}

export interface Rendered {
  bytes: Buffer;
  width: number;
  height: number;
  layers: FrameLayers;
}

/**
 * Draws a design with sharp: the picture (cropped, resized to its place) on a white canvas, the shared SVG
 * drawing of frameSvg() over it with the picture's place left open. `size` is the longer side in pixels.
 */
export async function renderDesign(
  design: FrameDesign,
  parts: RenderParts,
  artwork: Buffer | null,
  size: number,
): Promise<Rendered> {
  // sharp loads on first use (start-to-ready time)
  const { default: sharp } = await import('sharp');
  const layers = frameLayers(design, { mouldingWidth: parts.mouldingWidth });
  const ppi = size / Math.max(layers.width, layers.height);
  const width = Math.max(1, Math.round(layers.width * ppi));
  const height = Math.max(1, Math.round(layers.height * ppi));
  const svg = frameSvg(layers, {
    moulding: parts.moulding,
    mat: parts.mat,
    art: artwork ? 'none' : null,
    pxWidth: width,
  });
  const overlay = Buffer.from(svg.replace(/height="\d+"/, `height="${height}"`));
  if (!artwork) {
    const { data, info } = await sharp(overlay)
      .flatten({ background: '#ffffff' })
      .jpeg({ quality: 85 })
      .toBuffer({ resolveWithObject: true });
    return { bytes: data, width: info.width, height: info.height, layers };
  }
  const a = layers.art;
  const left = Math.round(a.x * ppi);
  const top = Math.round(a.y * ppi);
  const artW = Math.max(1, Math.min(width - left, Math.round(a.w * ppi)));
  const artH = Math.max(1, Math.min(height - top, Math.round(a.h * ppi)));
  let picture = sharp(artwork);
  const crop = design.crop;
  if (crop) {
    const meta = await sharp(artwork).metadata();
    const iw = meta.width ?? 1;
    const ih = meta.height ?? 1;
    const x = Math.min(iw - 1, Math.floor(crop.x * iw));
    const y = Math.min(ih - 1, Math.floor(crop.y * ih));
    picture = picture.extract({
      left: x,
      top: y,
      width: Math.max(1, Math.min(iw - x, Math.round(crop.w * iw))),
      height: Math.max(1, Math.min(ih - y, Math.round(crop.h * ih))),
    });
  }
  const placed = await picture.resize(artW, artH, { fit: 'cover' }).toBuffer();
  // the white board, the picture in its place, the drawing over both (sharp flattens before it composites,
  // so the picture cannot be slid under the drawing in one pipeline)
  const { data, info } = await sharp({ create: { width, height, channels: 3, background: '#ffffff' } })
    .composite([
      { input: placed, left, top },
      { input: overlay, left: 0, top: 0 },
    ])
    .jpeg({ quality: 85 })
    .toBuffer({ resolveWithObject: true });
  return { bytes: data, width: info.width, height: info.height, layers };
}
