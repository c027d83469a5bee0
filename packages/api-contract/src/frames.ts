import {
  ARTWORK_ID,
  DEFAULT_MAT_OVERLAP,
  FRAME_NAME_MAX,
  FRAME_NOTES_MAX,
  GLAZING_KINDS,
  MAT_CORES,
  MAT_GAP_MAX,
  MAT_OVERLAPS,
  MAT_REVEAL_MAX,
  PRESET_CATEGORIES,
  SAVED_FRAMES_PAGE_SIZE,
} from '@mitrebox/domain';
import { z } from 'zod';
import { BackType, CartItem } from './cart.ts';
import { LocationStock, ProductFiltersResponse, PublicProduct } from './catalogue.ts';

/**
 * The Frame Creator's calls (storefront §7 framebuilder). Sizes arrive as numbers and are checked by the
 * domain's validateDesign on the server, so that 0, 91 or 1e308 get the Frame Creator's own message.
 */
const code = z.string().min(1).max(64).nullable().default(null);
const frac = z.number().int().min(0).max(15).default(0);
const finite = z.number().finite();

const artwork = z.string().regex(ARTWORK_ID, 'is not an image of the Frame Creator').nullable().default(null);

export const FrameDesignInput = z.object({
  fWidth: finite,
  fWidthFrac: frac,
  fHeight: finite,
  fHeightFrac: frac,
  file: artwork,
  crop: z
    .object({
      x: z.number().min(0).max(1),
      y: z.number().min(0).max(1),
      w: z.number().gt(0).max(1),
      h: z.number().gt(0).max(1),
    })
    .nullable()
    .default(null),
  moulding: code,
  mat: code,
  glass: code,
  matTB: finite.default(3),
  matTBFrac: frac,
  matLR: finite.default(3),
  matLRFrac: frac,
  matLock: z.boolean().default(true),
  /** One of the domain's MAT_OPENINGS (sixteenths of overlap), the values FrameDesign's matOverlap has. */
  matOverlap: z.union(MAT_OVERLAPS.map((v) => z.literal(v))).default(DEFAULT_MAT_OVERLAP),
  notes: z.string().max(FRAME_NOTES_MAX).default(''),
  // The layers a framer adds (packages/domain frame-model.ts). The shape is bounded here; the design's own ranges
  // (at most 2 mats under the top mat, a reveal of 1/8" to 1/2", a fillet only with a moulding) are the domain's
  // validateDesign, so that they answer 422 with the Frame Creator's own message, as the sizes do.
  lowerMats: z
    .array(
      z.object({
        code: z.string().min(1).max(64),
        reveal: z
          .number()
          .int()
          .min(0)
          .max(MAT_REVEAL_MAX * 4),
      }),
    )
    .max(8)
    .default([]),
  fillet: z
    .object({ code: z.string().min(1).max(64), position: z.enum(['frame', 'mat']).default('frame') })
    .nullable()
    .default(null),
  innerMoulding: code,
  matOpening: z.enum(['rectangle', 'double']).default('rectangle'),
  matGap: z
    .number()
    .int()
    .min(0)
    .max(MAT_GAP_MAX * 4)
    .default(16),
  file2: artwork,
});
export type FrameDesignInput = z.input<typeof FrameDesignInput>;

/** POST /api/framebuilder/buildFrame */
export const BuildFrameRequest = z.object({
  options: FrameDesignInput,
  /** Pixel width of the longer side of the picture. */
  size: z.number().int().min(200).max(2000).default(1200),
});
export const BuildFrameResponse = z.object({
  outFile: z.string(),
  imgDetail: z.object({ width: z.number().int(), height: z.number().int() }),
  /** The outside size of the frame in inches and the mat totals in sixteenths, as built. */
  size: z.object({ width: z.number(), height: z.number() }),
  matTotals: z.record(z.string(), z.number()),
});

/** POST /api/framebuilder/uploadImage (the body is the image itself) */
export const UploadImageResponse = z.object({
  file: z.string(),
  width: z.number().int(),
  height: z.number().int(),
});

/** POST /api/framebuilder/buildFilters: the selection modal's filters of one kind of part. */
export const BuildFiltersRequest = z.object({
  /** FILLET: the mouldings of type 3 (fillets); MOULDING: the other mouldings. */
  frameType: z.enum(['MOULDING', 'FILLET', 'MATS', 'GLASS']).default('MOULDING'),
});
const facet = <T extends z.ZodType>(value: T) =>
  z.array(z.object({ value, name: z.string(), count: z.number().int() }));
/**
 * The shop's filter groups of that kind of part, and the groups only parts have (packages/domain frame-parts.ts):
 * a mat's core, ply and sheet, a glazing's kind and sheet; each value with how many parts have it. Sent back in the
 * listing's `filters` as mat_core, ply, sheet and glazing.
 */
export const BuildFiltersResponse = ProductFiltersResponse.extend({
  mat_core: facet(z.enum(MAT_CORES)),
  ply: facet(z.number().int()),
  sheet: facet(z.string()),
  glazing: facet(z.enum(GLAZING_KINDS)),
});
export type BuildFiltersResponse = z.infer<typeof BuildFiltersResponse>;

