import { contract, GetSavedFramesRequest } from '@mitrebox/api-contract';
import { frameMessages } from '@mitrebox/domain';
import type { FastifyError, FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { route, type ZodApp } from '../../platform/contract-routes.ts';
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

const { frames: api } = contract;
const IMMUTABLE = 'public, max-age=31536000, immutable';

const jpeg = (reply: FastifyReply, bytes: Buffer, cache = IMMUTABLE) =>
  reply.header('content-type', 'image/jpeg').header('cache-control', cache).send(bytes);

export interface FramesRouteDeps {
  db: Db;
  frames: FramesService;
  randomPhotoUrl?: string;
  /** Requests a minute per client address for presets and renders (config IMAGE_RATE_LIMIT_PER_MINUTE). */
  imageRateLimitPerMinute: number;
}

/** The buyer's own pictures: an upload, and the picture it became. */
function uploadRoutes(app: ZodApp, { db }: FramesRouteDeps, guards: Guards) {
  // An upload is the picture itself (any image type, or octet-stream); its content decides.
  // Read from the wire by readImageBody: refused from its first bytes when it is not a picture.
  app.addContentTypeParser(/^(image\/[\w.+-]+|application\/octet-stream)$/, (_req, payload, done) => {
    readImageBody(payload).then(
      (body) => done(null, body),
      (err: Error) => done(err),
    );
  });

  route(
    app,
    api.uploadImage,
    {
      bodyLimit: MAX_UPLOAD_BYTES,
      preHandler: guards.optionalUser,
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

  route(app, api.image, {}, async (request, reply) =>
    jpeg(reply, await uploadedImage(db, request.params.file.slice(0, -4))),
  );
}

/** The design drawn and the parts it is drawn with. */
function drawingRoutes(app: ZodApp, { frames, imageRateLimitPerMinute }: FramesRouteDeps, guards: Guards) {
  route(
    app,
    api.buildFrame,
    {
      preHandler: guards.optionalUser,
    },
    (request) => frames.buildFrame(request.body.options, request.body.size),
  );

  route(
    app,
    api.render,
    {
      config: { rateLimit: { max: imageRateLimitPerMinute, timeWindow: '1 minute' } },
    },
    async (request, reply) => {
      const bytes = await frames.renderBytes(request.params.file.slice(0, -4));
      if (!bytes) throw notFound('No such render.');
      return jpeg(reply, bytes);
    },
  );

  route(app, api.buildFilters, {}, (request) => frames.partFilters(request.body?.frameType ?? 'MOULDING'));

  route(app, api.parts, {}, (request) => frames.parts(request.body.codes));
}

/** The shop's photographs, and a random one from the stock-photo source. */
function photographRoutes(app: ZodApp, deps: FramesRouteDeps) {
  const { db } = deps;
  route(app, api.presets, {}, async (request) => ({
    ...(await presetPage(request.query.category, request.query.page)),
    random: Boolean(deps.randomPhotoUrl),
  }));

  route(
    app,
    api.randomPhoto,
    {
      // each call fetches from the stock-photo source
      config: { rateLimit: { max: 20, timeWindow: '1 minute' } },
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

  route(
    app,
    api.preset,
    {
      config: { rateLimit: { max: deps.imageRateLimitPerMinute, timeWindow: '1 minute' } },
    },
    async (request, reply) => {
      const m = /^(.+?)(\.thumb)?\.jpg$/.exec(request.params.file)!;
      const bytes = await presetBytes(m[1], Boolean(m[2]));
      if (!bytes) throw notFound('No such photograph.');
      return jpeg(reply, bytes);
    },
  );
}

/** The buyer's saved frames. */
function savedFrameRoutes(app: ZodApp, { frames }: FramesRouteDeps, guards: Guards) {
  route(
    app,
    api.getSavedFrames,
    {
      preHandler: guards.requireUser,
    },
    (request) => frames.savedFrames(authOf(request).user, GetSavedFramesRequest.parse(request.body ?? {})),
  );

  route(
    app,
    api.saveFrame,
    {
      preHandler: guards.requireUser,
    },
    (request) => frames.save(authOf(request).user, request.body),
  );

  route(
    app,
    api.deleteSavedFrame,
    {
      preHandler: guards.requireUser,
    },
    (request) => frames.remove(authOf(request).user, request.params.id),
  );
}

/** The design priced at the account's prices, and put in the cart. */
function buyingRoutes(app: ZodApp, { frames }: FramesRouteDeps, guards: Guards) {
  route(
    app,
    api.quote,
    {
      preHandler: guards.requireUser,
    },
    (request) => frames.quote(authOf(request).user, request.body.options, request.body.orderType),
  );

  route(
    app,
    api.addToCart,
    {
      preHandler: guards.requireUser,
    },
    (request) =>
      frames.addToCart(
        authOf(request).user,
        request.body.options,
        request.body.orderType,
        request.body.backtype,
      ),
  );
}

/** The Frame Creator's routes, in the order the API's description lists them. */
export const framesRoutes =
  (deps: FramesRouteDeps, guards: Guards): FastifyPluginAsyncZod =>
  async (app) => {
    uploadRoutes(app, deps, guards);
    drawingRoutes(app, deps, guards);
    photographRoutes(app, deps);
    savedFrameRoutes(app, deps, guards);
    buyingRoutes(app, deps, guards);
  };
