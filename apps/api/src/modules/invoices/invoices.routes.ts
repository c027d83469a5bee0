import { CreditsResponse, ErrorBody, InvoiceQuery, InvoiceResponse } from '@mitrebox/api-contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../platform/db.ts';
import { notFound } from '../../platform/errors.ts';
import { scopeAccounts } from '../accounts/scope.ts';
import { authOf, type Guards } from '../auth/auth.guard.ts';
import type { CatalogueService } from '../catalogue/catalogue.service.ts';
import { accountCredits, invoiceDetails } from './invoices.service.ts';

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody };
const tags = ['Invoices'];

export const invoicesRoutes =
  (deps: { db: Db; catalogue: CatalogueService }, guards: Guards): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/api/admin/invoices',
      {
        preHandler: guards.requireUser,
        schema: {
          tags,
          summary: "One of the user's invoices with items and payments",
          querystring: InvoiceQuery,
          response: { 200: InvoiceResponse, ...errors },
        },
      },
      async (request) => {
        const acctnums = scopeAccounts(authOf(request).user);
        const invoice = await invoiceDetails(
          deps.db,
          request.query.Invoicenum,
          acctnums,
          await deps.catalogue.locations(),
        );
        if (!invoice) throw notFound('Invoice not found');
        return { data: { data: [invoice] } };
      },
    );

    app.get(
      '/api/accountCredits',
      {
        preHandler: guards.requireUser,
        schema: { tags, summary: "The user's open credits", response: { 200: CreditsResponse, ...errors } },
      },
      async (request) => ({ data: await accountCredits(deps.db, scopeAccounts(authOf(request).user)) }),
    );
  };
