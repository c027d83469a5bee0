import {
  AccountProductDetailsResponse,
  AccountProductsResponse,
  CollectionsQuery,
  CollectionsResponse,
  ErrorBody,
  LocationQtyQuery,
  LocationQtyResponse,
  LocationsResponse,
  ProductDetailsQuery,
  ProductFiltersQuery,
  ProductFiltersResponse,
  ProductsQuery,
  PublicProductDetailsResponse,
  PublicProductsResponse,
  SettingsResponse,
  SiteResponse,
} from '@mitrebox/api-contract';
import { messages } from '@mitrebox/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from '../../config.ts';
import { notFound } from '../../platform/errors.ts';
import { fastJsonOf } from '../../platform/fast-json.ts';
import { createResponseCache } from '../../platform/response-cache.ts';
import { authOf, type Guards } from '../auth/auth.guard.ts';
import type { CatalogueService } from './catalogue.service.ts';

const errors = { 400: ErrorBody, 401: ErrorBody, 404: ErrorBody };
const tags = ['Catalogue'];
const NO_PRODUCT = 'No product with this code.';
const JSON_TYPE = 'application/json; charset=utf-8';
/**
 * The listings' answers written from their schemas (docs/decisions/018): the largest answers of the hottest routes.
 * A signed-in one is written in pieces (listing-json.ts).
 */
const publicProductsJson = fastJsonOf(PublicProductsResponse);

type App = Parameters<FastifyPluginAsyncZod>[0];

export const catalogueRoutes =
  (catalogue: CatalogueService, guards: Guards, config: Config): FastifyPluginAsyncZod =>
  async (app) => {
    listingRoutes(app, catalogue, guards, config);
    shopRoutes(app, catalogue, guards, config);
  };

/** The listings and the header search, and their filter groups. */
function listingRoutes(app: App, catalogue: CatalogueService, guards: Guards, config: Config) {
  // Listings (and the header search) are micro-cached: the same page within LISTING_CACHE_MS is answered with
  // the same bytes; stock on it is that old at most. The cart and the add-to-cart dialog always read fresh.
  const listings = createResponseCache({ ttlMs: config.LISTING_CACHE_MS });
  const cacheKey = (url: string, where: string) => `${where}|${url.slice(url.indexOf('?') + 1)}`;

  app.get(
    '/api/Shop/Products',
    {
      schema: {
        tags,
        summary: 'Products for anyone (no prices, no stock by location)',
        querystring: ProductsQuery,
        response: { 200: PublicProductsResponse, ...errors },
      },
    },
    async (request, reply) => {
      // uncached, the answer is written once, by the schema's own writer (fast-json-stringify)
      if (!config.LISTING_CACHE_MS)
        return reply
          .type(JSON_TYPE)
          .send(publicProductsJson(await catalogue.publicProducts(request.query)) as never);
      const body = await listings.get(cacheKey(request.url, 'public'), PublicProductsResponse, () =>
        catalogue.publicProducts(request.query),
      );
      return reply.type('application/json; charset=utf-8').send(body as never);
    },
  );

  app.get(
    '/api/Products',
    {
      schema: {
        tags,
        summary: "Products with the account's prices and stock per warehouse",
        querystring: ProductsQuery,
        response: { 200: AccountProductsResponse, ...errors },
      },
    },
    async (request, reply) => {
      // the guard judges the session that the page's own statement reads (docs/decisions/018)
      const buyer = guards.buyerSession(request);
      if (!config.LISTING_CACHE_MS)
        return reply
          .type(JSON_TYPE)
          .send((await catalogue.accountProductsText(request.query, buyer)) as never);
      // answers depend on the account's pricing and warehouse only: accounts priced alike share them
      const account = (buyer.known ?? (await buyer.alone())).user.accounts[0]!;
      const priced = await catalogue.listingPricing(account);
      const body = await listings.text(cacheKey(request.url, `priced:${priced.key}`), () =>
        catalogue.accountProductsText(request.query, account, priced),
      );
      return reply.type(JSON_TYPE).send(body as never);
    },
  );

  for (const [url, guarded] of [
    ['/api/Shop/ProductFilters', false],
    ['/api/ProductFilters', true],
  ] as const) {
    app.get(
      url,
      {
        preHandler: guarded ? guards.requireUser : undefined,
        schema: {
          tags,
          summary: 'Filter groups with counts under the other active filters',
          querystring: ProductFiltersQuery,
          response: { 200: ProductFiltersResponse, ...errors },
        },
      },
      (request) => catalogue.filters(request.query),
    );
  }
}

/** Collections, settings, warehouses, the shop's facts, and one product's stock and details. */
function shopRoutes(app: App, catalogue: CatalogueService, guards: Guards, config: Config) {
  app.get(
    '/api/Shop/Collections',
    {
      schema: {
        tags,
        summary: 'Collections (sortable by name or id)',
        querystring: CollectionsQuery,
        response: { 200: CollectionsResponse, ...errors },
      },
    },
    (request) => catalogue.collections(request.query),
  );

  app.get(
    '/api/settings',
    {
      schema: {
        tags,
        summary: 'Named settings (data is a JSON string)',
        response: { 200: SettingsResponse },
      },
    },
    () => catalogue.settings(),
  );

  app.get(
    '/api/locations',
    { schema: { tags, summary: 'The four warehouses', response: { 200: LocationsResponse } } },
    async () => ({
      data: await catalogue.locations(),
    }),
  );

  app.get(
    '/api/site',
    {
      schema: {
        tags,
        summary: 'Public facts of the shop for the screens',
        response: { 200: SiteResponse },
      },
    },
    async () => ({
      companyName: config.COMPANY_NAME,
      companyAddress: config.COMPANY_ADDRESS,
      phone: config.CUSTOMER_SERVICE_PHONE,
      stagingBanner: config.STAGING_BANNER,
      imageBaseUrl: config.IMAGE_BASE_URL,
      businessTimeZone: config.BUSINESS_TZ,
      locations: await catalogue.locations(),
    }),
  );

  app.get(
    '/api/getLocationQty',
    {
      preHandler: guards.requireUserSaying(messages.session.notLoggedIn),
      schema: {
        tags,
        summary: 'Stock of a product in every warehouse (signed-in only)',
        querystring: LocationQtyQuery,
        response: { 200: LocationQtyResponse, ...errors },
      },
    },
    async (request) => {
      const result = await catalogue.locationQty(request.query.Code, authOf(request).user.accounts[0]);
      if (!result) throw notFound(NO_PRODUCT);
      return result;
    },
  );

  app.get(
    '/api/getProductDetailsByCode',
    {
      preHandler: guards.optionalUser,
      schema: {
        tags,
        summary:
          "One product: public fields, or with the account's prices, stock and discounts when signed in",
        querystring: ProductDetailsQuery,
        response: {
          200: z.union([AccountProductDetailsResponse, PublicProductDetailsResponse]),
          ...errors,
        },
      },
    },
    async (request) => {
      const details = await catalogue.details(request.query.Code, request.auth?.user.accounts[0]);
      if (!details) throw notFound(NO_PRODUCT);
      return details;
    },
  );
}
