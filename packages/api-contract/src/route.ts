import type { AccountRight } from '@mitrebox/domain';
import type { z } from 'zod';

/**
 * One route of the API as both sides see it: the server registers it with these schemas (they validate the
 * request and write the answer) and the web app's client takes its path, request and answer type from it.
 */
export interface RouteContract {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** The path the web app calls; `:name` segments are filled from `params`. */
  path: string;
  /** Older paths that answer the same way (kept for existing clients). */
  aliases?: readonly string[];
  tags: readonly string[];
  summary: string;
  body?: z.ZodType;
  /** The body is a multipart form (a file and its fields), read by the route itself, not by a schema. */
  multipart?: true;
  query?: z.ZodType;
  params?: z.ZodType;
  /** The schema of each answer, by HTTP status. */
  response: Record<number, z.ZodType>;
  /**
   * The right in the signed-in account the route needs (docs/decisions/026): a colleague without it gets 403.
   * The server's guard checks it wherever it judges a buyer's session.
   */
  right?: AccountRight;
}

/** Keeps the route's own types (its method, path and schemas) so both sides can read them. */
export const defineRoute = <const R extends RouteContract>(route: R): R => route;

/** How the web app names a route: its method and path, e.g. `'GET /api/getCart'`. */
export type RouteKey<R extends RouteContract> = `${R['method']} ${R['path']}`;

type Part = 'body' | 'query' | 'params';

/** Whether the route has a schema for that part of the request. */
export type RouteHas<R extends RouteContract, K extends Part> = R extends { [P in K]: z.ZodType }
  ? true
  : false;

type Schema<R extends RouteContract, K extends Part> = R extends { [P in K]: infer S extends z.ZodType }
  ? S
  : never;

/** What the client sends as the body, query or path parameters (before the server's defaults). */
export type RouteInput<R extends RouteContract, K extends Part> = z.input<Schema<R, K>>;

type Success = 200 | 201 | 202;

/** The answer of a successful call, as the server's schema writes it. */
export type RouteAnswer<R extends RouteContract> = {
  [S in keyof R['response']]: S extends Success ? z.output<R['response'][S]> : never;
}[keyof R['response']];
