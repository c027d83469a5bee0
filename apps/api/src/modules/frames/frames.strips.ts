import { createHash } from 'node:crypto';
import { LRUCache } from 'lru-cache';

/**
 * Product photo strips of mouldings from the configured image source (IMAGE_BASE_URL): a photograph of a length
 * of the moulding's face lying along, its outer edge at the top and its lip at the bottom, at
 * `{IMAGE_BASE_URL}/strips/{code}.jpg`. Where the source has one, the Frame Creator's moulding is drawn from it
 * (tiled along each side, turned per side); where it has none — or the source is the shop's own generated
 * /cdn, which draws no photographs — the drawing falls back to the catalogue's own art (colour, finish,
 * profile). What comes back is checked as a picture (sharp), kept small, and remembered for a while, found or
 * not, so that a missing strip costs one request per moulding every few minutes.
 */
export interface Strip {
  /** The strip as a JPEG, at most STRIP_HEIGHT high. */
  bytes: Buffer;
  width: number;
  height: number;
  /** Where the browser loads it from (the configured source). */
  url: string;
  /** A short hash of the bytes (renders are cached by it). */
  hash: string;
}

const MAX_BYTES = 4 * 1024 * 1024;
const MAX_PIXELS = 16_000_000;
/** Strips are kept this high: a side is never drawn wider than the face of a 1200 px render. */
const STRIP_HEIGHT = 240;

export type StripSource = ReturnType<typeof createStripSource>;

export function createStripSource(opts: { imageBase: string; timeoutMs?: number; ttlMs?: number }) {
  const base = opts.imageBase.replace(/\/+$/, '');
  // the shop's own /cdn draws catalogue art, not photographs: only an external source has strips
  const enabled = /^https?:\/\//i.test(base);
  const cache = new LRUCache<string, Strip | 'none'>({ max: 500, ttl: opts.ttlMs ?? 10 * 60_000 });
  const inflight = new Map<string, Promise<Strip | null>>();
  const urlOf = (code: string) => `${base}/strips/${encodeURIComponent(code)}.jpg`;

  async function load(code: string): Promise<Strip | null> {
    const url = urlOf(code);
    try {
      const res = await fetch(url, {
        signal: AbortSignal.timeout(opts.timeoutMs ?? 3000),
        redirect: 'follow',
      });
      if (!res.ok || Number(res.headers.get('content-length') ?? 0) > MAX_BYTES) {
        await res.body?.cancel();
        return null;
      }
      const raw = Buffer.from(await res.arrayBuffer());
      if (raw.length === 0 || raw.length > MAX_BYTES) return null;
      const { default: sharp } = await import('sharp');
      const { data, info } = await sharp(raw, { limitInputPixels: MAX_PIXELS, failOn: 'truncated' })
        .rotate()
        .resize({ height: STRIP_HEIGHT, withoutEnlargement: true })
        .flatten({ background: '#ffffff' })
        .jpeg({ quality: 90 })
        .toBuffer({ resolveWithObject: true });
      // a strip lies along: wider than high
      if (info.width < info.height) return null;
      const hash = createHash('sha256').update(data).digest('hex').slice(0, 16);
      return { bytes: data, width: info.width, height: info.height, url, hash };
    } catch {
      // unreachable, slow, not a picture: the drawn face stands in
      return null;
    }
  }

  return {
    enabled,
    /** The photo strip of a moulding, or null when the configured source has none. */
    async get(code: string): Promise<Strip | null> {
      if (!enabled) return null;
      const hit = cache.get(code);
      if (hit) return hit === 'none' ? null : hit;
      let pending = inflight.get(code);
      if (!pending) {
        pending = load(code).finally(() => inflight.delete(code));
        inflight.set(code, pending);
      }
      const strip = await pending;
      cache.set(code, strip ?? 'none');
      return strip;
    },
  };
}
