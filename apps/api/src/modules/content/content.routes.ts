import { contract } from '@mitrebox/api-contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { route, sendWritten } from '../../platform/contract-routes.ts';
import type { Guards } from '../auth/auth.guard.ts';
import type { ContentService } from './content.service.ts';

const { content: api } = contract;
const docs = { security: [{ bearer: [] }] };

export const contentRoutes =
  (content: ContentService, guards: Guards): FastifyPluginAsyncZod =>
  async (app) => {
    route(app, api.careers, {}, async () => ({ data: await content.careers() }));
    route(app, api.documents, { preHandler: guards.requireUser, docs }, async (request) => ({
      data: await content.documents(request.query.active),
    }));
    route(app, api.downloadDocument, { preHandler: guards.requireUser, docs }, async (request, reply) => {
      const file = await content.download(request.query.dlid);
      return sendWritten(
        reply
          .header('content-type', file.contentType)
          .header('content-disposition', `attachment; filename="${file.fileName}"`)
          .header('cache-control', 'private, no-store')
          .header('x-content-type-options', 'nosniff'),
        file.content,
      );
    });

    route(app, api.newAccount, {}, () => content.newAccountInfo());
    route(app, api.newAccountForm, {}, async (_request, reply) =>
      sendWritten(
        reply
          .header('content-type', 'application/pdf')
          .header('content-disposition', 'attachment; filename="mitrebox-account-application.pdf"')
          .header('cache-control', 'public, max-age=3600'),
        Buffer.from(await content.newAccountForm()),
      ),
    );
  };
