import { contract } from '@mitrebox/api-contract';
import { route, type ZodApp } from '../../platform/contract-routes.ts';
import type { Guards } from '../auth/auth.guard.ts';
import { staffActor } from '../catalogue/catalogue-admin.routes.ts';
import type { ErpKeysService } from './erp-keys.service.ts';

const { erp: api } = contract;
const docs = { security: [{ bearer: [] }] };

/** The keys' section of the back office (admins only, by the role matrix), signed in before the body is read. */
export function erpKeyRoutes(app: ZodApp, keys: ErpKeysService, guards: Guards) {
  const staff = { onRequest: guards.requireStaff, docs };

  route(app, api.listKeys, staff, async () => ({ data: await keys.listKeys() }));
  route(app, api.createKey, staff, (request) => keys.createKey(request.body, staffActor(request)));
  route(app, api.revokeKey, staff, async (request) => ({
    data: await keys.revokeKey(request.params.id, staffActor(request)),
  }));
}
