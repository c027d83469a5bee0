import { createHash } from 'node:crypto';
import type { DesignPart } from '@mitrebox/api-contract';
import { designSizes, type FrameDesign, matTotals, SIXTEENTHS } from '@mitrebox/domain';
import { eq } from 'drizzle-orm';
import { LRUCache } from 'lru-cache';
import type { Db } from '../../platform/db.ts';
import { type DesignCheck, sizesOf } from './design-check.ts';
import { matLook, mouldingLook } from './frames.design.ts';
import { artworkBytes } from './frames.images.ts';
import { FRAME_RENDER_VERSION, renderDesign } from './frames.render.ts';
import type { StripSource } from './frames.strips.ts';
import { frameRenders } from './frames.tables.ts';

export const renderUrl = (hash: string) => `/api/framebuilder/render/${hash}.jpg`;

export type FrameRenders = ReturnType<typeof createFrameRenders>;

/**
 * A design drawn: checked, then rendered once per hash of what it draws — kept in memory and in frame_renders
 * for every instance, with one render at a time per hash.
 */
export function createFrameRenders(deps: { db: Db; check: DesignCheck; strips: StripSource }) {
  const { db, strips } = deps;
  const { checked } = deps.check;
  const renders = new LRUCache<string, { bytes: Buffer; width: number; height: number }>({
    max: 300,
    maxSize: 64 * 1024 * 1024,
    sizeCalculation: (v) => v.bytes.length || 1,
  });
  const inflight = new Map<string, Promise<{ bytes: Buffer; width: number; height: number }>>();
  // a picture never changes under its id
  const pictures = new LRUCache<string, Buffer>({
    max: 64,
    maxSize: 64 * 1024 * 1024,
    sizeCalculation: (b) => b.length || 1,
  });

  async function build(d: FrameDesign, size: number) {
    const parts = await checked(d);
    const { notes: _notes, ...drawn } = d;
    const stripOf = (p: DesignPart | undefined) => (p ? strips.get(p.Code) : null);
    const [strip, innerStrip, filletStrip] = await Promise.all([
      stripOf(parts.moulding),
      stripOf(parts.innerMoulding),
      stripOf(parts.fillet),
    ]);
    const sizes = sizesOf(d, parts);
    const matParts = [parts.mat, ...(d.lowerMats ?? []).map((_, i) => parts[`lowerMats.${i}`])];
    const looks = {
      moulding: mouldingLook(parts.moulding),
      inner: mouldingLook(parts.innerMoulding),
      fillet: mouldingLook(parts.fillet),
      mats: d.mat ? matParts.map(matLook) : [],
    };
    const key = {
      strips: [strip?.hash ?? null, innerStrip?.hash ?? null, filletStrip?.hash ?? null],
      v: FRAME_RENDER_VERSION,
      size,
      drawn,
      widths: [sizes.mouldingWidth, sizes.innerMouldingWidth, sizes.filletWidth],
      looks,
    };
    const hash = createHash('sha256').update(JSON.stringify(key)).digest('hex').slice(0, 40);
    let out = renders.get(hash);
    if (!out) {
      let pending = inflight.get(hash);
      if (!pending) {
        pending = (async () => {
          const [row] = await db
            .select({ bytes: frameRenders.bytes, width: frameRenders.width, height: frameRenders.height })
            .from(frameRenders)
            .where(eq(frameRenders.hash, hash))
            .limit(1);
          if (row) return row;
          const pictureOf = async (file: string | null | undefined) => {
            if (!file) return null;
            const bytes = pictures.get(file) ?? (await artworkBytes(db, file));
            pictures.set(file, bytes);
            return bytes;
          };
          const art = await pictureOf(d.file);
          const art2 = d.matOpening === 'double' ? await pictureOf(d.file2) : null;
          const r = await renderDesign(
            d,
            {
              sizes,
              moulding: looks.moulding,
              inner: looks.inner,
              fillet: looks.fillet,
              mats: looks.mats,
              strip,
              innerStrip,
              filletStrip,
            },
            art,
            size,
            art2,
          );
          const value = { bytes: r.bytes, width: r.width, height: r.height };
          await db
            .insert(frameRenders)
            .values({ hash, ...value })
            .onConflictDoNothing();
          return value;
        })().finally(() => inflight.delete(hash));
        inflight.set(hash, pending);
      }
      out = await pending;
      renders.set(hash, out);
    }
    const t = matTotals(d, Boolean(d.mat), sizes);
    const outside = designSizes(d, sizes).outside;
    return {
      hash,
      parts,
      response: {
        outFile: renderUrl(hash),
        imgDetail: { width: out.width, height: out.height },
        size: { width: outside.width / SIXTEENTHS, height: outside.height / SIXTEENTHS },
        matTotals: { ...t },
      },
    };
  }

  /** A cached render by its hash (memory, then the database of any instance). */
  async function renderBytes(hash: string): Promise<Buffer | null> {
    const hit = renders.get(hash);
    if (hit) return hit.bytes;
    const [row] = await db
      .select({ bytes: frameRenders.bytes, width: frameRenders.width, height: frameRenders.height })
      .from(frameRenders)
      .where(eq(frameRenders.hash, hash))
      .limit(1);
    if (!row) return null;
    renders.set(hash, row);
    return row.bytes;
  }

  return {
    build,
    renderBytes,
    /** Forgets a picture kept in memory (purged from the database). */
    forgetPicture: (file: string) => pictures.delete(file),
    /** Forgets every picture kept in memory (after the clean-up job). */
    forgetPictures: () => pictures.clear(),
  };
}
