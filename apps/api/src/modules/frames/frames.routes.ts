import {
  BuildFiltersRequest,
  BuildFiltersResponse,
  BuildFrameRequest,
  BuildFrameResponse,
  CartResponse,
  DesignPartsRequest,
  DesignPartsResponse,
  ErrorBody,
  FrameAddToCartRequest,
  type FrameDesignInput,
  FrameQuoteRequest,
  FrameQuoteResponse,
  GetSavedFramesRequest,
  GetSavedFramesResponse,
  PresetsQuery,
  PresetsResponse,
  SaveFrameRequest,
  SaveFrameResponse,
  SuccessBody,
  UploadImageResponse,
} from '@mitrebox/api-contract';
import { frameMessages } from '@mitrebox/domain';
import type { FastifyError, FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../platform/db.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import { authOf, type Guards } from '../auth/auth.guard.ts';
import {
  cleanUpload,
  fetchRandomPhoto,
  MAX_UPLOAD_BYTES,
  presetBytes,
  presetPage,
  readImageBody,
  storeImage,
  uploadedImage,
} from './frames.images.ts';
import type { FramesService } from './frames.service.ts';

const errors = {
  400: ErrorBody,
  401: ErrorBody,
  403: ErrorBody,
  404: ErrorBody,
  413: ErrorBody,
  422: ErrorBody,
};
const tags = ['Frame Creator'];
const IMMUTABLE = 'public, max-age=31536000, immutable';

const jpeg = (reply: FastifyReply, bytes: Buffer, cache = IMMUTABLE) =>
  reply.header('content-type', 'image/jpeg').header('cache-control', cache).send(bytes);

export const framesRoutes =
  (
    deps: {
      db: Db;
      frames: FramesService;
      randomPhotoUrl?: string;
      /** Requests a minute per client address for presets and renders (config IMAGE_RATE_LIMIT_PER_MINUTE). */
      imageRateLimitPerMinute: number;
    },
    guards: Guards,
  ): FastifyPluginAsyncZod =>
  async (app) => {
    const { frames, db } = deps;
    const design = (input: z.infer<typeof FrameDesignInput>) => input;

    // An upload is the picture itself (any image type, or octet-stream); its content decides.
    // Read from the wire by readImageBody: refused from its first bytes when it is not a picture.
    app.addContentTypeParser(/^(image\/[\w.+-]+|application\/octet-stream)$/, (_req, payload, done) => {
      readImageBody(payload).then(
        (body) => done(null, body),
        (err: Error) => done(err),
      );
    });

    app.post(
      '/api/framebuilder/uploadImage',
      {
        bodyLimit: MAX_UPLOAD_BYTES,
        preHandler: guards.optionalUser,
        schema: {
          tags,
          summary:
            'Upload the picture of a design (the body is the image): checked by content, rotated, metadata removed',
          response: { 200: UploadImageResponse, ...errors },
        },
        errorHandler(error: FastifyError, _request, reply) {
          if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE')
            return reply
              .code(413)
              .send({ message: frameMessages.imageTooLarge, errors: { file: frameMessages.imageTooLarge } });
          if (error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE' || error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY')
            return reply
              .code(415)
              .send({ message: frameMessages.selectImage, errors: { file: frameMessages.selectImage } });
          throw error;
        },
      },
      async (request) => {
        const body = request.body;
        const bytes = Buffer.isBuffer(body) ? body : Buffer.alloc(0);
        return storeImage(db, await cleanUpload(bytes));
      },
    );

    app.get(
      '/api/framebuilder/image/:file',
      {
        schema: {
          tags,
          summary: 'An uploaded picture (JPEG)',
          params: z.object({ file: z.string().regex(/^img_[a-f0-9]{40}\.jpg$/) }),
        },
      },
      async (request, reply) => jpeg(reply, await uploadedImage(db, request.params.file.slice(0, -4))),
    );

    app.post(
      '/api/framebuilder/buildFrame',
      {
        preHandler: guards.optionalUser,
        schema: {
          tags,
          summary: 'Render a design (cached by its hash); answers outFile and imgDetail',
          body: BuildFrameRequest,
          response: { 200: BuildFrameResponse, ...errors },
        },
      },
      (request) => frames.buildFrame(design(request.body.options) as never, request.body.size),
    );

    app.get(
      '/api/framebuilder/render/:file',
      {
        config: { rateLimit: { max: deps.imageRateLimitPerMinute, timeWindow: '1 minute' } },
        schema: {
          tags,
          summary: 'A rendered design (JPEG)',
          params: z.object({ file: z.string().regex(/^[a-f0-9]{40}\.jpg$/) }),
        },
      },
      async (request, reply) => {
        const bytes = await frames.renderBytes(request.params.file.slice(0, -4));
        if (!bytes) throw notFound('No such render.');
        return jpeg(reply, bytes);
      },
    );

    app.post(
      '/api/framebuilder/buildFilters',
      {
        schema: {
          tags,
          summary:
            "The selection modal's filters for one kind of part, with the parts' own: mat core, ply and sheet, glazing kind and sheet",
          body: BuildFiltersRequest.optional(),
          response: { 200: BuildFiltersResponse, ...errors },
        },
      },
      (request) => frames.partFilters(request.body?.frameType ?? 'MOULDING'),
    );

    app.post(
      '/api/framebuilder/parts',
      {
        schema: {
          tags,
          summary: 'The chosen parts with what the drawing needs (colour, profile, sheet size)',
          body: DesignPartsRequest,
          response: { 200: DesignPartsResponse, ...errors },
        },
      },
      (request) => frames.parts(request.body.codes),
    );

    app.get(
      '/api/framebuilder/presets',
      {
        schema: {
          tags,
          summary: 'The photographs shipped with the shop, by category, 20 a page (with author and licence)',
          querystring: PresetsQuery,
          response: { 200: PresetsResponse, ...errors },
        },
      },
      async (request) => ({
        ...(await presetPage(request.query.category, request.query.page)),
        random: Boolean(deps.randomPhotoUrl),
      }),
    );

    app.post(
      '/api/framebuilder/randomPhoto',
      {
        // each call fetches from the stock-photo source
        config: { rateLimit: { max: 20, timeWindow: '1 minute' } },
        schema: {
          tags,
          summary:
            'A random photograph from the configured stock-photo source, kept as an upload (404 when none is configured)',
          response: { 200: UploadImageResponse, ...errors, 502: ErrorBody },
        },
      },
      async () => {
        if (!deps.randomPhotoUrl) throw notFound('No random photograph source is configured.');
        const bytes = await fetchRandomPhoto(deps.randomPhotoUrl);
        if (!bytes)
          throw new AppError('source_failed', 502, frameMessages.randomPhotoFailed, {
            file: frameMessages.randomPhotoFailed,
          });
        return storeImage(db, await cleanUpload(bytes));
      },
    );

    app.get(
      '/api/framebuilder/presets/:file',
      {
        config: { rateLimit: { max: deps.imageRateLimitPerMinute, timeWindow: '1 minute' } },
        schema: {
          tags,
          summary: 'A preset photograph (JPEG; .thumb.jpg for the picker)',
          params: z.object({ file: z.string().regex(/^[a-z0-9-]{1,64}(\.thumb)?\.jpg$/) }),
        },
      },
      async (request, reply) => {
        const m = /^(.+?)(\.thumb)?\.jpg$/.exec(request.params.file)!;
        const bytes = await presetBytes(m[1], Boolean(m[2]));
        if (!bytes) throw notFound('No such photograph.');
        return jpeg(reply, bytes);
      },
    );

    app.post(
      '/api/framebuilder/getSavedFrames',
      {
        preHandler: guards.requireUser,
        schema: {
          tags,
          summary: "The signed-in account's saved frames; one with its framedata by id",
          body: GetSavedFramesRequest.optional(),
          response: { 200: GetSavedFramesResponse, ...errors },
        },
      },
      (request) => frames.savedFrames(authOf(request).user, GetSavedFramesRequest.parse(request.body ?? {})),
    );

    app.post(
      '/api/framebuilder/saveFrameBuilder',
      {
        preHandler: guards.requireUser,
        schema: {
          tags,
          summary: 'Save a design: with id it overwrites that saved frame, without it creates one',
          body: SaveFrameRequest,
          response: { 200: SaveFrameResponse, ...errors },
        },
      },
      (request) => frames.save(authOf(request).user, request.body),
    );

    app.delete(
      '/api/framebuilder/deleteSavedFrame/:id',
      {
        preHandler: guards.requireUser,
        schema: {
          tags,
          summary: 'Delete one of the account’s saved frames',
          params: z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) }),
          response: { 200: SuccessBody, ...errors },
        },
      },
      (request) => frames.remove(authOf(request).user, request.params.id),
    );

    app.post(
      '/api/framebuilder/quote',
      {
        preHandler: guards.requireUser,
        schema: {
          tags,
          summary: "The design's price at the account's prices and each part's stock per warehouse",
          body: FrameQuoteRequest,
          response: { 200: FrameQuoteResponse, ...errors },
        },
      },
      (request) =>
        frames.quote(authOf(request).user, design(request.body.options) as never, request.body.orderType),
    );

    app.post(
      '/api/framebuilder/addToCart',
      {
        preHandler: guards.requireUser,
        schema: {
          tags,
          summary: 'Add a design to the cart: the moulding as a join (or chop), the mat and the glass',
          body: FrameAddToCartRequest,
          response: { 200: CartResponse, ...errors },
        },
      },
      (request) =>
        frames.addToCart(
          authOf(request).user,
          design(request.body.options) as never,
          request.body.orderType,
          request.body.backtype,
        ),
    );
  };
