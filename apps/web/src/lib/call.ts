import type {
  ContractRoutes,
  RouteAnswer,
  RouteContract,
  RouteHas,
  RouteInput,
} from '@mitrebox/api-contract';
import { apiRequest, type QueryValue, type RequestOptions } from './api.ts';

/** A route of the API contract, named by its method and path: `'POST /api/updateCart'`. */
export type RouteName = keyof ContractRoutes;

type Parts = 'body' | 'query' | 'params';

/** One part of a call (body, query or path parameters): required when the route's schema requires it. */
type Part<R extends RouteContract, K extends Parts> =
  RouteHas<R, K> extends true
    ? undefined extends RouteInput<R, K>
      ? { [P in K]?: RouteInput<R, K> }
      : { [P in K]: RouteInput<R, K> }
    : { [P in K]?: never };

type Options = Omit<RequestOptions, 'method' | 'body' | 'query'>;

/** The body: a form for a multipart route (a file upload), else as its schema says. */
type BodyPart<R extends RouteContract> = R extends { multipart: true } ? { body: FormData } : Part<R, 'body'>;

export type CallInput<R extends RouteContract> = BodyPart<R> & Part<R, 'query'> & Part<R, 'params'> & Options;

/** The parts of the call the route requires (none: the input argument may be left out). */
type RequiredPart<R extends RouteContract, K extends Parts> =
  RouteHas<R, K> extends true ? (undefined extends RouteInput<R, K> ? never : K) : never;
type RequiredParts<R extends RouteContract> =
  | (R extends { multipart: true } ? 'body' : RequiredPart<R, 'body'>)
  | RequiredPart<R, 'query'>
  | RequiredPart<R, 'params'>;

/** The input argument of a call: left out when the route requires nothing. */
export type CallArgs<K extends RouteName> = [RequiredParts<ContractRoutes[K]>] extends [never]
  ? [CallInput<ContractRoutes[K]>?]
  : [CallInput<ContractRoutes[K]>];

/** Fills `:name` segments of a path from the call's parameters. */
export function pathOf(path: string, params: Record<string, unknown> | undefined): string {
  return path.replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(String(params?.[name] ?? '')));
}

/**
 * Calls a route of the API contract through apiRequest (its errors, sign-in token and 401 handling). The body,
 * query, path parameters and the answer's type are those of the route in the contract the server registers;
 * only the contract's types are imported, so no schema is shipped to the browser.
 */
export function call<K extends RouteName>(
  route: K,
  ...[input]: CallArgs<K>
): Promise<RouteAnswer<ContractRoutes[K]>> {
  const space = route.indexOf(' ');
  const method = route.slice(0, space) as RouteContract['method'];
  const { body, query, params, ...options } = (input ?? {}) as Options & {
    body?: unknown;
    query?: Record<string, QueryValue>;
    params?: Record<string, unknown>;
  };
  return apiRequest(pathOf(route.slice(space + 1), params), { ...options, method, body, query });
}
