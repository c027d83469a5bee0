import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { PresetPhoto } from '@mitrebox/api-contract';
import { frameMessages, PRESET_PAGE_SIZE, type PresetCategory } from '@mitrebox/domain';
import { and, eq, lt, notExists, or, sql } from 'drizzle-orm';
import type { Metadata } from 'sharp';
import type { Queryable } from '../../platform/db.ts';
import { AppError, notFound, unprocessable } from '../../platform/errors.ts';
import { frameImages, frameRenders, savedFrames } from './frames.tables.ts';

/** What an upload may be: 10 MB of bytes, 40 megapixels once decoded. */
export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;
export const MAX_INPUT_PIXELS = 40_000_000;
/** Uploads are kept at most this wide or high (the screen sends 600 px wide). */
const KEEP_PX = 2000;
const FORMATS = new Set(['jpeg', 'png', 'webp', 'gif', 'avif', 'heif', 'tiff']);

const notAnImage = () => unprocessable(frameMessages.selectImage, { file: frameMessages.selectImage });
const tooLarge = () =>
  new AppError('too_large', 413, frameMessages.imageTooLarge, { file: frameMessages.imageTooLarge });

/** The first bytes of each format we keep (FORMATS): a JPEG starts FF D8 FF, a PNG with its 8-byte signature… */
const SIGNATURES: { at: number; bytes: Buffer }[] = [
  { at: 0, bytes: Buffer.from([0xff, 0xd8, 0xff]) },
  { at: 0, bytes: Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]) },
  { at: 0, bytes: Buffer.from('GIF8') },
  { at: 8, bytes: Buffer.from('WEBP') },
  // AVIF and HEIF are ISO media files: a box of type 'ftyp' comes first
  { at: 4, bytes: Buffer.from('ftyp') },
  { at: 0, bytes: Buffer.from('II*\0') },
  { at: 0, bytes: Buffer.from('MM\0*') },
];

/**
 * Whether the bytes start as a picture of a format we keep. Read before sharp sees them: anything else (text,
 * random bytes) is refused from its first dozen bytes instead of being handed to a decoder.
 */
export function startsAsImage(bytes: Buffer): boolean {
  return SIGNATURES.some((s) => bytes.subarray(s.at, s.at + s.bytes.length).equals(s.bytes));
}

/** Bytes enough to tell every signature above (the longest ends at byte 12). */
const SIGNATURE_BYTES = 12;

/**
 * Reads an upload's body from the wire, refusing it as soon as its first bytes are not a picture's (422) or it
 * grows past MAX_UPLOAD_BYTES (413): ten megabytes of anything else are never collected. The rest of a refused
 * body is let through unread, so the connection stays usable.
 */
export function readImageBody(stream: NodeJS.ReadableStream): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let length = 0;
    let checked = false;
    const refuse = (err: Error) => {
      stream.removeAllListeners('data');
      stream.removeAllListeners('end');
      stream.resume();
      reject(err);
    };
    stream.on('data', (chunk: Buffer) => {
      chunks.push(chunk);
      length += chunk.length;
      if (length > MAX_UPLOAD_BYTES) return refuse(tooLarge());
      if (!checked && length >= SIGNATURE_BYTES) {
        checked = true;
        if (!startsAsImage(Buffer.concat(chunks))) refuse(notAnImage());
      }
    });
    stream.on('end', () => resolve(Buffer.concat(chunks, length)));
    stream.on('error', reject);
  });
}

/**
 * An uploaded picture, checked by its content (not its name or type): its first bytes name a format we keep,
 * then it is decoded by sharp within the pixel limit, turned upright by its EXIF orientation, metadata dropped,
 * kept as a JPEG of at most 2000 px.
 */
export async function cleanUpload(bytes: Buffer): Promise<{ bytes: Buffer; width: number; height: number }> {
  if (bytes.length > MAX_UPLOAD_BYTES) throw tooLarge();
  if (!startsAsImage(bytes)) throw notAnImage();
  // sharp loads on first use (start-to-ready time)
  const { default: sharp } = await import('sharp');
  let meta: Metadata;
  try {
    // the header only: the pixel limit is checked below, with its own message
    meta = await sharp(bytes, { limitInputPixels: false }).metadata();
  } catch {
    throw notAnImage();
  }
  if (!meta.format || !FORMATS.has(meta.format) || !meta.width || !meta.height) throw notAnImage();
  if (meta.width * meta.height > MAX_INPUT_PIXELS) throw tooLarge();
  try {
    const { data, info } = await sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'truncated' })
      .rotate()
      .resize(KEEP_PX, KEEP_PX, { fit: 'inside', withoutEnlargement: true })
      .flatten({ background: '#ffffff' })
      .jpeg({ quality: 85, mozjpeg: true })
      .toBuffer({ resolveWithObject: true });
    return { bytes: data, width: info.width, height: info.height };
  } catch {
    throw notAnImage();
  }
}

/** Stores a cleaned upload; the id is a hash of its bytes, so the same picture is kept once. */
export async function storeImage(q: Queryable, img: { bytes: Buffer; width: number; height: number }) {
  const id = `img_${createHash('sha256').update(img.bytes).digest('hex').slice(0, 40)}`;
  // the same picture again starts its grace period again (see purgeUnusedImages)
  await q
    .insert(frameImages)
    .values({ id, bytes: img.bytes, width: img.width, height: img.height })
    .onConflictDoUpdate({ target: frameImages.id, set: { createdAt: sql`now()` } });
  return { file: id, width: img.width, height: img.height };
}

