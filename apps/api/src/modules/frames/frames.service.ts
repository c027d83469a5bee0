import { createHash } from 'node:crypto';
import type {
  BuildFiltersResponse,
  CartItemInput,
  DesignPart,
  FrameQuoteResponse,
  SavedFrame,
  SessionUser,
} from '@mitrebox/api-contract';
import {
  builderMouldingFeet,
  type DesignLine,
  type DesignParts,
  designLines,
  designPartSizes,
  designSizes,
  encodeFrameData,
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
import {
  FILLET_TYPE,
  FRAME_TYPE,
  fieldOfLine,
  KIND_LABEL,
  lineOwns,
  MOULDING_TYPE,
  matLook,
  mouldingLook,
  namedParts,
  readFrameData,
} from './frames.design.ts';
import { artworkBytes, purgeUnusedImages, touchImage } from './frames.images.ts';
import { FRAME_RENDER_VERSION, renderDesign } from './frames.render.ts';
import { createStripSource, type StripSource } from './frames.strips.ts';
import { frameRenders, savedFrames } from './frames.tables.ts';

export type FramesService = ReturnType<typeof createFramesService>;

export const renderUrl = (hash: string) => `/api/framebuilder/render/${hash}.jpg`;

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

  /** Each part of the design (by the field that names it), checked: it exists, is sold, and is of its kind. */
  async function partsOf(d: FrameDesign) {
    const named = namedParts(d);
    const codes = [...new Set(named.map((n) => n.code))];
    const { found, art: arts } = codes.length ? await lookParts(codes) : { found: [], art: [] };
    const errors: Record<string, string> = {};
    const byField: Record<string, DesignPart> = {};
    for (const { field, kind, code } of named) {
      const p = found.find((f) => f.Code === code);
      if (!p || p.FrameType !== FRAME_TYPE[kind] || (kind === 'fillet') !== (p.type === FILLET_TYPE)) {
        errors[field] = `No ${KIND_LABEL[kind]} with item # ${code} is sold.`;
        continue;
      }
      const art = arts[codes.indexOf(code)];
      byField[field] = {
        ...p,
        swatch: art?.swatch ?? null,
        sheet: art?.wInt && art?.hInt ? { w: art.wInt, h: art.hInt } : null,
      };
    }
    return { parts: byField, errors };
  }

  /** What the domain's rules and sizes read of the parts: face widths and sheet sizes. */
  const sizesOf = (d: FrameDesign, parts: Record<string, DesignPart>): DesignParts =>
    designPartSizes(d, parts);

  /** The design's parts and every rule it breaks (storefront §5, §9), by field. */
  async function judged(d: FrameDesign) {
    const { parts, errors } = await partsOf(d);
    Object.assign(errors, validateDesign(d, sizesOf(d, parts)));
    return { parts, errors };
  }

  /** Checks a design as the server must (storefront §5, §9): every broken rule answers 422 with its field. */
  async function checked(d: FrameDesign) {
    const { parts, errors } = await judged(d);
    const first = Object.values(errors)[0];
    if (first) throw unprocessable(first, errors);
    return parts;
  }

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

  /**
   * The cart lines of a design, as the domain lists them (designLines: inner moulding, moulding, fillet, mats top
   * first, glazing), each with the account's warehouse and the back-order choice.
   */
  function cartLines(
    user: SessionUser,
    d: FrameDesign,
    parts: Record<string, DesignPart>,
    orderType: 'join' | 'chop',
    backtype: CartItemInput['backtype'],
  ): { line: DesignLine; input: CartItemInput }[] {
    const location = user.accounts[0].Location ?? null;
    return designLines(d, sizesOf(d, parts), orderType).map((line) => ({
      line,
      input: {
        Code: line.code,
        productSelection: { ...line.selection, location, instructions: '' },
        backtype: backtype ?? null,
      } as CartItemInput,
    }));
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

    /**
     * POST /api/framebuilder/buildFilters: the selection modal's filter groups for one kind of part, counted among
     * the parts the Frame Creator uses — the shop's groups and the parts' own (core, ply, sheet, kind).
     */
    async partFilters(part: 'MOULDING' | 'FILLET' | 'MATS' | 'GLASS'): Promise<BuildFiltersResponse> {
      // fillets are mouldings of their own product type; the moulding picker lists the others (type 4)
      const frameType = part === 'FILLET' ? 'MOULDING' : part;
      const type = part === 'FILLET' ? FILLET_TYPE : part === 'MOULDING' ? MOULDING_TYPE : undefined;
      const q = { frameType, type, frame_creator_active: true };
      // a moulding has none of a mat's or a glazing's groups: no need to read every moulding for them
      const none = { mat_core: [], ply: [], sheet: [], glazing: [] };
      const [groups, own] = await Promise.all([
        catalogue.filters(q),
        frameType === 'MOULDING' ? none : catalogue.partFilters(q),
      ]);
      return { ...groups, ...own };
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
      const design = readFrameData(body.framedata);
      const { hash } = await build(design, 800);
      const uploaded = (file: string | null | undefined) => (file?.startsWith('img_') ? file : null);
      const imageId = uploaded(design.file);
      // a second picture counts only with two openings (one opening never draws or loads it)
      const image2Id = design.matOpening === 'double' ? uploaded(design.file2) : null;
      // the pictures are kept from now on (their grace period starts again); one already purged is refused
      for (const [field, id] of [
        ['file', imageId],
        ['file2', image2Id],
      ] as const) {
        if (id && !(await touchImage(db, id))) {
          pictures.delete(id);
          throw unprocessable(frameMessages.imageGone, { [field]: frameMessages.imageGone });
        }
      }
      const values = {
        name,
        framedata: encodeFrameData(design),
        imageId,
        image2Id,
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

    /**
     * The design's price and stock at the account's own prices, through the cart's own rules. A part that does not
     * fit the design is not priced but answered with its reason, and the other parts are priced; only a design
     * that cannot be measured (its size) is refused whole.
     */
    async quote(user: SessionUser, d: FrameDesign, orderType: 'join' | 'chop'): Promise<FrameQuoteResponse> {
      const { parts, errors } = await judged(d);
      const lines = cartLines(user, d, parts, orderType, 'backremq');
      // a rule about no line of the design (its size, how many mats) leaves nothing to price
      const unowned = Object.keys(errors).filter((f) => !lines.some((l) => lineOwns(l.line, f)));
      if (unowned.length) throw unprocessable(errors[unowned[0]], errors);
      const codes = [...new Set(lines.map((l) => l.input.Code))];
      const stock = new Map(
        (await catalogue.accountProductsByCodes(codes, user.accounts[0])).map((p) => [p.Code, p.stock]),
      );
      const descriptions = new Map(Object.values(parts).map((p) => [p.Code, p.display_name]));
      const data: FrameQuoteResponse['data'] = [];
      for (const { line: l, input } of lines) {
        const field = Object.keys(errors).find((f) => lineOwns(l, f)) ?? null;
        const line = {
          part: l.part,
          layer: l.layer ?? null,
          label: l.label,
          Code: l.code,
          Description: descriptions.get(l.code) ?? l.code,
          field,
          stock: stock.get(l.code) ?? [],
        };
        if (field) {
          data.push({ ...line, item: null, message: errors[field] });
          continue;
        }
        // one line at a time, so that each part's own message is known
        const { items, errors: refused } = await cart.compute(user, [input]);
        data.push({ ...line, item: items[0] ?? null, message: refused['cartdata.0'] ?? null });
      }
      const moulding = designSizes(d, sizesOf(d, parts)).moulding;
      return {
        data,
        total: linesTotal(data.flatMap((l) => (l.item ? [l.item.calc.totalPrice] : []))),
        complete: data.every((l) => l.item !== null),
        builderFeet: moulding
          ? builderMouldingFeet(
              moulding.inside.width / SIXTEENTHS,
              moulding.inside.height / SIXTEENTHS,
              parts.moulding?.Width,
            )
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
      const parts = await checked(d);
      const lines = cartLines(user, d, parts, orderType, backtype);
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
            named[lines[i] ? fieldOfLine(lines[i].line) : k] = v;
          }
          throw unprocessable((err as Error).message, named);
        }
        throw err;
      }
    },
  };
}
