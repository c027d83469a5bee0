import {
  CareerList,
  DocumentDownloadQuery,
  DocumentList,
  DocumentListQuery,
  ErrorBody,
  NewAccountInfo,
} from '@mitrebox/api-contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Guards } from '../auth/auth.guard.ts';
import type { ContentService } from './content.service.ts';

const bearerAuth = [{ bearer: [] }];

export const contentRoutes =
  (content: ContentService, guards: Guards): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/api/career',
      { schema: { tags: ['Careers'], summary: 'Open positions', response: { 200: CareerList } } },
      async () => ({ data: await content.careers() }),
    );
    app.get(
      '/api/pdfUserList',
      {
        preHandler: guards.requireUser,
        schema: {
          tags: ['Documents'],
          summary: 'Documents to download: category 2 Updates, 3 Discontinued Items, 1 Promos',
          security: bearerAuth,
          querystring: DocumentListQuery,
          response: { 200: DocumentList, 400: ErrorBody, 401: ErrorBody },
        },
      },
      async (request) => ({ data: await content.documents(request.query.active) }),
    );
    app.get(
      '/api/pdfDownload',
      {
        preHandler: guards.requireUser,
        schema: {
          tags: ['Documents'],
          summary: 'Download an active document (the file itself)',
          security: bearerAuth,
          querystring: DocumentDownloadQuery,
          response: { 400: ErrorBody, 401: ErrorBody, 404: ErrorBody },
        },
      },
      async (request, reply) => {
        const file = await content.download(request.query.dlid);
        return reply
          .header('content-type', file.contentType)
          .header('content-disposition', `attachment; filename="${file.fileName}"`)
          .header('cache-control', 'private, no-store')
          .header('x-content-type-options', 'nosniff')
          .send(file.content as never); // raw bytes: no 200 schema, so no JSON serializer
      },
    );

    app.get(
      '/api/newAccount',
      {
        schema: {
          tags: ['New Account'],
          summary: 'Where to send the application and where to download it',
          response: { 200: NewAccountInfo },
        },
      },
      () => content.newAccountInfo(),
    );
    app.get(
      '/api/newAccount/application.pdf',
      { schema: { tags: ['New Account'], summary: 'The trade account application: a fillable PDF form' } },
      async (_request, reply) => {
        const bytes = await content.newAccountForm();
        return reply
          .header('content-type', 'application/pdf')
          .header('content-disposition', 'attachment; filename="mitrebox-account-application.pdf"')
          .header('cache-control', 'public, max-age=3600')
          .send(Buffer.from(bytes));
      },
    );
  };
