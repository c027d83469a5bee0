export * from './account-status.ts';
export * from './constants.ts';
export * from './fractions.ts';
export * from './locations.ts';
export * from './login.ts';
export * from './messages.ts';
export * from './route-guard.ts';
