import { ErrorBody, SuccessBody } from '../common.ts';
import {
  AddLinesResponse,
  AddListLines,
  ListIdParams,
  ListImport,
  ListImportResponse,
  ListLineParams,
  ListLinePatch,
  ListName,
  ListToCart,
  StandingListResponse,
  StandingListsResponse,
} from '../lists.ts';
import { defineRoute } from '../route.ts';

const errors = {
  400: ErrorBody,
  401: ErrorBody,
  403: ErrorBody,
  404: ErrorBody,
  409: ErrorBody,
  422: ErrorBody,
};
const tags = ['Standing lists'];
// lists carry no prices; they are for ordering, so reading and changing them needs the right to order
const right = 'order';

/** Standing lists: named lists of items with their selections, kept per account and shared by its users. */
export const listsContract = {
  lists: defineRoute({
    method: 'GET',
    right,
    path: '/api/lists',
    tags,
    summary: "The account's standing lists",
    response: { 200: StandingListsResponse, ...errors },
  }),
  create: defineRoute({
    method: 'POST',
    right,
    path: '/api/lists',
    tags,
    summary: 'Make a standing list',
    body: ListName,
    response: { 200: StandingListResponse, ...errors },
  }),
  list: defineRoute({
    method: 'GET',
    right,
    path: '/api/lists/:id',
    tags,
    summary: 'A standing list with its lines',
    params: ListIdParams,
    response: { 200: StandingListResponse, ...errors },
  }),
  rename: defineRoute({
    method: 'PATCH',
    right,
    path: '/api/lists/:id',
    tags,
    summary: 'Rename a standing list',
    params: ListIdParams,
    body: ListName,
    response: { 200: StandingListResponse, ...errors },
  }),
  remove: defineRoute({
    method: 'DELETE',
    right,
    path: '/api/lists/:id',
    tags,
    summary: 'Delete a standing list',
    params: ListIdParams,
    response: { 200: SuccessBody, ...errors },
  }),
  addLines: defineRoute({
    method: 'POST',
    right,
    path: '/api/lists/:id/lines',
    tags,
    summary: 'Add lines (an item with its selection, as the add-to-cart dialog makes it) to a list',
    params: ListIdParams,
    body: AddListLines,
    response: { 200: StandingListResponse, ...errors },
  }),
  changeLine: defineRoute({
    method: 'PATCH',
    right,
    path: '/api/lists/:id/lines/:lineId',
    tags,
    summary: "Change a line's amount (feet of a length line, else how many)",
    params: ListLineParams,
    body: ListLinePatch,
    response: { 200: StandingListResponse, ...errors },
  }),
  removeLine: defineRoute({
    method: 'DELETE',
    right,
    path: '/api/lists/:id/lines/:lineId',
    tags,
    summary: 'Remove a line from a list',
    params: ListLineParams,
    response: { 200: StandingListResponse, ...errors },
  }),
  toCart: defineRoute({
    method: 'POST',
    right,
    path: '/api/lists/:id/to-cart',
    tags,
    summary:
      "Add a list (or the lines named) to the cart through the cart's rules; answers what changed by line",
    params: ListIdParams,
    body: ListToCart,
    response: { 200: AddLinesResponse, ...errors },
  }),
  import: defineRoute({
    method: 'POST',
    right,
    path: '/api/lists/:id/import',
    tags,
    summary: 'Add lines from a pasted column of item numbers and quantities (a moulding is a Length in feet)',
    params: ListIdParams,
    body: ListImport,
    response: { 200: ListImportResponse, ...errors },
  }),
};
