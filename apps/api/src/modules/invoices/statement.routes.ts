import { contract } from '@mitrebox/api-contract';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { route, sendWritten } from '../../platform/contract-routes.ts';
import { notFound } from '../../platform/errors.ts';
import { scopeAccounts } from '../accounts/scope.ts';
import { authOf, type Guards } from '../auth/auth.guard.ts';
import { type StatementDeps, statementOf } from './statement.service.ts';

const { statements: api } = contract;

export const NO_STATEMENT = 'There is no statement for this account.';

/** A statement's PDF as a download named by account and day. */
export function sendStatementPdf(reply: FastifyReply, acctnum: string, day: string, pdf: Uint8Array) {
  return sendWritten(
    reply
      .type('application/pdf')
      .header('content-disposition', `attachment; filename="statement-${acctnum}-${day}.pdf"`),
    Buffer.from(pdf),
  );
}

/**
 * The signed-in account's statement of account with aging, as JSON and as a PDF (the contract's right: prices).
 * The account is the user's first, or the one they name among theirs (scopeAccounts refuses another's).
 */
export const statementRoutes =
  (deps: StatementDeps, guards: Guards): FastifyPluginAsyncZod =>
  async (app) => {
    const statementAsked = async (user: Parameters<typeof scopeAccounts>[0], acctnum?: string) => {
      const [own] = scopeAccounts(user, acctnum);
      const statement = own ? await statementOf(deps, own) : undefined;
      if (!statement) throw notFound(NO_STATEMENT);
      return statement;
    };

    route(app, api.statement, { preHandler: guards.requireUser }, async (request) =>
      statementAsked(authOf(request).user, request.query.Acctnum),
    );

    route(app, api.statementPdf, { preHandler: guards.requireUser }, async (request, reply) => {
      const statement = await statementAsked(authOf(request).user, request.query.Acctnum);
      // the PDF makers and pdf-lib load with the first PDF, not with the server (apps/api/build.mjs)
      const { statementPdf } = await import('./statement-pdf.ts');
      return sendStatementPdf(
        reply,
        statement.account.acctnum,
        statement.statementDay,
        await statementPdf(statement),
      );
    });
  };
