import {
  type DesignParts,
  type FrameDesign,
  type FrameLayers,
  frameLayers,
  frameSvg,
  type MatLook,
  type MouldingLook,
  matColor,
} from '@mitrebox/domain';

/** Bump when the drawing changes: cached renders are keyed by it. */
export const FRAME_RENDER_VERSION = 3;

export interface RenderParts {
  /** The parts' face widths (and sheets), as the sizes read them. */
  sizes: DesignParts;
  moulding: MouldingLook | null;
  /** The inner moulding's and the fillet's looks, when the design has them. */
  inner?: MouldingLook | null;
  fillet?: MouldingLook | null;
  /** Every mat's look, top first. */
  mats: (MatLook | null)[];
  /** The moulding's product photo strip (face along, outer edge at the top), where the image source has one. */
  strip?: { bytes: Buffer; width: number; height: number } | null;
}

type Sharp = typeof import('sharp').default;
type Piece = { input: Buffer; left: number; top: number };

/**
 * The four sides of the moulding cut from its photo strip: the strip scaled to the face's width in pixels,
 * tiled along each side (never stretched), turned per side (outer edge outwards) and mitred at 45°.
 */
async function stripSides(
  sharp: Sharp,
  strip: { bytes: Buffer; width: number; height: number },
  layers: FrameLayers,
  ppi: number,
  width: number,
  height: number,
): Promise<Piece[]> {
  const f = Math.max(
    1,
    Math.min(Math.round(layers.mouldingWidth * ppi), Math.floor(Math.min(width, height) / 2)),
  );
  const tile = await sharp(strip.bytes)
    .resize({ height: f, width: Math.max(1, Math.round((strip.width * f) / strip.height)), fit: 'fill' })
    .ensureAlpha()
    .png({ compressionLevel: 0 })
    .toBuffer();
  const side = async (length: number, angle: 0 | 90 | 180 | 270, left: number, top: number) => {
    // along: length × f, outer edge at the top; the mitres cut the two ends at 45°
    const mask = Buffer.from(
      `<svg xmlns="http://www.w3.org/2000/svg" width="${length}" height="${f}"><polygon points="0,0 ${length},0 ${length - f},${f} ${f},${f}" fill="#fff"/></svg>`,
    );
    const along = await sharp({ create: { width: length, height: f, channels: 4, background: '#00000000' } })
      .composite([
        { input: tile, tile: true, left: 0, top: 0 },
        { input: mask, blend: 'dest-in', left: 0, top: 0 },
      ])
      .png({ compressionLevel: 0 })
      .toBuffer();
    const input = angle ? await sharp(along).rotate(angle).png({ compressionLevel: 0 }).toBuffer() : along;
    return { input, left, top };
  };
  return Promise.all([
    side(width, 0, 0, 0),
    side(height, 90, width - f, 0),
    side(width, 180, 0, height - f),
    side(height, 270, 0, 0),
  ]);
}

export interface Rendered {
  bytes: Buffer;
  width: number;
  height: number;
  layers: FrameLayers;
}

/**
 * Draws a design with sharp: the picture (cropped, resized to its place — each place of a double opening) on a
 * board of the top mat's colour, the shared SVG drawing of frameSvg() over it with the pictures' places left open.
 * `size` is the longer side in pixels.
 */
export async function renderDesign(
  design: FrameDesign,
  parts: RenderParts,
  artwork: Buffer | null,
  size: number,
): Promise<Rendered> {
  // sharp loads on first use (start-to-ready time)
  const { default: sharp } = await import('sharp');
  const layers = frameLayers(design, parts.sizes);
  const topMat = parts.mats[0] ?? null;
  const ppi = size / Math.max(layers.width, layers.height);
  const width = Math.max(1, Math.round(layers.width * ppi));
  const height = Math.max(1, Math.round(layers.height * ppi));
  const svg = frameSvg(layers, {
    moulding:
      parts.moulding && parts.strip
        ? { ...parts.moulding, strip: { href: null, aspect: parts.strip.width / parts.strip.height } }
        : parts.moulding,
    inner: parts.inner,
    fillet: parts.fillet,
    mat: topMat,
    mats: parts.mats,
    art: artwork ? 'none' : null,
    pxWidth: width,
    matAsBackground: Boolean(artwork),
  });
  const overlay = Buffer.from(svg.replace(/height="\d+"/, `height="${height}"`));
  // the photographed moulding goes under the drawing (which lays light and shade over it)
  const sides =
    parts.strip && layers.moulding.length
      ? await stripSides(sharp, parts.strip, layers, ppi, width, height)
      : [];
  if (!artwork) {
    const { data, info } = await sharp({ create: { width, height, channels: 3, background: '#ffffff' } })
      .composite([...sides, { input: overlay, left: 0, top: 0 }])
      .jpeg({ quality: 85 })
      .toBuffer({ resolveWithObject: true });
    return { bytes: data, width: info.width, height: info.height, layers };
  }
  const places = layers.arts.map((a) => {
    const left = Math.max(0, Math.min(width - 1, Math.round(a.x * ppi)));
    const top = Math.max(0, Math.min(height - 1, Math.round(a.y * ppi)));
    return {
      left,
      top,
      w: Math.max(1, Math.min(width - left, Math.round(a.w * ppi))),
      h: Math.max(1, Math.min(height - top, Math.round(a.h * ppi))),
    };
  });
  const { left, top, w: artW, h: artH } = places[0];
  const board = topMat ? matColor(topMat) : '#ffffff';
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
  if (places.length > 1) {
    // a double opening: the picture once resized, laid in each window of a board of the mat's colour
    const input = await picture.resize(artW, artH, { fit: 'cover' }).png({ compressionLevel: 0 }).toBuffer();
    const { data, info } = await sharp({ create: { width, height, channels: 3, background: board } })
      .composite([
        ...places.map((p) => ({ input, left: p.left, top: p.top })),
        ...sides,
        { input: overlay, left: 0, top: 0 },
      ])
      .jpeg({ quality: 85 })
      .toBuffer({ resolveWithObject: true });
    return { bytes: data, width: info.width, height: info.height, layers };
  }
  // One pipeline, no intermediate image: the picture resized to its place, extended to the whole drawing on a
  // board of the mat's colour (white without a mat), the drawing over it (the mat drawn only where it
  // overlaps the picture). docs/decisions/010 has the measurements.
  const { data, info } = await picture
    .resize(artW, artH, { fit: 'cover' })
    .extend({
      left,
      top,
      right: width - left - artW,
      bottom: height - top - artH,
      background: board,
    })
    .composite([...sides, { input: overlay, left: 0, top: 0 }])
    .jpeg({ quality: 85 })
    .toBuffer({ resolveWithObject: true });
  return { bytes: data, width: info.width, height: info.height, layers };
}
