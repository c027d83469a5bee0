import type { Readable } from 'node:stream';
import { contract } from '@mitrebox/api-contract';
import { calendarDay } from '@mitrebox/domain';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Config } from '../../config.ts';
import { route, sendWritten } from '../../platform/contract-routes.ts';
import type { Db } from '../../platform/db.ts';
import { unprocessable } from '../../platform/errors.ts';
import { authOf, type Guards } from '../auth/auth.guard.ts';
import { priceListCsv } from './price-list.ts';

const { priceLists: api } = contract;

/** A file written as it is read: Fastify pipes the stream to the socket, pausing it when the client is slow. */
const sendStream = (reply: FastifyReply, stream: Readable) => reply.send(stream);

/**
 * My Account → Price list: the signed-in account's net prices (the contract's right: prices), for its first
 * account only — the pricing of the account the sign-in answers for, never another's. The CSV is streamed as it is
 * read; the PDF is made whole, then sent.
 */
export const priceListRoutes =
  (deps: { db: Db; config: Config }, guards: Guards): FastifyPluginAsyncZod =>
  async (app) => {
    const { db, config } = deps;
    const fileName = (acctnum: string, day: string, ext: string) =>
      `attachment; filename="price-list-${acctnum}-${day}.${ext}"`;

    route(
      app,
      api.priceListCsv,
      { preHandler: guards.requireUser, docs: { produces: ['text/csv'] } },
      async (request, reply) => {
        const account = authOf(request).user.accounts[0]!;
        const day = calendarDay(new Date(), config.BUSINESS_TZ);
        return sendStream(
          reply
            .type('text/csv; charset=utf-8')
            .header('content-disposition', fileName(account.Acctnum, day, 'csv'))
            .header('cache-control', 'no-store'),
          priceListCsv(db, account, request.query),
        );
      },
    );

    route(
      app,
      api.priceListPdf,
      { preHandler: guards.requireUser, docs: { produces: ['application/pdf'] } },
      async (request, reply) => {
        const account = authOf(request).user.accounts[0]!;
        const day = calendarDay(new Date(), config.BUSINESS_TZ);
        // the PDF makers and pdf-lib load with the first PDF, not with the server (apps/api/build.mjs)
        const { PriceBookTooLarge, priceListPdf } = await import('./price-list-pdf.ts');
        let pdf: Uint8Array;
        try {
          pdf = await priceListPdf(db, account, request.query, { supplier: config.COMPANY_NAME, day });
        } catch (err) {
          if (err instanceof PriceBookTooLarge) throw unprocessable(err.message);
          throw err;
        }
        return sendWritten(
          reply
            .type('application/pdf')
            .header('content-disposition', fileName(account.Acctnum, day, 'pdf'))
            .header('cache-control', 'no-store'),
          Buffer.from(pdf),
        );
      },
    );
  };