/** A part of a design with what the drawing needs (colour, profile, sheet size). */
export const DesignPart = PublicProduct.extend({
  swatch: z.string().nullable(),
  sheet: z.object({ w: z.number(), h: z.number() }).nullable(),
  /** The moulding's product photo strip from the configured image source (width / height), where it has one. */
  strip: z.object({ url: z.string(), aspect: z.number() }).nullable().optional(),
});
export type DesignPart = z.infer<typeof DesignPart>;
/** At most 7 parts: moulding, inner moulding, fillet, three mats, glazing. */
export const DesignPartsRequest = z.object({ codes: z.array(z.string().min(1).max(64)).min(1).max(7) });
export const DesignPartsResponse = z.object({ data: z.array(DesignPart) });

/** POST /api/framebuilder/getSavedFrames */
export const GetSavedFramesRequest = z.object({
  options: z.record(z.string(), z.unknown()).optional(),
  perPage: z.number().int().min(1).max(SAVED_FRAMES_PAGE_SIZE).default(SAVED_FRAMES_PAGE_SIZE),
  id: z.number().int().positive().max(2_147_483_647).optional(),
  getFramedata: z.boolean().optional(),
});
export const SavedFrame = z.object({
  id: z.number().int(),
  name: z.string(),
  fdate: z.string(),
  outFile: z.string().nullable(),
  framedata: z.string().optional(),
});
export type SavedFrame = z.infer<typeof SavedFrame>;
export const GetSavedFramesResponse = z.object({ data: z.array(SavedFrame) });

/** POST /api/framebuilder/saveFrameBuilder: framedata is the encoded design; id overwrites, none creates. */
export const SaveFrameRequest = z.object({
  framedata: z.string().max(20_000),
  name: z.string().max(FRAME_NAME_MAX),
  id: z.number().int().positive().max(2_147_483_647).nullish(),
});
export const SaveFrameResponse = z.object({ framedataid: z.number().int() });

/** POST /api/framebuilder/quote: the design's price and stock at the account's prices. */
export const FrameQuoteRequest = z.object({
  options: FrameDesignInput,
  orderType: z.enum(['join', 'chop']).default('join'),
});
/**
 * One part of the design. A part that does not fit the design (a mat board smaller than the mat, a glazing sheet
 * smaller than the frame's inside, an item # not sold) or that the cart refuses is not priced: `item` is null and
 * `message` says why; the other parts are priced all the same.
 */
export const FrameQuoteLine = z.object({
  part: z.enum(['innerMoulding', 'moulding', 'fillet', 'mat', 'glass']),
  /** Mats: 0 for the top mat, then down (the design's lowerMats[layer − 1]); null for the other parts. */
  layer: z.number().int().nullable(),
  /** What the line is for, in words and inches ('Bottom mat 21 1/2 x 25 1/2, opening 15 x 19 (1/4" reveal)'). */
  label: z.string(),
  Code: z.string(),
  Description: z.string(),
  /** The cart line as the cart prices it, or null when the part cannot be priced. */
  item: CartItem.nullable(),
  /** Why this part cannot go to the cart as it is (the design's rule or the cart's own message), or null. */
  message: z.string().nullable(),
  /** The design's field the message is about (mat, matTB, lowerMats.1, fillet, glass, moulding…), or null. */
  field: z.string().nullable(),
  stock: z.array(LocationStock),
});
export const FrameQuoteResponse = z.object({
  data: z.array(FrameQuoteLine),
  /** The sum of the priced lines. */
  total: z.string(),
  /** Every line is priced (no line has a message): the design may go to the cart. */
  complete: z.boolean(),
  /**
   * Builder moulding length (storefront §5) in whole feet: the four sides' outside lengths, rounded up to the next
   * foot. The join's or chop's charged footage (the moulding line's calc.footage) is the same length to the next
   * half foot, 4 ft at least.
   */
  builderFeet: z.number(),
});
export type FrameQuoteResponse = z.infer<typeof FrameQuoteResponse>;

/** POST /api/framebuilder/addToCart */
export const FrameAddToCartRequest = z.object({
  options: FrameDesignInput,
  orderType: z.enum(['join', 'chop']).default('join'),
  /** The back-order choice for parts short in the account's warehouse. */
  backtype: BackType.nullish(),
});

/** GET /api/framebuilder/presets */
export const PresetsQuery = z.object({
  category: z.enum(PRESET_CATEGORIES).optional(),
  page: z.coerce.number().int().min(1).max(1000).default(1),
});
export const PresetPhoto = z.object({
  id: z.string(),
  title: z.string(),
  category: z.enum(PRESET_CATEGORIES),
  author: z.string(),
  licence: z.string(),
  source: z.string(),
  url: z.string(),
  width: z.number().int(),
  height: z.number().int(),
});
export type PresetPhoto = z.infer<typeof PresetPhoto>;
export const PresetsResponse = z.object({
  data: z.array(PresetPhoto),
  total: z.number().int(),
  page: z.number().int(),
  per_page: z.number().int(),
  /** A random photograph from an external stock-photo source is offered (FRAME_RANDOM_PHOTO_URL is set). */
  random: z.boolean(),
});
