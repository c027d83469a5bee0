import { contract } from '@mitrebox/api-contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { route } from '../../platform/contract-routes.ts';
import type { Db } from '../../platform/db.ts';
import { notFound } from '../../platform/errors.ts';
import { scopeAccounts } from '../accounts/scope.ts';
import { authOf, type Guards } from '../auth/auth.guard.ts';
import type { CatalogueService } from '../catalogue/catalogue.service.ts';
import { accountCredits, invoiceDetails } from './invoices.service.ts';

const { invoices: api } = contract;

export const invoicesRoutes =
  (deps: { db: Db; catalogue: CatalogueService }, guards: Guards): FastifyPluginAsyncZod =>
  async (app) => {
    route(app, api.invoice, { preHandler: guards.requireUser }, async (request) => {
      const acctnums = scopeAccounts(authOf(request).user);
      const invoice = await invoiceDetails(
        deps.db,
        request.query.Invoicenum,
        acctnums,
        await deps.catalogue.locations(),
      );
      if (!invoice) throw notFound('Invoice not found');
      return { data: { data: [invoice] } };
    });

    route(app, api.credits, { preHandler: guards.requireUser }, async (request) => ({
      data: await accountCredits(deps.db, scopeAccounts(authOf(request).user)),
    }));
  };
