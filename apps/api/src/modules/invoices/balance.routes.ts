import { contract } from '@mitrebox/api-contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { route } from '../../platform/contract-routes.ts';
import type { Db } from '../../platform/db.ts';
import { scopeAccounts } from '../accounts/scope.ts';
import { authOf, type Guards } from '../auth/auth.guard.ts';
import { balanceOfAccounts } from './balance.service.ts';

const { balance: api } = contract;

/** GET /api/account/balance: what the signed-in user's account owes (the home's "Total balance due"). */
export const balanceRoutes =
  (deps: { db: Db }, guards: Guards): FastifyPluginAsyncZod =>
  async (app) => {
    route(app, api.balance, { preHandler: guards.requireUser }, async (request) =>
      balanceOfAccounts(deps.db, scopeAccounts(authOf(request).user, request.query.Acctnum)),
    );
  };
