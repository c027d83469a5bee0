import { ErrorBody } from '../common.ts';
import { defineRoute } from '../route.ts';
import { AddSamplesRequest, AddSamplesResponse, SampleStatus } from '../samples.ts';

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 422: ErrorBody };

/** Corner samples: one mitred corner of a moulding a cart line, up to the account's monthly limit. */
export const samplesContract = {
  sampleStatus: defineRoute({
    method: 'GET',
    right: 'order',
    path: '/api/cart/samples',
    tags: ['Cart'],
    summary: "The account's corner samples this month: price, monthly limit, ordered, in the cart and left",
    response: { 200: SampleStatus, ...errors },
  }),
  addSamples: defineRoute({
    method: 'POST',
    right: 'order',
    path: '/api/cart/samples',
    tags: ['Cart'],
    summary:
      'Add corner samples (order type S) of the mouldings named or of a whole collection, up to the monthly limit',
    body: AddSamplesRequest,
    response: { 200: AddSamplesResponse, ...errors },
  }),
};
