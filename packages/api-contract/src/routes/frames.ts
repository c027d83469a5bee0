import { z } from 'zod';
import { CartResponse } from '../cart.ts';
import { ErrorBody, SuccessBody } from '../common.ts';
import {
  BuildFiltersRequest,
  BuildFiltersResponse,
  BuildFrameRequest,
  BuildFrameResponse,
  DesignPartsRequest,
  DesignPartsResponse,
  FrameAddToCartRequest,
  FrameQuoteRequest,
  FrameQuoteResponse,
  GetSavedFramesRequest,
  GetSavedFramesResponse,
  PresetsQuery,
  PresetsResponse,
  SaveFrameRequest,
  SaveFrameResponse,
  UploadImageResponse,
} from '../frames.ts';
import { defineRoute } from '../route.ts';

const errors = {
  400: ErrorBody,
  401: ErrorBody,
  403: ErrorBody,
  404: ErrorBody,
  413: ErrorBody,
  422: ErrorBody,
};
const tags = ['Frame Creator'];

/** The Frame Creator: pictures, renders, parts, saved designs, the price and the cart. */
export const framesContract = {
  /** The body is the picture itself (any image type), so there is no body schema. */
  uploadImage: defineRoute({
    method: 'POST',
    path: '/api/framebuilder/uploadImage',
    tags,
    summary:
      'Upload the picture of a design (the body is the image): checked by content, rotated, metadata removed',
    response: { 200: UploadImageResponse, ...errors },
  }),
  image: defineRoute({
    method: 'GET',
    path: '/api/framebuilder/image/:file',
    tags,
    summary: 'An uploaded picture (JPEG)',
    params: z.object({ file: z.string().regex(/^img_[a-f0-9]{40}\.jpg$/) }),
    response: {},
  }),
  buildFrame: defineRoute({
    method: 'POST',
    path: '/api/framebuilder/buildFrame',
    tags,
    summary: 'Render a design (cached by its hash); answers outFile and imgDetail',
    body: BuildFrameRequest,
    response: { 200: BuildFrameResponse, ...errors },
  }),
  render: defineRoute({
    method: 'GET',
    path: '/api/framebuilder/render/:file',
    tags,
    summary: 'A rendered design (JPEG)',
    params: z.object({ file: z.string().regex(/^[a-f0-9]{40}\.jpg$/) }),
    response: {},
  }),
  buildFilters: defineRoute({
    method: 'POST',
    path: '/api/framebuilder/buildFilters',
    tags,
    summary:
      "The selection modal's filters for one kind of part, with the parts' own: mat core, ply and sheet, glazing kind and sheet",
    body: BuildFiltersRequest.optional(),
    response: { 200: BuildFiltersResponse, ...errors },
  }),
  parts: defineRoute({
    method: 'POST',
    path: '/api/framebuilder/parts',
    tags,
    summary: 'The chosen parts with what the drawing needs (colour, profile, sheet size)',
    body: DesignPartsRequest,
    response: { 200: DesignPartsResponse, ...errors },
  }),
  presets: defineRoute({
    method: 'GET',
    path: '/api/framebuilder/presets',
    tags,
    summary: 'The photographs shipped with the shop, by category, 20 a page (with author and licence)',
    query: PresetsQuery,
    response: { 200: PresetsResponse, ...errors },
  }),
  randomPhoto: defineRoute({
    method: 'POST',
    path: '/api/framebuilder/randomPhoto',
    tags,
    summary:
      'A random photograph from the configured stock-photo source, kept as an upload (404 when none is configured)',
    response: { 200: UploadImageResponse, ...errors, 502: ErrorBody },
  }),
  preset: defineRoute({
    method: 'GET',
    path: '/api/framebuilder/presets/:file',
    tags,
    summary: 'A preset photograph (JPEG; .thumb.jpg for the picker)',
    params: z.object({ file: z.string().regex(/^[a-z0-9-]{1,64}(\.thumb)?\.jpg$/) }),
    response: {},
  }),
  getSavedFrames: defineRoute({
    method: 'POST',
    path: '/api/framebuilder/getSavedFrames',
    tags,
    summary: "The signed-in account's saved frames; one with its framedata by id",
    body: GetSavedFramesRequest.optional(),
    response: { 200: GetSavedFramesResponse, ...errors },
  }),
  saveFrame: defineRoute({
    method: 'POST',
    path: '/api/framebuilder/saveFrameBuilder',
    tags,
    summary: 'Save a design: with id it overwrites that saved frame, without it creates one',
    body: SaveFrameRequest,
    response: { 200: SaveFrameResponse, ...errors },
  }),
  deleteSavedFrame: defineRoute({
    method: 'DELETE',
    path: '/api/framebuilder/deleteSavedFrame/:id',
    tags,
    summary: 'Delete one of the account’s saved frames',
    params: z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) }),
    response: { 200: SuccessBody, ...errors },
  }),
  quote: defineRoute({
    method: 'POST',
    right: 'prices',
    path: '/api/framebuilder/quote',
    tags,
    summary: "The design's price at the account's prices and each part's stock per warehouse",
    body: FrameQuoteRequest,
    response: { 200: FrameQuoteResponse, ...errors },
  }),
  addToCart: defineRoute({
    method: 'POST',
    right: 'order',
    path: '/api/framebuilder/addToCart',
    tags,
    summary: 'Add a design to the cart: the moulding as a join (or chop), the mat and the glass',
    body: FrameAddToCartRequest,
    response: { 200: CartResponse, ...errors },
  }),
};
