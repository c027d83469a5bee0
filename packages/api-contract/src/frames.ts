import {
  ARTWORK_ID,
  FRAME_NAME_MAX,
  FRAME_NOTES_MAX,
  PRESET_CATEGORIES,
  SAVED_FRAMES_PAGE_SIZE,
} from '@mitrebox/domain';
import { z } from 'zod';
import { BackType, CartItem } from './cart.ts';
import { LocationStock, PublicProduct } from './catalogue.ts';

/**
 * The Frame Creator's calls (storefront §7 framebuilder). Sizes arrive as numbers and are checked by the
 * domain's validateDesign on the server, so that 0, 91 or 1e308 get the Frame Creator's own message.
 */
const code = z.string().min(1).max(64).nullable().default(null);
const frac = z.number().int().min(0).max(15).default(0);
const finite = z.number().finite();

export const FrameDesignInput = z.object({
  fWidth: finite,
  fWidthFrac: frac,
  fHeight: finite,
  fHeightFrac: frac,
  file: z.string().regex(ARTWORK_ID, 'is not an image of the Frame Creator').nullable().default(null),
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
  matOverlap: z.union([z.literal(0), z.literal(2), z.literal(4), z.literal(8)]).default(4),
  notes: z.string().max(FRAME_NOTES_MAX).default(''),
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
  frameType: z.enum(['MOULDING', 'MATS', 'GLASS']).default('MOULDING'),
});

/** A part of a design with what the drawing needs (colour, profile, sheet size). */
export const DesignPart = PublicProduct.extend({
  swatch: z.string().nullable(),
  sheet: z.object({ w: z.number(), h: z.number() }).nullable(),
  /** The moulding's product photo strip from the configured image source (width / height), where it has one. */
  strip: z.object({ url: z.string(), aspect: z.number() }).nullable().optional(),
});
export type DesignPart = z.infer<typeof DesignPart>;
export const DesignPartsRequest = z.object({ codes: z.array(z.string().min(1).max(64)).min(1).max(3) });
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
export const FrameQuoteLine = z.object({
  part: z.enum(['moulding', 'mat', 'glass']),
  Code: z.string(),
  Description: z.string(),
  item: CartItem.nullable(),
  /** Why this part cannot go to the cart as it is (the cart's own message), or null. */
  message: z.string().nullable(),
  stock: z.array(LocationStock),
});
export const FrameQuoteResponse = z.object({
  data: z.array(FrameQuoteLine),
  total: z.string(),
  /** Builder moulding length (storefront §5) in feet. */
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
