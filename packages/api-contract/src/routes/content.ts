import { ErrorBody } from '../common.ts';
import {
  CareerList,
  DocumentDownloadQuery,
  DocumentList,
  DocumentListQuery,
  NewAccountInfo,
} from '../public-pages.ts';
import { defineRoute } from '../route.ts';

/** The public content pages: careers, the documents a customer downloads, the new-account application. */
export const contentContract = {
  careers: defineRoute({
    method: 'GET',
    path: '/api/career',
    tags: ['Careers'],
    summary: 'Open positions',
    response: { 200: CareerList },
  }),
  documents: defineRoute({
    method: 'GET',
    path: '/api/pdfUserList',
    tags: ['Documents'],
    summary: 'Documents to download: category 2 Updates, 3 Discontinued Items, 1 Promos',
    query: DocumentListQuery,
    response: { 200: DocumentList, 400: ErrorBody, 401: ErrorBody },
  }),
  /** The file itself (bytes): no answer schema but the errors. */
  downloadDocument: defineRoute({
    method: 'GET',
    path: '/api/pdfDownload',
    tags: ['Documents'],
    summary: 'Download an active document (the file itself)',
    query: DocumentDownloadQuery,
    response: { 400: ErrorBody, 401: ErrorBody, 404: ErrorBody },
  }),
  newAccount: defineRoute({
    method: 'GET',
    path: '/api/newAccount',
    tags: ['New Account'],
    summary: 'Where to send the application and where to download it',
    response: { 200: NewAccountInfo },
  }),
  /** A PDF (bytes). */
  newAccountForm: defineRoute({
    method: 'GET',
    path: '/api/newAccount/application.pdf',
    tags: ['New Account'],
    summary: 'The trade account application: a fillable PDF form',
    response: {},
  }),
};