/**
 * Marks an uploaded picture as just used (a design that uses it is being saved). Answers false when the
 * picture is gone (purged), so that no saved design points at a picture that no longer exists.
 */
export async function touchImage(q: Queryable, id: string): Promise<boolean> {
  const rows = await q
    .update(frameImages)
    .set({ createdAt: sql`now()` })
    .where(eq(frameImages.id, id))
    .returning({ id: frameImages.id });
  return rows.length > 0;
}

/**
 * The clean-up job: uploaded pictures no saved design uses, last uploaded or saved before `before` (the grace
 * period lets a visitor design for a while before saving), and the renders no saved design shows, made before
 * `before` (renders are a cache: buildFrame draws them again). Answers how many of each were removed.
 */
export async function purgeUnusedImages(
  q: Queryable,
  before: Date,
): Promise<{ images: number; renders: number }> {
  const images = await q
    .delete(frameImages)
    .where(
      and(
        lt(frameImages.createdAt, before),
        notExists(
          q
            .select({ one: sql`1` })
            .from(savedFrames)
            .where(or(eq(savedFrames.imageId, frameImages.id), eq(savedFrames.image2Id, frameImages.id))),
        ),
      ),
    )
    .returning({ id: frameImages.id });
  const renders = await q
    .delete(frameRenders)
    .where(
      and(
        lt(frameRenders.createdAt, before),
        notExists(
          q.select({ one: sql`1` }).from(savedFrames).where(eq(savedFrames.renderHash, frameRenders.hash)),
        ),
      ),
    )
    .returning({ hash: frameRenders.hash });
  return { images: images.length, renders: renders.length };
}

// ——— the photographs shipped with the shop ———

/** apps/api/assets/frame-presets, seen from this file (src/modules/frames/) or the compiled server (dist/). */
const PRESET_DIR =
  ['../../../assets/frame-presets', '../assets/frame-presets']
    .map((rel) => path.resolve(import.meta.dirname, rel))
    .find((dir) => existsSync(path.join(dir, 'credits.json'))) ?? '';

interface PresetCredit {
  id: string;
  title: string;
  category: PresetCategory;
  author: string;
  licence: string;
  source: string;
  width: number;
  height: number;
}

let presetList: Promise<PresetCredit[]> | null = null;
export function presets(): Promise<PresetCredit[]> {
  presetList ??= readFile(path.join(PRESET_DIR, 'credits.json'), 'utf8')
    .then((text) => JSON.parse(text) as PresetCredit[])
    .catch(() => []);
  return presetList;
}

export const presetUrl = (id: string) => `/api/framebuilder/presets/${id}.jpg`;

export async function presetPage(category: PresetCategory | undefined, page: number) {
  const all = (await presets()).filter((p) => !category || p.category === category);
  const data: PresetPhoto[] = all
    .slice((page - 1) * PRESET_PAGE_SIZE, page * PRESET_PAGE_SIZE)
    .map((p) => ({ ...p, url: presetUrl(p.id) }));
  return { data, total: all.length, page, per_page: PRESET_PAGE_SIZE };
}

/** A preset photograph's bytes ('thumb' for the picker), or null when there is no such photograph. */
export async function presetBytes(id: string, thumb = false): Promise<Buffer | null> {
  const known = (await presets()).some((p) => p.id === id);
  if (!known) return null;
  return readFile(path.join(PRESET_DIR, `${id}${thumb ? '.thumb' : ''}.jpg`));
}

/** The artwork of a design: an upload from the database or a preset photograph. */
export async function artworkBytes(q: Queryable, file: string): Promise<Buffer> {
  if (file.startsWith('preset:')) {
    const bytes = await presetBytes(file.slice('preset:'.length));
    if (!bytes)
      throw unprocessable('This picture is no longer available. Please choose another.', { file: 'unknown' });
    return bytes;
  }
  const [row] = await q
    .select({ bytes: frameImages.bytes })
    .from(frameImages)
    .where(eq(frameImages.id, file))
    .limit(1);
  if (!row) throw unprocessable(frameMessages.imageGone, { file: 'unknown' });
  return row.bytes;
}

export async function uploadedImage(q: Queryable, id: string) {
  const [row] = await q
    .select({ bytes: frameImages.bytes })
    .from(frameImages)
    .where(eq(frameImages.id, id))
    .limit(1);
  if (!row) throw notFound('No such picture.');
  return row.bytes;
}

/**
 * A random photograph from the configured stock-photo source (FRAME_RANDOM_PHOTO_URL), cleaned and kept as an
 * upload is. Answers null when the source fails (down, slow, too large, not a picture).
 */
export async function fetchRandomPhoto(url: string, timeoutMs = 8000): Promise<Buffer | null> {
  try {
    const res = await fetch(url, { signal: AbortSignal.timeout(timeoutMs), redirect: 'follow' });
    if (!res.ok || Number(res.headers.get('content-length') ?? 0) > MAX_UPLOAD_BYTES) {
      await res.body?.cancel();
      return null;
    }
    const bytes = Buffer.from(await res.arrayBuffer());
    return bytes.length > 0 && bytes.length <= MAX_UPLOAD_BYTES ? bytes : null;
  } catch {
    return null;
  }
}
