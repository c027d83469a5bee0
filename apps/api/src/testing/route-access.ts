/**
 * Every route of the API, classified by whose data it touches. The isolation matrix
 * (isolation.test.ts) reads this table: a route that is not in it fails the test, so a new route cannot
 * skip the question "whose data is this, and who may see it?".
 */

/** Ids that belong to the owning account (10001) in the demo data, found by the test. */
export interface OwnerIds {
  acctnum: string;
  ordnum: number;
  invnum: number;
  batchId: number;
  /** A saved Frame Creator design of the owner. */
  frameId: number;
  /** One of the owner's saved cards (billing method). */
  billingId: number;
  /** An invitation of the owner's account, not accepted. */
  invitationId: number;
  /** A colleague (a user other than the owner) in the owner's account. */
  colleagueId: number;
}

export interface Probe {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  url: string;
  payload?: unknown;
}

export type Access =
  /** No account data: anyone may call it (catalogue, settings, sign-in, health, images). */
  | { kind: 'public' }
  /**
   * The caller's own data, named by the session, no ids in the request. Anonymous callers are refused; a
   * signed-in caller's answer carries none of another account's data. `probe: false` for routes whose call
   * would change the caller's own session or data (sign-out, new e-mail, placing an order): anonymous only,
   * with `anonymous` a well-formed request (so the refusal is for the missing sign-in, not the body).
   */
  | { kind: 'own'; probe?: Probe | false; anonymous?: Probe }
  /**
   * The sign-in itself, a customer's or a staff member's alike (the second sign-in step, sign-out): anonymous
   * callers are refused. Every other route of a signed-in caller ('own', 'by-id') answers for the sign-in's account
   * and refuses a staff sign-in, which has none (isolation.test.ts).
   */
  | { kind: 'session' }
  /** Names one account's data by id: only that account's sign-in reads or changes it. */
  | { kind: 'by-id'; probe: (ids: OwnerIds) => Probe }
  /**
   * Staff only: customers and anonymous visitors refused. Every route under /api/staff/ must be this kind
   * (staff-access.test.ts calls each anonymously, as a customer, as a disabled staff member and as a view-as
   * session). `probe` is a well-formed request (else the method and path with path parameters set to 1).
   */
  | { kind: 'staff'; probe?: Probe }
  /**
   * The ERP connection: an ERP API key with `scope` (Authorization: Bearer mbx_…), never a sign-in; every route
   * under /api/erp/ is this kind. Anonymous callers and sessions are refused (401), a key without the scope 403,
   * a revoked key 401 (modules/erp/erp.test.ts walks these routes with keys; staff-access.test.ts without).
   */
  | { kind: 'erp'; scope: string; probe?: Probe }
  /**
   * The point-of-sale API: an account's API key with `scope` (Authorization: Bearer mbs_…), never a sign-in; every
   * route under /api/pos/ is this kind. Anonymous callers and sessions are refused (401), a key without the scope
   * 403, a revoked key 401; one account's key never reads another's data (isolation.test.ts walks these routes
   * with keys of two accounts).
   */
  | { kind: 'pos'; scope: string; probe?: Probe };

const get = (url: string): Probe => ({ method: 'GET', url });
/** A Frame Creator design with a demo moulding, 16 × 20. */
const DESIGN = { fWidth: 16, fHeight: 20, moulding: 'FER-133-0412' };
const post = (url: string, payload: unknown = {}): Probe => ({ method: 'POST', url, payload });

