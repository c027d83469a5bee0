import { accessOfMethod, type BackOfficeSection, mayUse, type StaffRole } from '@mitrebox/domain';

/**
 * Which back-office section each staff call belongs to; the role matrix (@mitrebox/domain, staff-roles.ts) says
 * which roles may read it (GET) or write it (any other method). `null`: every signed-in staff member (who they
 * are). requireStaff refuses a call that is not listed here to every role, so a new staff route answers 403 until
 * it is added (testing/staff-access.test.ts names it).
 */
export const STAFF_CALLS: Record<string, BackOfficeSection | null> = {
  'GET /api/staff/me': null,
  // accounts and their customer users; view-as is a section of its own (sales open it, accounting may not)
  'GET /api/staff/accounts': 'accounts',
  'POST /api/staff/accounts': 'accounts',
  'GET /api/staff/accounts/{acctnum}': 'accounts',
  'PATCH /api/staff/accounts/{acctnum}': 'accounts',
  'POST /api/staff/users/{id}/password': 'accounts',
  'POST /api/staff/users/{id}/unlock': 'accounts',
  'POST /api/staff/accounts/{acctnum}/view-as': 'view-as',
  'GET /api/staff/accounts/{acctnum}/users': 'accounts',
  'POST /api/staff/accounts/{acctnum}/invitations/{id}/resend': 'accounts',
  // money
  'GET /api/staff/orders': 'orders',
  'GET /api/staff/orders/{ordnum}': 'orders',
  'GET /api/staff/invoices': 'invoices',
  'GET /api/staff/invoices/{invnum}': 'invoices',
  'POST /api/staff/payments/{id}/refund': 'invoices',
  'POST /api/staff/payments/{id}/void': 'invoices',
  'GET /api/staff/audit': 'audit',
  // the aging of what accounts owe (accounting and admin)
  'GET /api/staff/aging': 'aging',
  'GET /api/staff/aging.csv': 'aging',
  'GET /api/staff/accounts/{acctnum}/statement': 'aging',
  'GET /api/staff/accounts/{acctnum}/statement.pdf': 'aging',
  // what the whole shop sees
  'GET /api/staff/products': 'catalogue',
  'GET /api/staff/products/{code}': 'catalogue',
  'PUT /api/staff/products/{code}': 'catalogue',
  'GET /api/staff/collections': 'catalogue',
  'POST /api/staff/products/import': 'catalogue',
  'GET /api/staff/products/export': 'catalogue',
  'GET /api/staff/settings': 'pages',
  'PUT /api/staff/settings/{name}': 'pages',
  'GET /api/staff/careers': 'careers',
  'POST /api/staff/careers': 'careers',
  'PUT /api/staff/careers/{id}': 'careers',
  'DELETE /api/staff/careers/{id}': 'careers',
  'GET /api/staff/documents': 'documents',
  'POST /api/staff/documents': 'documents',
  'PUT /api/staff/documents/{id}': 'documents',
  'DELETE /api/staff/documents/{id}': 'documents',
  'GET /api/staff/dealers': 'dealers',
  'GET /api/staff/dealers/export': 'dealers',
  'POST /api/staff/dealers/import': 'dealers',
  'PUT /api/staff/dealers/{acctnum}': 'dealers',
  'DELETE /api/staff/dealers/{acctnum}': 'dealers',
  'GET /api/staff/contact-messages': 'messages',
  'PUT /api/staff/contact-messages/{id}': 'messages',
  // who may sign in
  'GET /api/staff/staff-users': 'staff-users',
  'GET /api/staff/staff-users/{id}': 'staff-users',
  'POST /api/staff/staff-users': 'staff-users',
  'PATCH /api/staff/staff-users/{id}': 'staff-users',
  'POST /api/staff/staff-users/{id}/reset-totp': 'staff-users',
  'GET /api/staff/erp-keys': 'erp-keys',
  'POST /api/staff/erp-keys': 'erp-keys',
  'DELETE /api/staff/erp-keys/{id}': 'erp-keys',
  // when orders ship: cut-off times, holidays, truck routes (admin changes, sales read)
  'GET /api/staff/shipping': 'shipping',
  'PUT /api/staff/shipping/schedules/{location}': 'shipping',
  'POST /api/staff/shipping/holidays': 'shipping',
  'DELETE /api/staff/shipping/holidays/{id}': 'shipping',
  'POST /api/staff/shipping/routes': 'shipping',
  'PUT /api/staff/shipping/routes/{id}': 'shipping',
  'DELETE /api/staff/shipping/routes/{id}': 'shipping',
};

/** STAFF_CALLS by Fastify's form of the route (`/api/staff/accounts/:acctnum`), as the request names it. */
const byRoute = new Map(
  Object.entries(STAFF_CALLS).map(([call, section]) => [call.replace(/\{(\w+)\}/g, ':$1'), section]),
);

/**
 * Whether a staff role may make a call, named by its method and its route's URL (Fastify's form): a HEAD is
 * its GET. A call missing from STAFF_CALLS is refused.
 */
export function mayCall(role: StaffRole, method: string, routeUrl: string | undefined): boolean {
  const section = byRoute.get(`${method === 'HEAD' ? 'GET' : method} ${routeUrl}`);
  if (section === undefined) return false;
  return section === null || mayUse(role, section, accessOfMethod(method));
}
