import { contract } from '@mitrebox/api-contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { route, sendWritten } from '../../platform/contract-routes.ts';
import { notFound } from '../../platform/errors.ts';
import { NO_STATEMENT, sendStatementPdf } from './statement.routes.ts';
import { agingCsv, agingOfAccounts, type StatementDeps, statementOf } from './statement.service.ts';

const { statements: api } = contract;
/** Every back-office route signs in with the staff bearer token. */
const docs = { security: [{ bearer: [] }] };

/**
 * The back office's aging (section 'aging' of the role matrix: accounting and admin): who owes what in which
 * bucket across accounts, as a page and as CSV, and one account's statement as the account sees it. Registered
 * under /api/staff by the staff scope, which signs every route in.
 */
export const staffAgingRoutes =
  (deps: StatementDeps): FastifyPluginAsyncZod =>
  async (app) => {
    route(app, api.staffAging, { docs }, async (request) => agingOfAccounts(deps, request.query));

    route(app, api.staffAgingCsv, { docs: { ...docs, produces: ['text/csv'] } }, async (request, reply) => {
      const csv = await agingCsv(deps, request.query);
      const stamp = new Date().toISOString().slice(0, 10);
      return sendWritten(
        reply
          .type('text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="mitrebox-aging-${stamp}.csv"`),
        csv,
      );
    });

    route(app, api.staffStatement, { docs }, async (request) => {
      const statement = await statementOf(deps, request.params.acctnum);
      if (!statement) throw notFound(NO_STATEMENT);
      return statement;
    });

    route(
      app,
      api.staffStatementPdf,
      { docs: { ...docs, produces: ['application/pdf'] } },
      async (request, reply) => {
        const statement = await statementOf(deps, request.params.acctnum);
        if (!statement) throw notFound(NO_STATEMENT);
        const { statementPdf } = await import('./statement-pdf.ts');
        return sendStatementPdf(
          reply,
          statement.account.acctnum,
          statement.statementDay,
          await statementPdf(statement),
        );
      },
    );
  };
