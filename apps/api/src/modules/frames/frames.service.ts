import { createHash } from 'node:crypto';
import {
  type CartItemInput,
  type DesignPart,
  FrameDesignInput,
  type FrameQuoteResponse,
  type SavedFrame,
  type SessionUser,
} from '@mitrebox/api-contract';
import {
  builderMouldingFeet,
  type FrameDesign,
  frameMessages,
  linesTotal,
  matTotals,
  SIXTEENTHS,
  validateDesign,
} from '@mitrebox/domain';
import { and, desc, eq } from 'drizzle-orm';
import { LRUCache } from 'lru-cache';
import type { Db } from '../../platform/db.ts';
import { notFound, unprocessable } from '../../platform/errors.ts';
import type { CartService } from '../cart/cart.service.ts';
import { findProductArt } from '../catalogue/catalogue.art.ts';
import type { CatalogueService } from '../catalogue/catalogue.service.ts';
import { artworkBytes, purgeUnusedImages, touchImage } from './frames.images.ts';
import { FRAME_RENDER_VERSION, renderDesign } from './frames.render.ts';
import { createStripSource, type StripSource } from './frames.strips.ts';
import { frameRenders, savedFrames } from './frames.tables.ts';

export type FramesService = ReturnType<typeof createFramesService>;

type Kind = 'moulding' | 'mat' | 'glass';
const FRAME_TYPE: Record<Kind, string> = { moulding: 'MOULDING', mat: 'MATS', glass: 'GLASS' };
const KIND_LABEL: Record<Kind, string> = { moulding: 'moulding', mat: 'mat', glass: 'glazing' };

export const renderUrl = (hash: string) => `/api/framebuilder/render/${hash}.jpg`;

/** framedata: the design as base64url JSON. Anything that does not decode to a design is refused. */
export const encodeDesign = (d: FrameDesign) => Buffer.from(JSON.stringify(d)).toString('base64url');
export function decodeDesign(framedata: string): FrameDesign {
  try {
    if (!/^[A-Za-z0-9_-]+$/.test(framedata)) throw new Error('not base64url');
    const parsed = FrameDesignInput.safeParse(
      JSON.parse(Buffer.from(framedata, 'base64url').toString('utf8')),
    );
    if (!parsed.success) throw new Error('not a design');
    return parsed.data;
  } catch {
    throw unprocessable(frameMessages.framedataInvalid, { framedata: frameMessages.framedataInvalid });
  }
}

const whole = (s: number) => Math.floor(s / SIXTEENTHS);
const frac = (s: number) => s % SIXTEENTHS;

