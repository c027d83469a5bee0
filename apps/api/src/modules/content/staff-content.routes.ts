import multipart from '@fastify/multipart';
import {
  DOCUMENT_MAX_BYTES,
  ErrorBody,
  StaffCareerInput,
  StaffCareerList,
  StaffCareerQuery,
  StaffCareerResponse,
  StaffDocumentList,
  StaffDocumentQuery,
  StaffDocumentResponse,
  StaffDocumentUpdate,
  StaffIdParams,
  SuccessBody,
} from '@mitrebox/api-contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError, badRequest } from '../../platform/errors.ts';
import { actorOf } from '../staff/staff.context.ts';
import type { StaffContentService } from './staff-content.service.ts';

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody };
const security = [{ bearer: [] }];

export const DOCUMENT_TOO_LARGE = `The PDF is larger than ${DOCUMENT_MAX_BYTES / 1024 / 1024} MB.`;

/** Careers and documents in the back office (staff only: the sign-in is checked before the body is read). */
export const staffContentRoutes =
  (content: StaffContentService): FastifyPluginAsyncZod =>
  async (app) => {
    // multipart is parsed only in this plugin (document upload), one file, its size capped
    await app.register(multipart, {
      limits: { fileSize: DOCUMENT_MAX_BYTES, files: 1, fields: 10, fieldSize: 1000, parts: 12 },
    });

    app.get(
      '/careers',
      {
        schema: {
          tags: ['Staff: careers'],
          summary: 'Every position, open or closed (paged, searchable, sortable)',
          security,
          querystring: StaffCareerQuery,
          response: { 200: StaffCareerList, ...errors },
        },
      },
      (request) => content.careers(request.query),
    );
    app.post(
      '/careers',
      {
        schema: {
          tags: ['Staff: careers'],
          summary: 'Add a position',
          security,
          body: StaffCareerInput,
          response: { 200: StaffCareerResponse, ...errors },
        },
      },
      async (request) => ({
        success: true,
        data: await content.addCareer(request.body, actorOf(request)),
      }),
    );
    app.put(
      '/careers/:id',
      {
        schema: {
          tags: ['Staff: careers'],
          summary: 'Change a position (or close it: active false)',
          security,
          params: StaffIdParams,
          body: StaffCareerInput,
          response: { 200: StaffCareerResponse, ...errors },
        },
      },
      async (request) => ({
        success: true,
        data: await content.updateCareer(request.params.id, request.body, actorOf(request)),
      }),
    );
    app.delete(
      '/careers/:id',
      {
        schema: {
          tags: ['Staff: careers'],
          summary: 'Remove a position',
          security,
          params: StaffIdParams,
          response: { 200: SuccessBody, ...errors },
        },
      },
      async (request) => {
        await content.deleteCareer(request.params.id, actorOf(request));
        return { success: true };
      },
    );

    app.get(
      '/documents',
      {
        schema: {
          tags: ['Staff: documents'],
          summary: 'Every document, active or not (paged, searchable, sortable)',
          security,
          querystring: StaffDocumentQuery,
          response: { 200: StaffDocumentList, ...errors },
        },
      },
      (request) => content.documents(request.query),
    );
    app.post(
      '/documents',
      {
        schema: {
          tags: ['Staff: documents'],
          summary:
            'Upload a PDF (multipart/form-data: name, category 1 Promos, 2 Updates, 3 Discontinued Items, active, file)',
          description: `The file is checked by its content (the %PDF- signature and a full parse), not by its name or content type. At most ${DOCUMENT_MAX_BYTES} bytes.`,
          security,
          consumes: ['multipart/form-data'],
          response: { 200: StaffDocumentResponse, ...errors, 406: ErrorBody, 413: ErrorBody },
        },
      },
      async (request) => {
        if (!request.isMultipart()) {
          throw badRequest('Please send the document as a form upload (multipart/form-data).');
        }
        const fields: Record<string, string> = {};
        let file: { fileName: string; bytes: Buffer } | undefined;
        for await (const part of request.parts()) {
          if (part.type === 'file') {
            const bytes = await part.toBuffer().catch((err: { code?: string }) => {
              // past DOCUMENT_MAX_BYTES: said with the limit, as the form shows it
              if (err.code === 'FST_REQ_FILE_TOO_LARGE')
                throw new AppError('too_large', 413, DOCUMENT_TOO_LARGE, { file: DOCUMENT_TOO_LARGE });
              throw err;
            });
            if (part.file.truncated) throw badRequest(DOCUMENT_TOO_LARGE, { file: DOCUMENT_TOO_LARGE });
            file = { fileName: part.filename || 'document.pdf', bytes };
          } else if (typeof part.value === 'string') {
            fields[part.fieldname] = part.value;
          }
        }
        if (!file || file.bytes.length === 0) {
          throw badRequest('Please choose a PDF file.', { file: 'Please choose a PDF file.' });
        }
        const parsed = StaffDocumentUpdate.safeParse({
          name: fields.name ?? '',
          category: fields.category ?? '',
          active: fields.active === undefined ? true : ['true', '1', 'on'].includes(fields.active),
        });
        if (!parsed.success) {
          const issue = parsed.error.issues[0];
          const field = String(issue.path[0] ?? 'body');
          const message =
            field === 'name' && issue.code === 'too_small'
              ? issue.message
              : field === 'category'
                ? 'Please choose a category: 1 Promos, 2 Updates or 3 Discontinued Items.'
                : `${field}: ${issue.message}`;
          throw badRequest(message, { [field]: message });
        }
        return {
          success: true,
          data: await content.uploadDocument({ ...parsed.data, ...file }, actorOf(request)),
        };
      },
    );
    app.put(
      '/documents/:id',
      {
        schema: {
          tags: ['Staff: documents'],
          summary: 'Rename, recategorise, activate or deactivate a document',
          security,
          params: StaffIdParams,
          body: StaffDocumentUpdate,
          response: { 200: StaffDocumentResponse, ...errors },
        },
      },
      async (request) => ({
        success: true,
        data: await content.updateDocument(request.params.id, request.body, actorOf(request)),
      }),
    );
    app.delete(
      '/documents/:id',
      {
        schema: {
          tags: ['Staff: documents'],
          summary: 'Remove a document',
          security,
          params: StaffIdParams,
          response: { 200: SuccessBody, ...errors },
        },
      },
      async (request) => {
        await content.deleteDocument(request.params.id, actorOf(request));
        return { success: true };
      },
    );
  };
