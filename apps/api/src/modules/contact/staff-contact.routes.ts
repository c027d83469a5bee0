import {
  ErrorBody,
  StaffContactList,
  StaffContactQuery,
  StaffContactResponse,
  StaffContactUpdate,
  StaffIdParams,
} from '@mitrebox/api-contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../staff/staff.context.ts';
import type { StaffContactService } from './staff-contact.service.ts';

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody };
const security = [{ bearer: [] }];
const tags = ['Staff: contact messages'];

/** Contact Us messages in the back office (staff only). */
export const staffContactRoutes =
  (service: StaffContactService): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/contact-messages',
      {
        schema: {
          tags,
          summary: 'Contact Us messages (paged, searchable, sortable; handled all, yes or no)',
          security,
          querystring: StaffContactQuery,
          response: { 200: StaffContactList, ...errors },
        },
      },
      (request) => service.list(request.query),
    );
    app.put(
      '/contact-messages/:id',
      {
        schema: {
          tags,
          summary: 'Mark a message handled (or not)',
          security,
          params: StaffIdParams,
          body: StaffContactUpdate,
          response: { 200: StaffContactResponse, ...errors },
        },
      },
      async (request) => ({
        success: true,
        data: await service.setHandled(request.params.id, request.body.handled, actorOf(request)),
      }),
    );
  };