export function createFramesService(deps: {
  db: Db;
  catalogue: CatalogueService;
  cart: CartService;
  /** Product photo strips of mouldings from the configured image source (none by default). */
  strips?: StripSource;
}) {
  const { db, catalogue, cart } = deps;
  const strips = deps.strips ?? createStripSource({ imageBase: '/cdn' });
  const renders = new LRUCache<string, { bytes: Buffer; width: number; height: number }>({
    max: 300,
    maxSize: 64 * 1024 * 1024,
    sizeCalculation: (v) => v.bytes.length || 1,
  });
  const inflight = new Map<string, Promise<{ bytes: Buffer; width: number; height: number }>>();
  // a picture never changes under its id; parts change rarely (a minute old at most)
  const pictures = new LRUCache<string, Buffer>({
    max: 64,
    maxSize: 64 * 1024 * 1024,
    sizeCalculation: (b) => b.length || 1,
  });
  const partCache = new LRUCache<
    string,
    {
      found: Awaited<ReturnType<CatalogueService['publicByCodes']>>;
      art: (Awaited<ReturnType<typeof findProductArt>> | undefined)[];
    }
  >({
    max: 500,
    ttl: 60_000,
  });

  async function lookParts(codes: string[]) {
    const key = codes.join('|');
    const hit = partCache.get(key);
    if (hit) return hit;
    const found = await catalogue.publicByCodes(codes);
    const art = [];
    for (const c of codes) art.push(await findProductArt(db, 'frames', c));
    const value = { found, art };
    partCache.set(key, value);
    return value;
  }

  /** The parts a design names, each checked: it exists, is sold, and is of its kind. */
  async function partsOf(d: FrameDesign) {
    const wanted = (['moulding', 'mat', 'glass'] as Kind[]).filter((k) => d[k]);
    const codes = wanted.map((k) => d[k]!);
    const { found, art: arts } = await lookParts(codes);
    const errors: Record<string, string> = {};
    const parts: Partial<Record<Kind, DesignPart>> = {};
    for (const kind of wanted) {
      const code = d[kind]!;
      const p = found.find((f) => f.Code === code);
      if (!p || p.FrameType !== FRAME_TYPE[kind]) {
        errors[kind] = `No ${KIND_LABEL[kind]} with item # ${code} is sold.`;
        continue;
      }
      const art = arts[codes.indexOf(code)];
      parts[kind] = {
        ...p,
        swatch: art?.swatch ?? null,
        sheet: art?.wInt && art?.hInt ? { w: art.wInt, h: art.hInt } : null,
      };
    }
    return { parts, errors };
  }

  /** Checks a design as the server must (storefront §5, §9): every broken rule answers 422 with its field. */
  async function checked(d: FrameDesign) {
    const { parts, errors } = await partsOf(d);
    Object.assign(
      errors,
      validateDesign(d, {
        mouldingWidth: parts.moulding?.Width ?? null,
        matSheet: parts.mat?.sheet ?? null,
        glassSheet: parts.glass?.sheet ?? null,
      }),
    );
    const first = Object.values(errors)[0];
    if (first) throw unprocessable(first, errors);
    return parts;
  }

  async function build(d: FrameDesign, size: number) {
    const parts = await checked(d);
    const { notes: _notes, ...drawn } = d;
    const strip = parts.moulding ? await strips.get(parts.moulding.Code) : null;
    const look = {
      strip: strip?.hash ?? null,
      v: FRAME_RENDER_VERSION,
      size,
      drawn,
      moulding: parts.moulding
        ? [
            parts.moulding.Width,
            parts.moulding.swatch,
            parts.moulding.finish_name,
            parts.moulding.profile_type,
          ]
        : null,
      mat: parts.mat ? [parts.mat.swatch, parts.mat.category] : null,
    };
    const hash = createHash('sha256').update(JSON.stringify(look)).digest('hex').slice(0, 40);
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
          let art: Buffer | null = null;
          if (d.file) {
            art = pictures.get(d.file) ?? (await artworkBytes(db, d.file));
            pictures.set(d.file, art);
          }
          const r = await renderDesign(
            d,
            {
              mouldingWidth: parts.moulding?.Width ?? null,
              moulding: parts.moulding
                ? {
                    swatch: parts.moulding.swatch,
                    finishName: parts.moulding.finish_name,
                    profileName: parts.moulding.profile_type,
                  }
                : null,
              strip,
              mat: parts.mat
                ? {
                    swatch: parts.mat.swatch,
                    core: /black/i.test(parts.mat.category ?? '') ? 'black' : 'white',
                  }
                : null,
            },
            art,
            size,
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
    const t = matTotals(d);
    const w = parts.moulding?.Width ?? 0;
    return {
      hash,
      parts,
      response: {
        outFile: renderUrl(hash),
        imgDetail: { width: out.width, height: out.height },
        size: { width: t.outerWidth / SIXTEENTHS + 2 * w, height: t.outerHeight / SIXTEENTHS + 2 * w },
        matTotals: { ...t },
      },
    };
  }

  /** The cart lines of a design: the moulding as a join (or chop) of the frame's inside, the mat, the glass. */
  function cartLines(
    user: SessionUser,
    d: FrameDesign,
    orderType: 'join' | 'chop',
    backtype: CartItemInput['backtype'],
  ): { part: Kind; input: CartItemInput }[] {
    const location = user.accounts[0].Location ?? null;
    const t = matTotals(d);
    const lines: { part: Kind; input: CartItemInput }[] = [];
    if (d.moulding)
      lines.push({
        part: 'moulding',
        input: {
          Code: d.moulding,
          productSelection: {
            type: orderType,
            quantity: 1,
            location,
            instructions: '',
            dimension: {
              length: whole(t.outerWidth),
              length_fraction: frac(t.outerWidth),
              width: whole(t.outerHeight),
              width_fraction: frac(t.outerHeight),
            },
          },
          backtype: backtype ?? null,
        } as CartItemInput,
      });
    for (const part of ['mat', 'glass'] as const) {
      const code = d[part];
      if (code)
        lines.push({
          part,
          input: {
            Code: code,
            productSelection: { type: 'item', quantity: 1, location, instructions: '' },
            backtype: backtype ?? null,
          } as CartItemInput,
        });
    }
    return lines;
  }

  const owner = (user: SessionUser) =>
    and(eq(savedFrames.userId, user.id), eq(savedFrames.acctnum, user.accounts[0].Acctnum));

  return {
    /**
     * The clean-up job's work: pictures and renders no saved design uses, older than `graceHours` (see
     * purgeUnusedImages). This process forgets the pictures it kept in memory.
     */
    async purgeUnused(graceHours: number) {
      const done = await purgeUnusedImages(db, new Date(Date.now() - graceHours * 3_600_000));
      if (done.images) pictures.clear();
      return done;
    },

    /** POST /api/framebuilder/buildFrame */
    async buildFrame(d: FrameDesign, size: number) {
      return (await build(d, size)).response;
    },

    /** A cached render by its hash (memory, then the database of any instance). */
    async renderBytes(hash: string): Promise<Buffer | null> {
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
    },

    /** POST /api/framebuilder/parts: what the browser's drawing needs of the chosen parts. */
    async parts(codes: string[]) {
      const found = await catalogue.publicByCodes(codes);
      const data: DesignPart[] = [];
      for (const p of found) {
        const art = await findProductArt(db, 'frames', p.Code);
        const strip = p.FrameType === 'MOULDING' ? await strips.get(p.Code) : null;
        data.push({
          ...p,
          swatch: art?.swatch ?? null,
          sheet: art?.wInt && art?.hInt ? { w: art.wInt, h: art.hInt } : null,
          strip: strip ? { url: strip.url, aspect: strip.width / strip.height } : null,
        });
      }
      return { data };
    },

    async savedFrames(user: SessionUser, q: { perPage: number; id?: number; getFramedata?: boolean }) {
      const rows = await db
        .select()
        .from(savedFrames)
        .where(q.id ? and(owner(user), eq(savedFrames.id, q.id)) : owner(user))
        .orderBy(desc(savedFrames.fdate), desc(savedFrames.id))
        .limit(q.perPage);
      if (q.id && rows.length === 0) throw notFound('No saved frame with this id.');
      const data: SavedFrame[] = rows.map((r) => ({
        id: r.id,
        name: r.name,
        fdate: r.fdate.toISOString(),
        outFile: r.renderHash ? renderUrl(r.renderHash) : null,
        ...(q.id || q.getFramedata ? { framedata: r.framedata } : {}),
      }));
      return { data };
    },

    /** Save overwrites the loaded design (id), Save As creates one; the design is checked and rendered first. */
    async save(user: SessionUser, body: { framedata: string; name: string; id?: number | null }) {
      const name = body.name.trim();
      if (!name) throw unprocessable(frameMessages.nameRequired, { name: frameMessages.nameRequired });
      const design = decodeDesign(body.framedata);
      const { hash } = await build(design, 800);
      const imageId = design.file?.startsWith('img_') ? design.file : null;
      // the picture is kept from now on (its grace period starts again); one already purged is refused
      if (imageId && !(await touchImage(db, imageId))) {
        pictures.delete(imageId);
        throw unprocessable(frameMessages.imageGone, { file: frameMessages.imageGone });
      }
      const values = {
        name,
        framedata: encodeDesign(design),
        imageId,
        renderHash: hash,
        fdate: new Date(),
      };
      if (body.id) {
        const [row] = await db
          .update(savedFrames)
          .set(values)
          .where(and(owner(user), eq(savedFrames.id, body.id)))
          .returning({ id: savedFrames.id });
        if (!row) throw notFound('No saved frame with this id.');
        return { framedataid: row.id };
      }
      const [row] = await db
        .insert(savedFrames)
        .values({ ...values, userId: user.id, acctnum: user.accounts[0].Acctnum })
        .returning({ id: savedFrames.id });
      return { framedataid: row.id };
    },

    async remove(user: SessionUser, id: number) {
      const rows = await db
        .delete(savedFrames)
        .where(and(owner(user), eq(savedFrames.id, id)))
        .returning({ id: savedFrames.id });
      if (rows.length === 0) throw notFound('No saved frame with this id.');
      return { success: true };
    },

    /** The design's price and stock at the account's own prices, through the cart's own rules. */
    async quote(user: SessionUser, d: FrameDesign, orderType: 'join' | 'chop'): Promise<FrameQuoteResponse> {
      const parts = await checked(d);
      const lines = cartLines(user, d, orderType, 'backremq');
      const codes = lines.map((l) => l.input.Code);
      const stock = new Map(
        (await catalogue.accountProductsByCodes(codes, user.accounts[0])).map((p) => [p.Code, p.stock]),
      );
      const data: FrameQuoteResponse['data'] = [];
      for (const l of lines) {
        // one line at a time, so that each part's own message is known
        const { items, errors } = await cart.compute(user, [l.input]);
        data.push({
          part: l.part,
          Code: l.input.Code,
          Description: parts[l.part]?.display_name ?? l.input.Code,
          item: items[0] ?? null,
          message: errors['cartdata.0'] ?? null,
          stock: stock.get(l.input.Code) ?? [],
        });
      }
      const t = matTotals(d);
      return {
        data,
        total: linesTotal(data.flatMap((l) => (l.item ? [l.item.calc.totalPrice] : []))),
        builderFeet: d.moulding
          ? builderMouldingFeet(t.outerWidth / SIXTEENTHS, t.outerHeight / SIXTEENTHS, parts.moulding?.Width)
          : 0,
      };
    },

    /** Add to Cart from a design: its lines join the cart, priced and checked by the cart's own rules. */
    async addToCart(
      user: SessionUser,
      d: FrameDesign,
      orderType: 'join' | 'chop',
      backtype: CartItemInput['backtype'],
    ) {
      cart.assertMayBuy(user);
      await checked(d);
      const lines = cartLines(user, d, orderType, backtype);
      if (lines.length === 0)
        throw unprocessable('Select a moulding, mat or glazing first.', { moulding: 'required' });
      const { inputs } = await cart.storedCart(user);
      try {
        return await cart.updateCart(user, [...inputs, ...lines.map((l) => l.input)]);
      } catch (err) {
        // report the design's own line by its part rather than its place in the cart
        const fields = (err as { fields?: Record<string, string> }).fields;
        if (fields) {
          const named: Record<string, string> = {};
          for (const [k, v] of Object.entries(fields)) {
            const i = Number(k.split('.')[1]) - inputs.length;
            named[lines[i]?.part ?? k] = v;
          }
          throw unprocessable((err as Error).message, named);
        }
        throw err;
      }
    },
  };
}
