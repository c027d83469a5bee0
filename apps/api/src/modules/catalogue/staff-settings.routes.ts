import {
  ErrorBody,
  StaffSetting,
  StaffSettingList,
  StaffSettingParams,
  StaffSettingUpdate,
} from '@mitrebox/api-contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../staff/staff.context.ts';
import type { StaffSettingsService } from './staff-settings.service.ts';

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody };
const security = [{ bearer: [] }];

/** Settings and rich-text pages in the back office (staff only). */
export const staffSettingsRoutes =
  (service: StaffSettingsService): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/settings',
      {
        schema: {
          tags: ['Staff: settings'],
          summary: 'The editable settings: rich-text pages (HTML) and JSON lists',
          security,
          response: { 200: StaffSettingList, ...errors },
        },
      },
      () => service.list(),
    );
    app.put(
      '/settings/:name',
      {
        bodyLimit: 1024 * 1024,
        schema: {
          tags: ['Staff: settings'],
          summary: 'Change a setting: a page’s HTML (sanitised on the server) or a JSON list (checked)',
          security,
          params: StaffSettingParams,
          body: StaffSettingUpdate,
          response: { 200: StaffSetting, ...errors },
        },
      },
      (request) => service.update(request.params.name, request.body.value, actorOf(request)),
    );
  };
