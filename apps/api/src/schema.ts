/** Every table of the shop, for Drizzle and drizzle-kit. Each module owns its own tables file. */
export * from './modules/accounts/accounts.tables.ts';
export * from './modules/audit/audit.tables.ts';
export * from './modules/auth/auth.tables.ts';
export * from './modules/cart/cart.tables.ts';
export * from './modules/catalogue/catalogue.tables.ts';
export * from './modules/contact/contact.tables.ts';
export * from './modules/content/content.tables.ts';
export * from './modules/dealers/dealers.tables.ts';
export * from './modules/erp/erp.tables.ts';
export * from './modules/frames/frames.tables.ts';
export * from './modules/invoices/invoices.tables.ts';
export * from './modules/jobs/jobs.tables.ts';
export * from './modules/mail/mail.tables.ts';
export * from './modules/orders/orders.tables.ts';
export * from './modules/payments/payments.tables.ts';
export * from './platform/payments/sandbox.tables.ts';
