import {
  CareerIdParams,
  CareerInput,
  CareerList,
  CareerResponse,
  DocumentDownloadQuery,
  DocumentList,
  DocumentListQuery,
  ErrorBody,
  NewAccountInfo,
  SuccessBody,
} from '@mitrebox/api-contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Guards } from '../auth/auth.guard.ts';
import type { ContentService } from './content.service.ts';

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody };
const bearerAuth = [{ bearer: [] }];

export const contentRoutes =
  (content: ContentService, guards: Guards): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/api/career',
      { schema: { tags: ['Careers'], summary: 'Open positions', response: { 200: CareerList } } },
      async () => ({ data: await content.careers() }),
    );
    app.post(
      '/api/career',
      {
        // the sign-in is checked before the body, so an anonymous caller learns nothing of the form
        preValidation: guards.requireStaff,
        schema: {
          tags: ['Careers'],
          summary: 'Add a position (staff only)',
          security: bearerAuth,
          body: CareerInput,
          response: { 200: CareerResponse, ...errors },
        },
      },
      async (request) => ({ success: true, data: await content.addCareer(request.body) }),
    );
    app.put(
      '/api/career/:id',
      {
        // the sign-in is checked before the body, so an anonymous caller learns nothing of the form
        preValidation: guards.requireStaff,
        schema: {
          tags: ['Careers'],
          summary: 'Change a position (staff only)',
          security: bearerAuth,
          params: CareerIdParams,
          body: CareerInput,
          response: { 200: CareerResponse, ...errors },
        },
      },
      async (request) => ({
        success: true,
        data: await content.updateCareer(request.params.id, request.body),
      }),
    );
    app.delete(
      '/api/career/:id',
      {
        // the sign-in is checked before the body, so an anonymous caller learns nothing of the form
        preValidation: guards.requireStaff,
        schema: {
          tags: ['Careers'],
          summary: 'Remove a position (staff only)',
          security: bearerAuth,
          params: CareerIdParams,
          response: { 200: SuccessBody, ...errors },
        },
      },
      async (request) => {
        await content.deleteCareer(request.params.id);
        return { success: true };
      },
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
