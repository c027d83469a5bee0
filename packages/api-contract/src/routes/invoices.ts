import { CreditsResponse, InvoiceQuery, InvoiceResponse } from '../account-area.ts';
import { ErrorBody } from '../common.ts';
import { defineRoute } from '../route.ts';

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody };
const tags = ['Invoices'];

/** The signed-in user's invoices and open credits. */
export const invoicesContract = {
  invoice: defineRoute({
    method: 'GET',
    right: 'prices',
    path: '/api/admin/invoices',
    tags,
    summary: "One of the user's invoices with items and payments",
    query: InvoiceQuery,
    response: { 200: InvoiceResponse, ...errors },
  }),
  credits: defineRoute({
    method: 'GET',
    right: 'prices',
    path: '/api/accountCredits',
    tags,
    summary: "The user's open credits",
    response: { 200: CreditsResponse, ...errors },
  }),
};
