import { ErrorBody, SuccessBody } from '../common.ts';
import { defineRoute } from '../route.ts';
import {
  DealerImportReport,
  DealerImportRequest,
  StaffDealerInput,
  StaffDealerList,
  StaffDealerParams,
  StaffDealerQuery,
  StaffDealerResponse,
} from '../staff-content.ts';

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody };
const tags = ['Staff: dealers'];

/** The Where To Buy dealers in the back office. */
export const staffDealersContract = {
  list: defineRoute({
    method: 'GET',
    path: '/api/staff/dealers',
    tags,
    summary: 'Dealers (paged, searchable, sortable)',
    query: StaffDealerQuery,
    response: { 200: StaffDealerList, ...errors },
  }),
  /** A CSV file (text): no answer schema but the errors. */
  exportCsv: defineRoute({
    method: 'GET',
    path: '/api/staff/dealers/export',
    tags,
    summary: 'Every dealer as CSV (acctnum, company, address1, city, state, zip); formula cells as text',
    response: { 401: ErrorBody, 403: ErrorBody },
  }),
  /** A file with a bad row answers its report with 422. */
  importCsv: defineRoute({
    method: 'POST',
    path: '/api/staff/dealers/import',
    tags,
    summary: 'Import a dealers CSV, geocoded by ZIP: all rows or none (dryRun: only the report)',
    body: DealerImportRequest,
    response: { 200: DealerImportReport, 422: DealerImportReport, ...errors },
  }),
  save: defineRoute({
    method: 'PUT',
    path: '/api/staff/dealers/:acctnum',
    tags,
    summary: 'Add or change a dealer (a new ZIP is geocoded to its centre)',
    params: StaffDealerParams,
    body: StaffDealerInput,
    response: { 200: StaffDealerResponse, ...errors },
  }),
  remove: defineRoute({
    method: 'DELETE',
    path: '/api/staff/dealers/:acctnum',
    tags,
    summary: 'Remove a dealer',
    params: StaffDealerParams,
    response: { 200: SuccessBody, ...errors },
  }),
};
