import path from 'node:path';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../../platform/db.ts';
import { findCollectionArt, findProductArt, type ProductArt } from '../catalogue/catalogue.art.ts';
import { ImageCache } from './cdn.cache.ts';
import { collectionSvg, placeholderSvg } from './collection-art.ts';
import { matCoreOf, matSvg } from './mat-art.ts';
import { mouldingCornerSvg, readymadeSvg } from './moulding-art.ts';
import type { MouldingArt } from './moulding-legs.ts';
import { boardSvg, cartonSvg, glassSvg } from './supplies-art.ts';

/** Bump when the drawings change: the disk cache lives under cdn-cache/v{RENDER_VERSION}. */
export const RENDER_VERSION = 1;

export const IMMUTABLE = 'public, max-age=31536000, immutable';
/** Placeholders for unknown or failed images may become real images later. */
const SHORT = 'public, max-age=300';

const NAME = /^[A-Za-z0-9._-]{1,64}$/;

export interface CdnDeps {
  db: Db;
  /** The data directory; generated images are cached under `${dataDir}/cdn-cache/`. 'memory://' = no disk. */
  dataDir: string;
}

type Kind = 'frames' | 'mats' | 'collections';

const num = (v: string | null) => (v === null ? null : Number(v));

function mouldingArt(p: ProductArt): MouldingArt {
  return {
    code: p.code,
    swatch: p.swatch,
    finishName: p.finishName,
    styleName: p.styleName,
    profileName: p.profileName,
    width: num(p.width),
    height: num(p.height),
    rabbet: num(p.rabbet),
    material: p.category,
  };
}

/** The drawing of any product: mouldings and fillets as corner samples, mats, glazing, boards, cartons. */
export function productSvg(p: ProductArt): string {
  if (p.type === 6 || /foam/i.test(`${p.category} ${p.displayName}`))
    return boardSvg(p.displayName, p.swatch);
  switch (p.frameType) {
    case 'MOULDING':
      return mouldingCornerSvg(mouldingArt(p));
    case 'MATS':
      return matSvg({
        swatch: p.swatch,
        name: p.finishName,
        core: matCoreOf(p.category),
        suede: /suede/i.test(p.category ?? ''),
      });
    case 'GLASS': {
      const size = p.wInt && p.hInt ? `${p.wInt}x${p.hInt}` : '';
      return glassSvg(p.displayName || size, p.swatch, /acrylic/i.test(p.category ?? ''));
    }
    default:
      if (/readymade/i.test(`${p.category} ${p.displayName}`) && p.wInt && p.hInt) {
        return readymadeSvg(
          { ...mouldingArt(p), profileName: p.profileName ?? 'Flat', width: 1 },
          p.wInt,
          p.hInt,
        );
      }
      return cartonSvg(p.displayName, p.code, p.swatch);
  }
}

/**
 * The encodings a picture is sent in: WebP to a browser that says it takes it (every current one does), a third
 * of the JPEG's bytes for these drawings (their wood and paper grain is noise: 4–6 KB instead of 13–17 KB at
 * 400 × 400, ADR 013), else JPEG. The address stays `.jpg` (answers carry `Vary: Accept`).
 */
export type ImageFormat = 'jpeg' | 'webp';

const CONTENT_TYPE: Record<ImageFormat, string> = { jpeg: 'image/jpeg', webp: 'image/webp' };

export function formatFor(accept: string | undefined): ImageFormat {
  return accept && /\bimage\/webp\b/i.test(accept) ? 'webp' : 'jpeg';
}

export async function renderImage(svg: string, format: ImageFormat): Promise<Buffer> {
  // loaded on the first picture rendered, not at start (start-to-ready time)
  const { default: sharp } = await import('sharp');
  const image = sharp(Buffer.from(svg));
  return format === 'webp'
    ? image.webp({ quality: 80 }).toBuffer()
    : image.jpeg({ quality: 86, mozjpeg: true }).toBuffer();
}

/**
 * GET /cdn/frames/{Code}.jpg, /cdn/mats/{ManufCode}.jpg, /cdn/collections/{value or id}.jpg and
 * /cdn/placeholder.jpg: generated catalogue images, rendered on first use and cached on disk and in memory.
 * Unknown items answer the placeholder with 404; a malformed name answers 400.
 */
export function cdnRoutes(deps: CdnDeps): FastifyPluginAsync {
  return async (app) => {
    const { db } = deps;
    const dir = deps.dataDir.startsWith('memory://')
      ? null
      : path.join(deps.dataDir, 'cdn-cache', `v${RENDER_VERSION}`);
    const cache = new ImageCache(dir, 256, (err) =>
      app.log.warn({ err }, 'cdn: could not write the image cache'),
    );

    // a WebP is cached under its own key (and folder): `webp/frames/123` beside `frames/123`
    const keyOf = (key: string, format: ImageFormat) => (format === 'webp' ? `webp/${key}` : key);
    const placeholder = (format: ImageFormat) =>
      cache.get(keyOf('placeholder/placeholder', format), async () => renderImage(placeholderSvg(), format));

    async function collectionImage(name: string, format: ImageFormat): Promise<Buffer | null> {
      const found = await findCollectionArt(db, name);
      if (!found) return null;
      return renderImage(collectionSvg(found.name, found.samples.map(mouldingArt)), format);
    }

    async function send(
      reply: FastifyReply,
      status: number,
      bytes: Buffer,
      cacheControl: string,
      format: ImageFormat,
    ) {
      return reply
        .code(status)
        .header('content-type', CONTENT_TYPE[format])
        .header('vary', 'Accept')
        .header('cache-control', cacheControl)
        .send(bytes);
    }

    const handler =
      (kind: Kind) => async (request: FastifyRequest<{ Params: { file: string } }>, reply: FastifyReply) => {
        const file = request.params.file;
        const m = /^(.*)\.jpe?g$/i.exec(file);
        const name = m?.[1] ?? '';
        if (!m || !NAME.test(name)) {
          return reply.code(400).header('cache-control', 'no-store').send({
            message:
              'Invalid image name: use letters, digits, dot, dash or underscore (at most 64) and .jpg.',
          });
        }
        const format = formatFor(request.headers.accept);
        try {
          const bytes = await cache.get(keyOf(`${kind}/${name}`, format), async () => {
            if (kind === 'collections') return collectionImage(name, format);
            const p = await findProductArt(db, kind, name);
            return p ? renderImage(productSvg(p), format) : null;
          });
          if (bytes) return send(reply, 200, bytes, IMMUTABLE, format);
          return send(reply, 404, (await placeholder(format))!, SHORT, format);
        } catch (err) {
          request.log.error({ err, kind, name }, 'cdn: image failed');
          return send(reply, 200, (await placeholder(format))!, SHORT, format);
        }
      };

    // Not counted by the request rate limit (its allowList: GET outside /api), as the shop's pages and scripts:
    // the images are cheap once cached, and a page of the shop asks for dozens at once.
    app.get('/cdn/frames/:file', handler('frames'));
    app.get('/cdn/mats/:file', handler('mats'));
    app.get('/cdn/collections/:file', handler('collections'));
    app.get('/cdn/placeholder.jpg', async (request, reply) => {
      const format = formatFor(request.headers.accept);
      return send(reply, 200, (await placeholder(format))!, IMMUTABLE, format);
    });
  };
}
