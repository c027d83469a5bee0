import { contract, PublicProductsResponse } from '@mitrebox/api-contract';
import { messages } from '@mitrebox/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Config } from '../../config.ts';
import { route, sendWritten, type ZodApp } from '../../platform/contract-routes.ts';
import { notFound } from '../../platform/errors.ts';
import { fastJsonOf } from '../../platform/fast-json.ts';
import { createResponseCache } from '../../platform/response-cache.ts';
import { authOf, type Guards } from '../auth/auth.guard.ts';
import type { CatalogueService } from './catalogue.service.ts';

const { catalogue: api } = contract;
const NO_PRODUCT = 'No product with this code.';
const JSON_TYPE = 'application/json; charset=utf-8';
/**
 * The listings' answers written from their schemas (docs/decisions/018): the largest answers of the hottest routes.
 * A signed-in one is written in pieces (listing-json.ts).
 */
const publicProductsJson = fastJsonOf(PublicProductsResponse);

export const catalogueRoutes =
  (catalogue: CatalogueService, guards: Guards, config: Config): FastifyPluginAsyncZod =>
  async (app) => {
    listingRoutes(app, catalogue, guards, config);
    shopRoutes(app, catalogue, guards, config);
  };

/** The listings and the header search, and their filter groups. */
function listingRoutes(app: ZodApp, catalogue: CatalogueService, guards: Guards, config: Config) {
  // Listings (and the header search) are micro-cached: the same page within LISTING_CACHE_MS is answered with
  // the same bytes; stock on it is that old at most. The cart and the add-to-cart dialog always read fresh.
  const listings = createResponseCache({ ttlMs: config.LISTING_CACHE_MS });
  const cacheKey = (url: string, where: string) => `${where}|${url.slice(url.indexOf('?') + 1)}`;

  route(app, api.publicProducts, {}, async (request, reply) => {
    // uncached, the answer is written once, by the schema's own writer (fast-json-stringify)
    if (!config.LISTING_CACHE_MS)
      return sendWritten(
        reply.type(JSON_TYPE),
        publicProductsJson(await catalogue.publicProducts(request.query)),
      );
    const body = await listings.get(cacheKey(request.url, 'public'), PublicProductsResponse, () =>
      catalogue.publicProducts(request.query),
    );
    return sendWritten(reply.type(JSON_TYPE), body);
  });

  route(app, api.accountProducts, {}, async (request, reply) => {
    // the guard judges the session that the page's own statement reads (docs/decisions/018)
    const buyer = guards.buyerSession(request);
    if (!config.LISTING_CACHE_MS)
      return sendWritten(reply.type(JSON_TYPE), await catalogue.accountProductsText(request.query, buyer));
    // answers depend on the account's pricing and warehouse only: accounts priced alike share them
    const account = (buyer.known ?? (await buyer.alone())).user.accounts[0]!;
    const priced = await catalogue.listingPricing(account);
    const body = await listings.text(cacheKey(request.url, `priced:${priced.key}`), () =>
      catalogue.accountProductsText(request.query, account, priced),
    );
    return sendWritten(reply.type(JSON_TYPE), body);
  });

  route(app, api.publicFilters, {}, (request) => catalogue.filters(request.query));
  route(app, api.accountFilters, { preHandler: guards.requireUser }, (request) =>
    catalogue.filters(request.query),
  );
}

/** Collections, settings, warehouses, the shop's facts, and one product's stock and details. */
function shopRoutes(app: ZodApp, catalogue: CatalogueService, guards: Guards, config: Config) {
  route(app, api.collections, {}, (request) => catalogue.collections(request.query));

  route(app, api.settings, {}, () => catalogue.settings());

  route(app, api.locations, {}, async () => ({ data: await catalogue.locations() }));

  route(app, api.site, {}, async () => ({
    companyName: config.COMPANY_NAME,
    companyAddress: config.COMPANY_ADDRESS,
    phone: config.CUSTOMER_SERVICE_PHONE,
    stagingBanner: config.STAGING_BANNER,
    imageBaseUrl: config.IMAGE_BASE_URL,
    businessTimeZone: config.BUSINESS_TZ,
    locations: await catalogue.locations(),
  }));

  route(
    app,
    api.locationQty,
    { preHandler: guards.requireUserSaying(messages.session.notLoggedIn) },
    async (request) => {
      const result = await catalogue.locationQty(request.query.Code, authOf(request).user.accounts[0]);
      if (!result) throw notFound(NO_PRODUCT);
      return result;
    },
  );

  route(app, api.productDetails, { preHandler: guards.optionalUser }, async (request) => {
    const details = await catalogue.details(request.query.Code, request.auth?.user.accounts[0]);
    if (!details) throw notFound(NO_PRODUCT);
    return details;
  });
}
