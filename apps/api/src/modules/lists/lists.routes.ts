import { contract } from '@mitrebox/api-contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { route } from '../../platform/contract-routes.ts';
import { authOf, type Guards } from '../auth/auth.guard.ts';
import type { ListsService } from './lists.service.ts';

const { lists: api } = contract;

export const listsRoutes =
  (lists: ListsService, guards: Guards): FastifyPluginAsyncZod =>
  async (app) => {
    const pre = { preHandler: guards.requireUser };
    route(app, api.lists, pre, (request) => lists.lists(authOf(request).user));
    route(app, api.create, pre, (request) => lists.create(authOf(request).user, request.body.name));
    route(app, api.list, pre, (request) => lists.list(authOf(request).user, request.params.id));
    route(app, api.rename, pre, (request) =>
      lists.rename(authOf(request).user, request.params.id, request.body.name),
    );
    route(app, api.remove, pre, (request) => lists.remove(authOf(request).user, request.params.id));
    route(app, api.addLines, pre, (request) =>
      lists.addLines(authOf(request).user, request.params.id, request.body.lines),
    );
    route(app, api.changeLine, pre, (request) =>
      lists.changeLine(authOf(request).user, request.params.id, request.params.lineId, request.body.amount),
    );
    route(app, api.removeLine, pre, (request) =>
      lists.removeLine(authOf(request).user, request.params.id, request.params.lineId),
    );
    route(app, api.toCart, pre, (request) =>
      lists.toCart(authOf(request).user, request.params.id, request.body.lineIds),
    );
    route(app, api.import, pre, (request) =>
      lists.import(authOf(request).user, request.params.id, request.body.text),
    );
  };
