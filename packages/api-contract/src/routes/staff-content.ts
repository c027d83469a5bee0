import { ErrorBody, SuccessBody } from '../common.ts';
import { defineRoute } from '../route.ts';
import {
  StaffCareerInput,
  StaffCareerList,
  StaffCareerQuery,
  StaffCareerResponse,
  StaffDocumentList,
  StaffDocumentQuery,
  StaffDocumentResponse,
  StaffDocumentUpdate,
  StaffIdParams,
} from '../staff-content.ts';

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody };
const careers = ['Staff: careers'];
const documents = ['Staff: documents'];

/** Careers and documents in the back office. */
export const staffContentContract = {
  careers: defineRoute({
    method: 'GET',
    path: '/api/staff/careers',
    tags: careers,
    summary: 'Every position, open or closed (paged, searchable, sortable)',
    query: StaffCareerQuery,
    response: { 200: StaffCareerList, ...errors },
  }),
  addCareer: defineRoute({
    method: 'POST',
    path: '/api/staff/careers',
    tags: careers,
    summary: 'Add a position',
    body: StaffCareerInput,
    response: { 200: StaffCareerResponse, ...errors },
  }),
  updateCareer: defineRoute({
    method: 'PUT',
    path: '/api/staff/careers/:id',
    tags: careers,
    summary: 'Change a position (or close it: active false)',
    params: StaffIdParams,
    body: StaffCareerInput,
    response: { 200: StaffCareerResponse, ...errors },
  }),
  deleteCareer: defineRoute({
    method: 'DELETE',
    path: '/api/staff/careers/:id',
    tags: careers,
    summary: 'Remove a position',
    params: StaffIdParams,
    response: { 200: SuccessBody, ...errors },
  }),

  documents: defineRoute({
    method: 'GET',
    path: '/api/staff/documents',
    tags: documents,
    summary: 'Every document, active or not (paged, searchable, sortable)',
    query: StaffDocumentQuery,
    response: { 200: StaffDocumentList, ...errors },
  }),
  /** The form's fields are read and checked by the route (StaffDocumentUpdate), the file by its content. */
  uploadDocument: defineRoute({
    method: 'POST',
    path: '/api/staff/documents',
    tags: documents,
    summary:
      'Upload a PDF (multipart/form-data: name, category 1 Promos, 2 Updates, 3 Discontinued Items, active, file)',
    multipart: true,
    response: { 200: StaffDocumentResponse, ...errors, 406: ErrorBody, 413: ErrorBody },
  }),
  updateDocument: defineRoute({
    method: 'PUT',
    path: '/api/staff/documents/:id',
    tags: documents,
    summary: 'Rename, recategorise, activate or deactivate a document',
    params: StaffIdParams,
    body: StaffDocumentUpdate,
    response: { 200: StaffDocumentResponse, ...errors },
  }),
  deleteDocument: defineRoute({
    method: 'DELETE',
    path: '/api/staff/documents/:id',
    tags: documents,
    summary: 'Remove a document',
    params: StaffIdParams,
    response: { 200: SuccessBody, ...errors },
  }),
};
