import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { staffColleaguesRoutes } from '../accounts/colleagues.routes.ts';
import { staffAccountsRoutes } from '../accounts/staff-accounts.routes.ts';
import { staffUsersRoutes } from '../accounts/staff-users.routes.ts';
import { staffAuditRoutes } from '../audit/audit.routes.ts';
import { staffSettingsRoutes } from '../catalogue/staff-settings.routes.ts';
import { createStaffSettingsService } from '../catalogue/staff-settings.service.ts';
import { staffContactRoutes } from '../contact/staff-contact.routes.ts';
import { createStaffContactService } from '../contact/staff-contact.service.ts';
import { staffContentRoutes } from '../content/staff-content.routes.ts';
import { createStaffContentService } from '../content/staff-content.service.ts';
import { staffDealersRoutes } from '../dealers/staff-dealers.routes.ts';
import { createStaffDealersService } from '../dealers/staff-dealers.service.ts';
import { staffAgingRoutes } from '../invoices/staff-aging.routes.ts';
import { staffPaymentsRoutes } from '../payments/staff.routes.ts';
import { staffShippingRoutes } from '../shipping/staff-shipping.routes.ts';
import { staffSessionRoutes } from './staff.routes.ts';
import type { StaffDeps } from './staff-section.ts';

/**
 * THE REGISTRY OF BACK-OFFICE API SECTIONS. Each is a Fastify plugin registered under the prefix /api/staff (its
 * routes are in the contract's table with their full paths; `route()` registers them inside the scope), given
 * StaffDeps (in ./staff-section.ts, so that section files need not import this registry) and answering the
 * contract's STAFF_ERRORS.
 * The scope signs in every route already (requireStaff, on onRequest: 401 anonymous, 403 customer, 401 disabled
 * staff) and lets a role in only where the role matrix allows: name each route's section in ./staff-access.ts
 * (the matrix itself is @mitrebox/domain's staff-roles.ts). Every change calls
 * `recordAudit(tx, actorOf(request), { action, entity, entityId, before, after })` in its transaction.
 * Add one line per section below, and classify each route in testing/route-access.ts as { kind: 'staff' }.
 */
export const staffSections = (deps: StaffDeps): FastifyPluginAsyncZod[] => [
  staffSessionRoutes(deps),
  staffAccountsRoutes(deps),
  // an account's users and rights; an invitation sent again (docs/decisions/026)
  staffColleaguesRoutes(deps),
  staffAuditRoutes(deps),
  staffPaymentsRoutes(deps),
  // the aging of what accounts owe, and one account's statement (accounting and admin)
  staffAgingRoutes(deps),
  // content: settings and rich-text pages, careers, documents, dealers, contact messages
  // (docs/decisions/016-back-office-content.md)
  staffSettingsRoutes(createStaffSettingsService(deps)),
  staffContentRoutes(createStaffContentService(deps)),
  staffDealersRoutes(createStaffDealersService(deps)),
  staffContactRoutes(createStaffContactService(deps)),
  // staff users: list, create with an e-mailed set-up link, role, disable/enable, reset TOTP
  // (docs/decisions/019-staff-users.md)
  staffUsersRoutes(deps),
  // cut-off times, ship days, holidays and truck routes
  staffShippingRoutes(deps),
];
