import { plainRefusal } from '@mitrebox/domain';
import { authStorage } from './auth-storage.ts';

/** A failed call: the HTTP status (0 when the server could not be reached) and the server's `{ message, errors }`. */
export class ApiError extends Error {
  readonly status: number;
  readonly errors?: Record<string, string>;
  /** The parsed body, for calls whose error answers carry more than `{ message, errors }`. */
  readonly body: unknown;

  constructor(status: number, message: string, errors?: Record<string, string>, body?: unknown) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.errors = errors;
    this.body = body;
  }
}

export const NETWORK_ERROR_MESSAGE =
  'We could not reach the server. Please check your connection and try again.';
export const SERVER_ERROR_MESSAGE = 'Something went wrong on our side. Please try again.';

export type QueryValue = string | number | boolean | null | undefined | readonly (string | number)[];

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Sent as JSON (a FormData is sent as multipart/form-data). */
  body?: unknown;
  query?: Record<string, QueryValue>;
  /**
   * Whose bearer token goes with the call: the stored session token (default; nothing is sent when none is
   * stored), none at all, or an explicit one (verification token, external sign-on token).
   */
  auth?: 'session' | 'none' | { bearer: string };
  /**
   * A 401 on a call that carried a token ends the session: all storage is cleared and the app goes to '/'
   * (storefront §4, §8). Calls that expect a 401 as an answer (sign-out, external sign-on) turn it off.
   */
  resetOnUnauthorized?: boolean;
  signal?: AbortSignal;
  /** Extra request headers (e.g. Idempotency-Key). */
  headers?: Record<string, string>;
}

type UnauthorizedHandler = () => void;

let onUnauthorized: UnauthorizedHandler = () => {
  authStorage.clearAll();
  if (typeof window !== 'undefined') window.location.assign('/');
};
/** Set once the session is ending (a sign-out in progress, or a first 401): later 401s change nothing. */
let sessionEnding = false;

/** A sign-out is under way and will navigate by itself: stray 401s of calls still in flight are ignored. */
export function markSessionEnding(): void {
  sessionEnding = true;
}
let fetchImpl: typeof fetch = (...args) => fetch(...args);
let baseUrl = '';

/** For tests and embedding: where calls go, how they are made, and what a lost session does. */
export function configureApi(options: {
  baseUrl?: string;
  fetch?: typeof fetch;
  onUnauthorized?: UnauthorizedHandler;
}): void {
  if (options.baseUrl !== undefined) baseUrl = options.baseUrl;
  if (options.fetch) fetchImpl = options.fetch;
  if (options.onUnauthorized) onUnauthorized = options.onUnauthorized;
  sessionEnding = false;
}

export function buildQuery(query: Record<string, QueryValue> | undefined): string {
  if (!query) return '';
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null || value === '') continue;
    if (Array.isArray(value)) for (const v of value) params.append(key, String(v));
    else params.append(key, String(value));
  }
  const s = params.toString();
  return s ? `?${s}` : '';
}

function isStringRecord(value: unknown): value is Record<string, string> {
  return (
    typeof value === 'object' &&
    value !== null &&
    !Array.isArray(value) &&
    Object.values(value).every((v) => typeof v === 'string')
  );
}

/** Turns an error answer into an ApiError: `{ message, errors }`, or `{ data: { field: message } }`. */
export function toApiError(status: number, body: unknown): ApiError {
  const b = (typeof body === 'object' && body !== null ? body : {}) as Record<string, unknown>;
  const raw = isStringRecord(b.errors) ? b.errors : isStringRecord(b.data) ? b.data : undefined;
  let message = typeof b.message === 'string' && b.message ? b.message : '';
  if (!message && raw) message = Object.values(raw)[0] ?? '';
  if (!message) message = status >= 500 ? SERVER_ERROR_MESSAGE : `The request failed (${status}).`;
  // every refusal reaches the screen as a plain sentence on its field, never the validator's text
  // (plainRefusal, docs/decisions/009-net-prices-in-listings.md)
  const plain = plainRefusal({ message, errors: raw });
  return new ApiError(status, plain.message, plain.errors, body);
}

export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const { method = 'GET', body, query, auth = 'session', resetOnUnauthorized = true, signal } = options;
  const headers: Record<string, string> = { Accept: 'application/json', ...options.headers };
  const bearer = auth === 'none' ? null : auth === 'session' ? authStorage.token : auth.bearer;
  if (bearer) headers.Authorization = `Bearer ${bearer}`;
  const init: RequestInit = { method, headers, signal, credentials: 'same-origin' };
  if (typeof FormData !== 'undefined' && body instanceof FormData) {
    init.body = body; // multipart: the browser sets the content type with its boundary
  } else if (body !== undefined) {
    headers['Content-Type'] = 'application/json';
    init.body = JSON.stringify(body);
  }

  let response: Response;
  try {
    response = await fetchImpl(`${baseUrl}${path}${buildQuery(query)}`, init);
  } catch (err) {
    if ((err as Error)?.name === 'AbortError') throw err;
    throw new ApiError(0, NETWORK_ERROR_MESSAGE);
  }

  const text = await response.text();
  let parsed: unknown = null;
  if (text) {
    try {
      parsed = JSON.parse(text);
    } catch {
      parsed = text;
    }
  }

  if (!response.ok) {
    if (response.status === 401 && bearer && resetOnUnauthorized && !sessionEnding) {
      sessionEnding = true;
      onUnauthorized();
    }
    throw toApiError(response.status, parsed);
  }
  return parsed as T;
}

/**
 * A call whose 404 answers `fallback` instead of an error. The header's search (top-search.ts) uses it so that a
 * server without the catalogue routes shows "no products" rather than an error under the search box.
 */
export async function orFallbackOn404<T>(call: Promise<T>, fallback: T): Promise<T> {
  try {
    return await call;
  } catch (err) {
    if (err instanceof ApiError && err.status === 404) return fallback;
    throw err;
  }
}
