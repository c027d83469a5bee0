import { ErrorBody } from '../common.ts';
import { defineRoute } from '../route.ts';
import {
  StaffAgingCsvQuery,
  StaffAgingQuery,
  StaffAgingResponse,
  StaffStatementParams,
  Statement,
  StatementQuery,
} from '../statements.ts';
import { STAFF_ERRORS } from './staff-errors.ts';

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody };
const tags = ['Statement of account'];
const staffTags = ['Staff: aging'];

/**
 * The statement of account with aging (@mitrebox/domain statement-aging.ts): the signed-in account's, as JSON
 * and as a PDF (needs the prices right), and for staff (accounting, admin) one account's and every account's aging.
 */
export const statementsContract = {
  statement: defineRoute({
    method: 'GET',
    path: '/api/account/statement',
    tags,
    summary:
      "The account's statement: open invoices with days past due, open credits, aging buckets and the total due",
    query: StatementQuery,
    response: { 200: Statement, ...errors },
    right: 'prices',
  }),
  /** The answer is the PDF file (application/pdf): no answer schema. */
  statementPdf: defineRoute({
    method: 'GET',
    path: '/api/account/statement.pdf',
    tags,
    summary: "The account's statement as a PDF with the supplier's letterhead",
    query: StatementQuery,
    response: { 401: ErrorBody, 403: ErrorBody },
    right: 'prices',
  }),
  staffAging: defineRoute({
    method: 'GET',
    path: '/api/staff/aging',
    tags: staffTags,
    summary:
      'Who owes what in which aging bucket, every account with a balance (paged, sorted, over60=1 filter)',
    query: StaffAgingQuery,
    response: { 200: StaffAgingResponse, ...STAFF_ERRORS },
  }),
  /** The answer is the CSV file (text/csv): no answer schema. */
  staffAgingCsv: defineRoute({
    method: 'GET',
    path: '/api/staff/aging.csv',
    tags: staffTags,
    summary: 'The aging of every account with a balance as CSV (same filter and sort as /api/staff/aging)',
    query: StaffAgingCsvQuery,
    response: { 401: ErrorBody, 403: ErrorBody },
  }),
  staffStatement: defineRoute({
    method: 'GET',
    path: '/api/staff/accounts/:acctnum/statement',
    tags: staffTags,
    summary: "One account's statement with aging, as the account sees it",
    params: StaffStatementParams,
    response: { 200: Statement, ...STAFF_ERRORS },
  }),
  /** The answer is the PDF file (application/pdf): no answer schema. */
  staffStatementPdf: defineRoute({
    method: 'GET',
    path: '/api/staff/accounts/:acctnum/statement.pdf',
    tags: staffTags,
    summary: "One account's statement as a PDF",
    params: StaffStatementParams,
    response: { 401: ErrorBody, 403: ErrorBody, 404: ErrorBody },
  }),
};