export const ROUTE_ACCESS: Record<string, Access> = {
  // back office: staff users (admin only) and orders of any account
  'GET /api/staff/staff-users': { kind: 'staff', probe: get('/api/staff/staff-users') },
  // the demo staff users' ids follow the customers': no fixed id to probe with
  'GET /api/staff/staff-users/{id}': { kind: 'staff' },
  'POST /api/staff/staff-users': {
    kind: 'staff',
    probe: post('/api/staff/staff-users', { name: 'Probe', email: 'probe@mitrebox.example', role: 'sales' }),
  },
  'PATCH /api/staff/staff-users/{id}': {
    kind: 'staff',
    probe: { method: 'PATCH', url: '/api/staff/staff-users/1', payload: { role: 'sales' } },
  },
  'POST /api/staff/staff-users/{id}/reset-totp': { kind: 'staff' },
  // back office: settings and pages, careers, documents, dealers, contact messages
  'GET /api/staff/settings': { kind: 'staff', probe: get('/api/staff/settings') },
  'PUT /api/staff/settings/{name}': {
    kind: 'staff',
    probe: { method: 'PUT', url: '/api/staff/settings/Terms', payload: { value: '<p>x</p>' } },
  },
  'GET /api/staff/careers': { kind: 'staff', probe: get('/api/staff/careers') },
  'POST /api/staff/careers': {
    kind: 'staff',
    probe: post('/api/staff/careers', { job_heading: 'A', job_subject: 'B', job_description: 'C' }),
  },
  'PUT /api/staff/careers/{id}': { kind: 'staff' },
  'DELETE /api/staff/careers/{id}': { kind: 'staff' },
  'GET /api/staff/documents': { kind: 'staff', probe: get('/api/staff/documents') },
  'POST /api/staff/documents': { kind: 'staff' },
  'PUT /api/staff/documents/{id}': { kind: 'staff' },
  'DELETE /api/staff/documents/{id}': { kind: 'staff' },
  'GET /api/staff/dealers': { kind: 'staff', probe: get('/api/staff/dealers') },
  'GET /api/staff/dealers/export': { kind: 'staff', probe: get('/api/staff/dealers/export') },
  'POST /api/staff/dealers/import': {
    kind: 'staff',
    probe: post('/api/staff/dealers/import', { csv: 'acctnum\n', dryRun: true }),
  },
  'PUT /api/staff/dealers/{acctnum}': { kind: 'staff' },
  'DELETE /api/staff/dealers/{acctnum}': { kind: 'staff' },
  'GET /api/staff/contact-messages': { kind: 'staff', probe: get('/api/staff/contact-messages') },
  'PUT /api/staff/contact-messages/{id}': { kind: 'staff' },
  // platform
  'GET /api/health': { kind: 'public' },
  'GET /api/health/live': { kind: 'public' },
  'GET /api/health/ready': { kind: 'public' },
  // generated catalogue images
  'GET /cdn/frames/{file}': { kind: 'public' },
  'GET /cdn/mats/{file}': { kind: 'public' },
  'GET /cdn/collections/{file}': { kind: 'public' },
  'GET /cdn/placeholder.jpg': { kind: 'public' },
  // sign-in and password help: anyone, about the credentials they bring
  'POST /api/login': { kind: 'public' },
  'POST /api/login/staff': { kind: 'public' },
  'POST /api/login/staff/enrolment/check': { kind: 'public' },
  'POST /api/login/staff/enrolment': { kind: 'public' },
  'POST /login': { kind: 'public' },
  'POST /api/exLogin': { kind: 'public' },
  'POST /forgot-password': { kind: 'public' },
  'POST /forgotEmail': { kind: 'public' },
  'POST /loginProblems/sendPasswordReset': { kind: 'public' },
  'POST /reset-password-check/{token}/{email}': { kind: 'public' },
  'POST /reset-password': { kind: 'public' },
  'POST /verifyEmail': { kind: 'public' },
  'POST /api/resendVerification': { kind: 'public' },
  'POST /loginProblems/checkUserActive': { kind: 'public' },
  'POST /loginProblems/sendLoginProblems': { kind: 'public' },
  // the session itself
  'POST /api/tokenLogin': { kind: 'session' },
  'PUT /api/users/self': {
    kind: 'own',
    probe: false,
    anonymous: {
      method: 'PUT',
      url: '/api/users/self',
      payload: { email: 'a@b.example', password: 'a-long-passphrase-1' },
    },
  },
  'GET /api/me': { kind: 'own', probe: get('/api/me') },
  'POST /user/getUserDetails': { kind: 'own', probe: post('/user/getUserDetails') },
  'POST /api/logout': { kind: 'session' },
  // catalogue: public, with the caller's prices when signed in
  'GET /api/Shop/Products': { kind: 'public' },
  'GET /api/Products': { kind: 'own', probe: get('/api/Products?TopSearch=walnut') },
  'GET /api/Shop/ProductFilters': { kind: 'public' },
  'GET /api/ProductFilters': { kind: 'own', probe: get('/api/ProductFilters') },
  'GET /api/Shop/Collections': { kind: 'public' },
  'GET /api/settings': { kind: 'public' },
  'GET /api/locations': { kind: 'public' },
  'GET /api/site': { kind: 'public' },
  'GET /api/getLocationQty': { kind: 'own', probe: get('/api/getLocationQty?Code=FER-133-0412') },
  'GET /api/getProductDetailsByCode': { kind: 'public' },
  'GET /api/recentPurchases': { kind: 'own', probe: get('/api/recentPurchases?nodate=1&perPage=100') },
  'GET /api/discountlbl': { kind: 'own', probe: get('/api/discountlbl') },
  // public pages: dealers, careers, contact, new account
  'GET /api/WhereToBuy': { kind: 'public' },
  'GET /api/career': { kind: 'public' },
  'GET /api/newAccount': { kind: 'public' },
  'GET /api/newAccount/application.pdf': { kind: 'public' },
  'GET /api/contact-us': { kind: 'public' },
  'GET /api/contact-us/captcha': { kind: 'public' },
  'POST /api/contact-us': { kind: 'public' },
  // documents: the same list for every signed-in customer
  'GET /api/pdfUserList': { kind: 'own', probe: get('/api/pdfUserList?active=1') },
  'GET /api/pdfDownload': { kind: 'own', probe: get('/api/pdfDownload?active=1&dlid=1') },
  // cart and ordering
  'GET /api/getCart': { kind: 'own', probe: get('/api/getCart') },
  'POST /api/updateCart': { kind: 'own', probe: false, anonymous: post('/api/updateCart', { cartdata: [] }) },
  'POST /api/admin/orders': { kind: 'own', probe: false },
  'GET /api/cart/samples': { kind: 'own', probe: get('/api/cart/samples') },
  'POST /api/cart/samples': {
    kind: 'own',
    probe: false,
    anonymous: post('/api/cart/samples', { codes: ['M1'] }),
  },
  // order again: another account's order or invoice answers as a missing one; the owner's probe fills its cart
  'POST /api/orders/{ordnum}/order-again': {
    kind: 'by-id',
    probe: (ids) => post(`/api/orders/${ids.ordnum}/order-again`),
  },
  'POST /api/invoices/{invnum}/order-again': {
    kind: 'by-id',
    probe: (ids) => post(`/api/invoices/${ids.invnum}/order-again`),
  },
  // standing lists: the demo data has none to name by id, so modules/lists/lists.test.ts shows another
  // account's list answering 404 on every route that names one, and the account's colleagues sharing it
  'GET /api/lists': { kind: 'own', probe: get('/api/lists') },
  'POST /api/lists': { kind: 'own', probe: false, anonymous: post('/api/lists', { name: 'Probe' }) },
  'GET /api/lists/{id}': { kind: 'own', probe: false, anonymous: get('/api/lists/1') },
  'PATCH /api/lists/{id}': {
    kind: 'own',
    probe: false,
    anonymous: { method: 'PATCH', url: '/api/lists/1', payload: { name: 'Probe' } },
  },
  'DELETE /api/lists/{id}': {
    kind: 'own',
    probe: false,
    anonymous: { method: 'DELETE', url: '/api/lists/1' },
  },
  'POST /api/lists/{id}/lines': {
    kind: 'own',
    probe: false,
    anonymous: post('/api/lists/1/lines', {
      lines: [{ Code: 'FER-133-0412', productSelection: { type: 'length', length: 10, location: 'C' } }],
    }),
  },
  'PATCH /api/lists/{id}/lines/{lineId}': {
    kind: 'own',
    probe: false,
    anonymous: { method: 'PATCH', url: '/api/lists/1/lines/1', payload: { amount: 2 } },
  },
  'DELETE /api/lists/{id}/lines/{lineId}': {
    kind: 'own',
    probe: false,
    anonymous: { method: 'DELETE', url: '/api/lists/1/lines/1' },
  },
  'POST /api/lists/{id}/to-cart': { kind: 'own', probe: false, anonymous: post('/api/lists/1/to-cart', {}) },
  'POST /api/lists/{id}/import': {
    kind: 'own',
    probe: false,
    anonymous: post('/api/lists/1/import', { text: 'FER-133-0412 20' }),
  },
  // the account area
  'POST /api/accountOrders': { kind: 'own', probe: post('/api/accountOrders') },
  'POST /orders/listOrders': { kind: 'own', probe: post('/orders/listOrders') },
  'GET /api/accountCredits': { kind: 'own', probe: get('/api/accountCredits') },
  // the signed-in user's choice of e-mails; the unsubscribe link is signed for one user and kind (notifications tests)
  'GET /api/account/mail-preferences': { kind: 'own', probe: get('/api/account/mail-preferences') },
  'PUT /api/account/mail-preferences': {
    kind: 'own',
    probe: false,
    anonymous: { method: 'PUT', url: '/api/account/mail-preferences', payload: { orderShipped: true } },
  },
  'GET /api/mail/unsubscribe': { kind: 'public' },
  'POST /api/mail/unsubscribe': { kind: 'public' },
  // the statement of account with aging (the account's own; another of the user's accounts by Acctnum)
  'GET /api/account/statement': { kind: 'own', probe: get('/api/account/statement') },
  'GET /api/account/statement.pdf': { kind: 'own', probe: get('/api/account/statement.pdf') },
  // the account's price list: its own net prices (the prices right), streamed as CSV and as a PDF price book
  'GET /api/account/price-list.csv': { kind: 'own', probe: get('/api/account/price-list.csv') },
  'GET /api/account/price-list.pdf': { kind: 'own', probe: get('/api/account/price-list.pdf') },
  'GET /api/account/balance': { kind: 'own', probe: get('/api/account/balance') },
  'GET /admin/listAccounts': { kind: 'own', probe: get('/admin/listAccounts') },
  'GET /admin/locations': { kind: 'own', probe: get('/admin/locations') },
  'PUT /api/admin/userAccount': {
    kind: 'own',
    probe: false,
    anonymous: { method: 'PUT', url: '/api/admin/userAccount', payload: { email: 'a@b.example' } },
  },
  'PUT /api/admin/userPassword': {
    kind: 'own',
    probe: false,
    anonymous: {
      method: 'PUT',
      url: '/api/admin/userPassword',
      payload: { currentPassword: 'x', password: 'a-new-password', password_confirmation: 'a-new-password' },
    },
  },
  // the e-mailed links of an e-mail change: the token is the credential (accounts/email-change.ts)
  'POST /api/confirmEmailChange': { kind: 'public' },
  'POST /api/undoEmailChange': { kind: 'public' },
  'GET /api/admin/ordersDetails': {
    kind: 'by-id',
    probe: (ids) => get(`/api/admin/ordersDetails?Ordernum=${ids.ordnum}`),
  },
  'POST /orders/listOrderDetails': {
    kind: 'by-id',
    probe: (ids) => post('/orders/listOrderDetails', { orderid: ids.ordnum }),
  },
  'GET /api/admin/invoices': {
    kind: 'by-id',
    probe: (ids) => get(`/api/admin/invoices?Invoicenum=${ids.invnum}`),
  },
  'POST /api/searchPaymentBatch': {
    kind: 'by-id',
    probe: (ids) => post('/api/searchPaymentBatch', { batchId: ids.batchId }),
  },
  // card payments: paying and adding a card are not probed here (a probe would charge or vault);
  // modules/payments/*.test.ts show another account's invoice or batch answering 404 and changing nothing.
  // A billing method named by id in the URL is probed: another account's card answers as a missing one.
  'GET /api/admin/accountBToken': { kind: 'own', probe: get('/api/admin/accountBToken') },
  'POST /api/admin/makePayment': {
    kind: 'own',
    probe: false,
    anonymous: post('/api/admin/makePayment', { Invnum: 1, amount: '1.00', accountBillId: 1 }),
  },
  'POST /api/admin/accountBillingMethods': { kind: 'own', probe: false },
  'PUT /api/admin/accountBillingMethods/{id}': {
    kind: 'by-id',
    probe: (ids) => ({
      method: 'PUT',
      url: `/api/admin/accountBillingMethods/${ids.billingId}`,
      payload: { default: true },
    }),
  },
  // after the PUT above (the matrix runs in this order): the owner's probe deletes the card
  'DELETE /api/admin/accountBillingMethods/{id}': {
    kind: 'by-id',
    probe: (ids) => ({ method: 'DELETE', url: `/api/admin/accountBillingMethods/${ids.billingId}` }),
  },
  'POST /api/sumBatchPayments': {
    kind: 'own',
    probe: false,
    anonymous: post('/api/sumBatchPayments', [{ invoiceid: 1 }]),
  },
  'POST /api/makeBatchPayments': {
    kind: 'own',
    probe: false,
    anonymous: post('/api/makeBatchPayments', [{ invoiceid: 1 }]),
  },
  // colleagues (docs/decisions/026): the account's users, invitations and activity, for its managers; the owner's
  // probes of a colleague and an invitation change nothing (the same rights; a resend, then the withdrawal)
  'GET /api/account/colleagues': { kind: 'own', probe: get('/api/account/colleagues') },
  'POST /api/account/invitations': {
    kind: 'own',
    probe: false,
    anonymous: post('/api/account/invitations', {
      email: 'probe@example.com',
      name: 'Probe',
      rights: { order: true, pay: false, prices: true, manage: false },
    }),
  },
  'POST /api/account/invitations/{id}/resend': {
    kind: 'by-id',
    probe: (ids) => post(`/api/account/invitations/${ids.invitationId}/resend`),
  },
  'DELETE /api/account/invitations/{id}': {
    kind: 'by-id',
    probe: (ids) => ({ method: 'DELETE', url: `/api/account/invitations/${ids.invitationId}` }),
  },
  'PATCH /api/account/colleagues/{userId}': {
    kind: 'by-id',
    probe: (ids) => ({
      method: 'PATCH',
      url: `/api/account/colleagues/${ids.colleagueId}`,
      payload: { disabled: false },
    }),
  },
  'GET /api/account/activity': { kind: 'own', probe: get('/api/account/activity') },
  'POST /api/account/current': { kind: 'own', probe: post('/api/account/current', { acctnum: '10001' }) },
  // the invitation link: the token is the credential
  'GET /api/invitations/{token}': { kind: 'public' },
  'POST /api/invitations/{token}/accept': { kind: 'public' },
  'GET /api/staff/accounts/{acctnum}/users': { kind: 'staff', probe: get('/api/staff/accounts/10001/users') },
  'POST /api/staff/accounts/{acctnum}/invitations/{id}/resend': { kind: 'staff' },
  // the back office's money: staff only; refund and void for admin and accounting only
  'GET /api/staff/invoices': { kind: 'staff', probe: get('/api/staff/invoices') },
  'GET /api/staff/orders': { kind: 'staff', probe: get('/api/staff/orders') },
  'GET /api/staff/orders/{ordnum}': { kind: 'staff' },
  'GET /api/staff/invoices/{invnum}': { kind: 'staff' },
  'POST /api/staff/payments/{id}/refund': { kind: 'staff', probe: post('/api/staff/payments/1/refund') },
  'POST /api/staff/payments/{id}/void': { kind: 'staff', probe: post('/api/staff/payments/1/void') },
  // the back office's aging: accounting and admin
  'GET /api/staff/aging': { kind: 'staff', probe: get('/api/staff/aging?over60=1') },
  'GET /api/staff/aging.csv': { kind: 'staff', probe: get('/api/staff/aging.csv') },
  'GET /api/staff/accounts/{acctnum}/statement': {
    kind: 'staff',
    probe: get('/api/staff/accounts/10001/statement'),
  },
  'GET /api/staff/accounts/{acctnum}/statement.pdf': {
    kind: 'staff',
    probe: get('/api/staff/accounts/10001/statement.pdf'),
  },
  'GET /api/admin/accountDetails': {
    kind: 'by-id',
    probe: (ids) => get(`/api/admin/accountDetails?Acctnum=${ids.acctnum}`),
  },
  // the Frame Creator: designing and rendering are open to anyone; saved designs, prices and the cart are the
  // caller's own. Another account's saved design by id, overwrite or delete: frames.test.ts ("another account").
  'POST /api/framebuilder/uploadImage': { kind: 'public' },
  'GET /api/framebuilder/image/{file}': { kind: 'public' },
  'POST /api/framebuilder/buildFrame': { kind: 'public' },
  'GET /api/framebuilder/render/{file}': { kind: 'public' },
  'POST /api/framebuilder/buildFilters': { kind: 'public' },
  'POST /api/framebuilder/parts': { kind: 'public' },
  'GET /api/framebuilder/presets': { kind: 'public' },
  'GET /api/framebuilder/presets/{file}': { kind: 'public' },
  'POST /api/framebuilder/randomPhoto': { kind: 'public' },
  // one saved design by its id (with its framedata); the list without an id is the caller's own
  'POST /api/framebuilder/getSavedFrames': {
    kind: 'by-id',
    probe: (ids) => post('/api/framebuilder/getSavedFrames', { perPage: 1000, id: ids.frameId }),
  },
  'POST /api/framebuilder/saveFrameBuilder': {
    kind: 'own',
    probe: false,
    anonymous: post('/api/framebuilder/saveFrameBuilder', { framedata: 'x', name: 'Mine' }),
  },
  'DELETE /api/framebuilder/deleteSavedFrame/{id}': { kind: 'own', probe: false },
  'POST /api/framebuilder/quote': {
    kind: 'own',
    probe: post('/api/framebuilder/quote', { options: DESIGN }),
  },
  'POST /api/framebuilder/addToCart': {
    kind: 'own',
    probe: false,
    anonymous: post('/api/framebuilder/addToCart', { options: DESIGN }),
  },
  // the back office: every route under /api/staff/ (staff-access.test.ts)
  'GET /api/staff/me': { kind: 'staff' },
  'GET /api/staff/audit': { kind: 'staff' },
  'GET /api/staff/accounts': { kind: 'staff' },
  'POST /api/staff/accounts': { kind: 'staff' },
  'GET /api/staff/accounts/{acctnum}': { kind: 'staff', probe: get('/api/staff/accounts/10001') },
  'PATCH /api/staff/accounts/{acctnum}': {
    kind: 'staff',
    probe: { method: 'PATCH', url: '/api/staff/accounts/10001', payload: { terms: 'Net 60' } },
  },
  'POST /api/staff/users/{id}/password': {
    kind: 'staff',
    probe: post('/api/staff/users/1/password', { mode: 'email' }),
  },
  'POST /api/staff/users/{id}/unlock': { kind: 'staff' },
  'POST /api/staff/accounts/{acctnum}/view-as': {
    kind: 'staff',
    probe: post('/api/staff/accounts/10001/view-as'),
  },
  // the back office: catalogue
  'GET /api/staff/products': { kind: 'staff', probe: get('/api/staff/products') },
  'GET /api/staff/products/{code}': { kind: 'staff', probe: get('/api/staff/products/FER-133-0412') },
  'PUT /api/staff/products/{code}': { kind: 'staff' },
  'GET /api/staff/collections': { kind: 'staff', probe: get('/api/staff/collections') },
  'POST /api/staff/products/import': { kind: 'staff' },
  'GET /api/staff/products/export': { kind: 'staff' },
  'GET /api/staff/erp-keys': { kind: 'staff', probe: get('/api/staff/erp-keys') },
  'POST /api/staff/erp-keys': { kind: 'staff' },
  'DELETE /api/staff/erp-keys/{id}': { kind: 'staff' },
  'GET /api/shipping/schedule': { kind: 'own', probe: get('/api/shipping/schedule') },
  'GET /api/staff/shipping': { kind: 'staff', probe: get('/api/staff/shipping') },
  'PUT /api/staff/shipping/schedules/{location}': { kind: 'staff' },
  'POST /api/staff/shipping/holidays': { kind: 'staff' },
  'DELETE /api/staff/shipping/holidays/{id}': { kind: 'staff' },
  'POST /api/staff/shipping/routes': { kind: 'staff' },
  'PUT /api/staff/shipping/routes/{id}': { kind: 'staff' },
  'DELETE /api/staff/shipping/routes/{id}': { kind: 'staff' },
  // the ERP connection (API keys)
  'GET /api/erp/orders': { kind: 'erp', scope: 'orders:read', probe: get('/api/erp/orders?limit=1') },
  'POST /api/erp/orders/synced': {
    kind: 'erp',
    scope: 'orders:read',
    probe: post('/api/erp/orders/synced', { ordnums: [1_999_999_999] }),
  },
  'POST /api/erp/invoices': {
    kind: 'erp',
    scope: 'invoices:write',
    probe: post('/api/erp/invoices?dry_run=1', { invoices: [] }),
  },
  'POST /api/erp/payments': {
    kind: 'erp',
    scope: 'payments:write',
    probe: post('/api/erp/payments?dry_run=1', { payments: [] }),
  },
  'POST /api/erp/credits': {
    kind: 'erp',
    scope: 'payments:write',
    probe: post('/api/erp/credits?dry_run=1', { credits: [] }),
  },
  'POST /api/erp/stock': { kind: 'erp', scope: 'stock:write' },
  'POST /api/erp/prices': { kind: 'erp', scope: 'prices:write' },
  // the account's API keys (the owner) and the point-of-sale API (an account's key)
  'GET /api/account/api-keys': { kind: 'own', probe: get('/api/account/api-keys') },
  'POST /api/account/api-keys': {
    kind: 'own',
    probe: false,
    anonymous: post('/api/account/api-keys', { name: 'Counter', scopes: ['catalogue:read'] }),
  },
  'DELETE /api/account/api-keys/{id}': {
    kind: 'own',
    probe: false,
    anonymous: { method: 'DELETE', url: '/api/account/api-keys/1' },
  },
  'GET /api/account/api-keys/calls': { kind: 'own', probe: get('/api/account/api-keys/calls') },
  'GET /api/pos/v1/products': {
    kind: 'pos',
    scope: 'catalogue:read',
    probe: get('/api/pos/v1/products?limit=20'),
  },
  'POST /api/pos/v1/orders': { kind: 'pos', scope: 'orders:write' },
  'GET /api/pos/v1/orders': {
    kind: 'pos',
    scope: 'orders:read',
    probe: get('/api/pos/v1/orders?perPage=200'),
  },
  'GET /api/pos/v1/orders/{ordnum}': { kind: 'pos', scope: 'orders:read' },
  'GET /api/pos/v1/invoices': {
    kind: 'pos',
    scope: 'orders:read',
    probe: get('/api/pos/v1/invoices?perPage=200'),
  },
};
