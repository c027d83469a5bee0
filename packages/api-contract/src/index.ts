export * from './account-area.ts';
export * from './auth.ts';
export * from './cart.ts';
export * from './catalogue.ts';
export * from './common.ts';
export * from './health.ts';
export * from './orders.ts';
export * from './payments.ts';
