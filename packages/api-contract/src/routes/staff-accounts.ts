import { z } from 'zod';
import { defineRoute } from '../route.ts';
import {
  StaffAccount,
  StaffAccountCreate,
  StaffAccountPatch,
  StaffAccountRow,
  StaffAccountsQuery,
  StaffPasswordReset,
  StaffUserActionResponse,
  staffPage,
  ViewAsResponse,
} from '../staff.ts';
import { STAFF_ERRORS } from './staff-errors.ts';
import { UserIdParams } from './staff-users.ts';

const AcctnumParams = z.object({ acctnum: z.string().regex(/^\d{1,10}$/, 'must be an account number.') });
const tags = ['Back office: accounts'];

/** Customer accounts in the back office: search, create, change, their users' sign-ins, and "view as". */
export const staffAccountsContract = {
  list: defineRoute({
    method: 'GET',
    path: '/api/staff/accounts',
    tags,
    summary: 'Accounts: search by number, company, city or e-mail; paged and sorted',
    query: StaffAccountsQuery,
    response: { 200: staffPage(StaffAccountRow), ...STAFF_ERRORS },
  }),
  create: defineRoute({
    method: 'POST',
    path: '/api/staff/accounts',
    tags,
    summary: 'Create an account with its login (username = account number)',
    body: StaffAccountCreate,
    response: { 200: StaffAccount, ...STAFF_ERRORS },
  }),
  get: defineRoute({
    method: 'GET',
    path: '/api/staff/accounts/:acctnum',
    tags,
    summary: 'One account with its users and their sign-in state',
    params: AcctnumParams,
    response: { 200: StaffAccount, ...STAFF_ERRORS },
  }),
  change: defineRoute({
    method: 'PATCH',
    path: '/api/staff/accounts/:acctnum',
    tags,
    summary: 'Change ActiveType, terms, default location or discount codes',
    params: AcctnumParams,
    body: StaffAccountPatch,
    response: { 200: StaffAccount, ...STAFF_ERRORS },
  }),
  resetPassword: defineRoute({
    method: 'POST',
    path: '/api/staff/users/:id/password',
    tags,
    summary: "Reset a customer user's password: e-mail a reset link, or set a temporary one",
    params: UserIdParams,
    body: StaffPasswordReset,
    response: { 200: StaffUserActionResponse, ...STAFF_ERRORS },
  }),
  unlockUser: defineRoute({
    method: 'POST',
    path: '/api/staff/users/:id/unlock',
    tags,
    summary: 'Unlock a sign-in locked by too many wrong passwords',
    params: UserIdParams,
    response: { 200: StaffUserActionResponse, ...STAFF_ERRORS },
  }),
  viewAs: defineRoute({
    method: 'POST',
    path: '/api/staff/accounts/:acctnum/view-as',
    tags,
    summary: 'A short-lived read-only session to view the shop as this account',
    params: AcctnumParams,
    response: { 200: ViewAsResponse, ...STAFF_ERRORS },
  }),
};
