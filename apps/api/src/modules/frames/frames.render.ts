import {
  type DesignParts,
  type FrameDesign,
  type FrameLayers,
  frameLayers,
  frameSvg,
  type MatLook,
  type MouldingLook,
} from '@mitrebox/domain';

/** Bump when the drawing changes: cached renders are keyed by it. */
export const FRAME_RENDER_VERSION = 4;

export interface RenderParts {
  /** The parts' face widths (and sheets), as the sizes read them. */
  sizes: DesignParts;
  moulding: MouldingLook | null;
  /** The inner moulding's and the fillet's looks, when the design has them. */
  inner?: MouldingLook | null;
  fillet?: MouldingLook | null;
  /** Every mat's look, top first. */
  mats: (MatLook | null)[];
  /**
   * The product photo strips (face along, outer edge at the top) of the moulding, the inner moulding and the
   * fillet, where the image source has one.
   */
  strip?: PhotoStrip | null;
  innerStrip?: PhotoStrip | null;
  filletStrip?: PhotoStrip | null;
}

type PhotoStrip = { bytes: Buffer; width: number; height: number };
type Sharp = typeof import('sharp').default;

export interface Rendered {
  bytes: Buffer;
  width: number;
  height: number;
  layers: FrameLayers;
}

const dataUrl = (type: string, bytes: Buffer) => `data:${type};base64,${bytes.toString('base64')}`;

/** A face drawn from its photo strip, when it has one (embedded in the drawing). */
const faceWith = (look: MouldingLook | null | undefined, strip: PhotoStrip | null | undefined) =>
  look && strip
    ? { ...look, strip: { href: dataUrl('image/jpeg', strip.bytes), aspect: strip.width / strip.height } }
    : look;

/**
 * The picture as it shows in a window of `w` × `h` pixels: cropped as the design says, resized with sharp (a
 * better filter than the drawing's own scaling) to fill the window, ready to be drawn 1:1.
 */
async function windowPicture(sharp: Sharp, artwork: Buffer, crop: FrameDesign['crop'], w: number, h: number) {
  let picture = sharp(artwork);
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
  return picture.resize(w, h, { fit: 'cover' }).jpeg({ quality: 92 }).toBuffer();
}

/**
 * Draws a design with sharp: the shared SVG drawing of frameSvg() — the one the browser shows — rasterised once
 * by librsvg, with the picture (cropped and resized to its window by sharp) and the moulding's photo strip
 * (and the liner's and fillet's) inside it as embedded images, then encoded as a JPEG. One rasterisation and no compositing of full-size
 * layers: docs/decisions/010 has the measurements. `size` is the longer side in pixels.
 */
export async function renderDesign(
  design: FrameDesign,
  parts: RenderParts,
  artwork: Buffer | null,
  size: number,
  /** A double opening's second picture (shown whole in the right-hand window). */
  artwork2: Buffer | null = null,
): Promise<Rendered> {
  // sharp loads on first use (start-to-ready time)
  const { default: sharp } = await import('sharp');
  const layers = frameLayers(design, parts.sizes);
  const ppi = size / Math.max(layers.width, layers.height);
  const width = Math.max(1, Math.round(layers.width * ppi));
  const height = Math.max(1, Math.round(layers.height * ppi));
  // the pictures' windows are all of one size (a double opening's two are alike)
  const opening = layers.arts[0];
  const pw = Math.max(1, Math.round((opening?.w ?? 1) * ppi));
  const ph = Math.max(1, Math.round((opening?.h ?? 1) * ppi));
  const picture = artwork && opening ? await windowPicture(sharp, artwork, design.crop, pw, ph) : null;
  const picture2 =
    artwork2 && layers.arts.length > 1 ? await windowPicture(sharp, artwork2, null, pw, ph) : null;
  const svg = frameSvg(layers, {
    moulding: faceWith(parts.moulding, parts.strip),
    inner: faceWith(parts.inner, parts.innerStrip),
    fillet: faceWith(parts.fillet, parts.filletStrip),
    mat: parts.mats[0] ?? null,
    mats: parts.mats,
    art: picture ? { href: dataUrl('image/jpeg', picture), crop: { x: 0, y: 0, w: pw, h: ph } } : null,
    art2: picture2 ? { href: dataUrl('image/jpeg', picture2), crop: { x: 0, y: 0, w: pw, h: ph } } : null,
    pxWidth: width,
  });
  const { data, info } = await sharp(Buffer.from(svg.replace(/height="\d+"/, `height="${height}"`)))
    .flatten({ background: '#ffffff' })
    .jpeg({ quality: 85 })
    .toBuffer({ resolveWithObject: true });
  return { bytes: data, width: info.width, height: info.height, layers };
}
