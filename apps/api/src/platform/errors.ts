/**
 * The one application error. Services throw it; the single error handler in app.ts turns it into
 * `{ message, errors? }` with its status.
 */
export class AppError extends Error {
  constructor(
    public readonly code: string,
    public readonly status: number,
    message: string,
    public readonly fields?: Record<string, string>,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const notFound = (message = 'Not found') => new AppError('not_found', 404, message);
export const unauthorized = (message = 'Unauthenticated.') => new AppError('unauthorized', 401, message);
export const forbidden = (message = 'Forbidden') => new AppError('forbidden', 403, message);
export const badRequest = (message: string, fields?: Record<string, string>) =>
  new AppError('bad_request', 400, message, fields);
export const unprocessable = (message: string, fields?: Record<string, string>) =>
  new AppError('unprocessable', 422, message, fields);
export const tooMany = (message: string) => new AppError('too_many', 429, message);
