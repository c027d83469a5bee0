import type { BuildFiltersResponse, DesignPart } from '@mitrebox/api-contract';
import type { FrameDesign } from '@mitrebox/domain';
import type { Db } from '../../platform/db.ts';
import type { CartService } from '../cart/cart.service.ts';
import { findProductArt } from '../catalogue/catalogue.art.ts';
import type { CatalogueService } from '../catalogue/catalogue.service.ts';
import { createDesignCheck } from './design-check.ts';
import { createFrameCartService } from './frame-cart.service.ts';
import { createFrameRenders } from './frame-renders.ts';
import { FILLET_TYPE, MOULDING_TYPE } from './frames.design.ts';
import { purgeUnusedImages } from './frames.images.ts';
import { createStripSource, type StripSource } from './frames.strips.ts';
import { createSavedFramesService } from './saved-frames.service.ts';

export type FramesService = ReturnType<typeof createFramesService>;

/**
 * The Frame Creator's service, by job: a design checked (design-check.ts) and drawn (frame-renders.ts), the parts
 * the drawing needs, the buyer's saved frames (saved-frames.service.ts) and a design in the cart
 * (frame-cart.service.ts).
 */
export function createFramesService(deps: {
  db: Db;
  catalogue: CatalogueService;
  cart: CartService;
  /** Product photo strips of mouldings from the configured image source (none by default). */
  strips?: StripSource;
}) {
  const { db, catalogue, cart } = deps;
  const strips = deps.strips ?? createStripSource({ imageBase: '/cdn' });
  const check = createDesignCheck({ db, catalogue });
  const renders = createFrameRenders({ db, check, strips });

  return {
    /**
     * The clean-up job's work: pictures and renders no saved design uses, older than `graceHours` (see
     * purgeUnusedImages). This process forgets the pictures it kept in memory.
     */
    async purgeUnused(graceHours: number) {
      const done = await purgeUnusedImages(db, new Date(Date.now() - graceHours * 3_600_000));
      if (done.images) renders.forgetPictures();
      return done;
    },

    /** POST /api/framebuilder/buildFrame */
    async buildFrame(d: FrameDesign, size: number) {
      return (await renders.build(d, size)).response;
    },

    renderBytes: renders.renderBytes,

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

    ...createSavedFramesService({ db, renders }),
    ...createFrameCartService({ catalogue, cart, check }),
  };
}
