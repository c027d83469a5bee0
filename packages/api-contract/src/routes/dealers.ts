import { ErrorBody } from '../common.ts';
import { WhereToBuyQuery, WhereToBuyResponse } from '../public-pages.ts';
import { defineRoute } from '../route.ts';

/** The public dealer locator. */
export const dealersContract = {
  whereToBuy: defineRoute({
    method: 'GET',
    path: '/api/WhereToBuy',
    tags: ['Where To Buy'],
    summary: 'Dealers within a radius (1, 5, 10, 15, 20, 25 or 50 miles) of a ZIP code, nearest first',
    query: WhereToBuyQuery,
    response: { 200: WhereToBuyResponse, 400: ErrorBody, 404: ErrorBody },
  }),
};
