import {
  AccountDetailsQuery,
  AccountDetailsResponse,
  ChangePasswordRequest,
  ChangePasswordResponse,
  EmailChangeLinkRequest,
  EmailChangeLinkResponse,
  ListAccountsResponse,
  UpdateUserAccountRequest,
  UpdateUserAccountResponse,
} from '../account-area.ts';
import { DiscountLabelsResponse } from '../cart.ts';
import { LocationsResponse } from '../catalogue.ts';
import { ErrorBody } from '../common.ts';
import { defineRoute } from '../route.ts';

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 422: ErrorBody };
/** The sign-in e-mail and the password may also be refused for too many tries, or while mail is down. */
const securityErrors = { ...errors, 429: ErrorBody, 503: ErrorBody };
const tags = ['My Account'];

/** The signed-in user's accounts, their discount names, the warehouses, and the sign-in e-mail and password. */
export const accountsContract = {
  discountLabels: defineRoute({
    method: 'GET',
    right: 'prices',
    path: '/api/discountlbl',
    tags,
    summary: "The signed-in account's discount levels with their names",
    response: { 200: DiscountLabelsResponse, 401: ErrorBody, 404: ErrorBody },
  }),
  accountDetails: defineRoute({
    method: 'GET',
    path: '/api/admin/accountDetails',
    tags,
    summary: "One of the user's accounts with its billing methods",
    query: AccountDetailsQuery,
    response: { 200: AccountDetailsResponse, ...errors },
  }),
  listAccounts: defineRoute({
    method: 'GET',
    path: '/admin/listAccounts',
    tags,
    summary: 'The accounts the user may act for',
    response: { 200: ListAccountsResponse, ...errors },
  }),
  locations: defineRoute({
    method: 'GET',
    path: '/admin/locations',
    tags,
    summary: 'The warehouses',
    response: { 200: LocationsResponse, ...errors },
  }),
  changeEmail: defineRoute({
    method: 'PUT',
    path: '/api/admin/userAccount',
    tags,
    summary: "Ask to change the signed-in user's e-mail address",
    body: UpdateUserAccountRequest,
    response: { 200: UpdateUserAccountResponse, ...securityErrors },
  }),
  changePassword: defineRoute({
    method: 'PUT',
    path: '/api/admin/userPassword',
    tags,
    summary: "Change the signed-in user's password",
    body: ChangePasswordRequest,
    response: { 200: ChangePasswordResponse, ...securityErrors },
  }),
  confirmEmailChange: defineRoute({
    method: 'POST',
    path: '/api/confirmEmailChange',
    tags,
    summary: 'The new address opened its link: it becomes the sign-in e-mail',
    body: EmailChangeLinkRequest,
    response: { 200: EmailChangeLinkResponse, ...errors },
  }),
  undoEmailChange: defineRoute({
    method: 'POST',
    path: '/api/undoEmailChange',
    tags,
    summary: 'The old address opened its undo link: it is the sign-in e-mail again, every session ends',
    body: EmailChangeLinkRequest,
    response: { 200: EmailChangeLinkResponse, ...errors },
  }),
};
