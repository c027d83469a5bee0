import { ErrorBody } from '../common.ts';

/** The error answers every /api/staff route may give (spread into its response schema). */
export const STAFF_ERRORS = {
  400: ErrorBody,
  401: ErrorBody,
  403: ErrorBody,
  404: ErrorBody,
  409: ErrorBody,
  422: ErrorBody,
  429: ErrorBody,
};
