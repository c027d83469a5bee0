import { ErrorBody } from '../common.ts';
import { defineRoute } from '../route.ts';
import {
  StaffContactList,
  StaffContactQuery,
  StaffContactResponse,
  StaffContactUpdate,
  StaffIdParams,
} from '../staff-content.ts';

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody };
const tags = ['Staff: contact messages'];

/** The Contact Us messages in the back office. */
export const staffContactContract = {
  list: defineRoute({
    method: 'GET',
    path: '/api/staff/contact-messages',
    tags,
    summary: 'Contact Us messages (paged, searchable, sortable; handled all, yes or no)',
    query: StaffContactQuery,
    response: { 200: StaffContactList, ...errors },
  }),
  setHandled: defineRoute({
    method: 'PUT',
    path: '/api/staff/contact-messages/:id',
    tags,
    summary: 'Mark a message handled (or not)',
    params: StaffIdParams,
    body: StaffContactUpdate,
    response: { 200: StaffContactResponse, ...errors },
  }),
};
