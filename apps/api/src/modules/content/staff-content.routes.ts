import multipart from '@fastify/multipart';
import { contract, DOCUMENT_MAX_BYTES } from '@mitrebox/api-contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { route } from '../../platform/contract-routes.ts';
import { actorOf } from '../staff/staff.context.ts';
import { readDocumentUpload } from './document-upload.ts';
import type { StaffContentService } from './staff-content.service.ts';

const { staffContent: api } = contract;
const security = [{ bearer: [] }];
const docs = { security };

/** Careers and documents in the back office (staff only: the sign-in is checked before the body is read). */
export const staffContentRoutes =
  (content: StaffContentService): FastifyPluginAsyncZod =>
  async (app) => {
    // multipart is parsed only in this plugin (document upload), one file, its size capped
    await app.register(multipart, {
      limits: { fileSize: DOCUMENT_MAX_BYTES, files: 1, fields: 10, fieldSize: 1000, parts: 12 },
    });

    route(app, api.careers, { docs }, (request) => content.careers(request.query));
    route(app, api.addCareer, { docs }, async (request) => ({
      success: true,
      data: await content.addCareer(request.body, actorOf(request)),
    }));
    route(app, api.updateCareer, { docs }, async (request) => ({
      success: true,
      data: await content.updateCareer(request.params.id, request.body, actorOf(request)),
    }));
    route(app, api.deleteCareer, { docs }, async (request) => {
      await content.deleteCareer(request.params.id, actorOf(request));
      return { success: true };
    });

    route(app, api.documents, { docs }, (request) => content.documents(request.query));
    route(
      app,
      api.uploadDocument,
      {
        docs: {
          description: `The file is checked by its content (the %PDF- signature and a full parse), not by its name or content type. At most ${DOCUMENT_MAX_BYTES} bytes.`,
          security,
          consumes: ['multipart/form-data'],
        },
      },
      async (request) => ({
        success: true,
        data: await content.uploadDocument(await readDocumentUpload(request), actorOf(request)),
      }),
    );
    route(app, api.updateDocument, { docs }, async (request) => ({
      success: true,
      data: await content.updateDocument(request.params.id, request.body, actorOf(request)),
    }));
    route(app, api.deleteDocument, { docs }, async (request) => {
      await content.deleteDocument(request.params.id, actorOf(request));
      return { success: true };
    });
  };
