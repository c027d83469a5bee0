import type { RouteContract } from '@mitrebox/api-contract';
import type { AccountRight } from '@mitrebox/domain';
import type {
  ContextConfigDefault,
  FastifyReply,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
  RouteGenericInterface,
  RouteHandlerMethod,
  RouteShorthandOptions,
} from 'fastify';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The contract's `right`: the buyer's guard refuses a sign-in without it in its account (docs/decisions/026). */
    right?: AccountRight;
  }
}

/** The Fastify instance a route plugin receives (zod schemas validate and type requests and answers). */
export type ZodApp = Parameters<FastifyPluginAsyncZod>[0];

/** The Fastify schema of a contract route: the same zod objects the web app's client reads. */
export type SchemaOf<R extends RouteContract> = {
  tags: readonly string[];
  summary: string;
  body: R['body'];
  querystring: R['query'];
  params: R['params'];
  response: R['response'];
};

type Options<R extends RouteContract> = Omit<
  RouteShorthandOptions<
    RawServerDefault,
    RawRequestDefaultExpression,
    RawReplyDefaultExpression,
    RouteGenericInterface,
    ContextConfigDefault,
    SchemaOf<R>,
    ZodTypeProvider
  >,
  'schema'
> & {
  /** More of the route's OpenAPI description (e.g. `security`); the request and answer schemas come from the contract. */
  docs?: Record<string, unknown>;
};

export type ContractHandler<R extends RouteContract> = RouteHandlerMethod<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  RouteGenericInterface,
  ContextConfigDefault,
  SchemaOf<R>,
  ZodTypeProvider
>;

/** The schema object Fastify gets: only the parts the contract names, so the description stays as it was. */
export function schemaOf(contract: RouteContract, docs?: Record<string, unknown>) {
  const { tags, summary, body, query, params, response } = contract;
  return {
    tags,
    summary,
    ...docs,
    ...(query && { querystring: query }),
    ...(params && { params }),
    ...(body && { body }),
    // a route that answers bytes (a picture, a file) has no answer schema, as before
    ...(Object.keys(response).length > 0 && { response }),
  };
}

/**
 * Registers a contract route (at its path and any aliases). Its request and reply are typed from the contract's
 * schemas, so a handler that answers something else does not compile.
 */
export function route<R extends RouteContract>(
  app: ZodApp,
  contract: R,
  options: Options<R>,
  handler: ContractHandler<R>,
): void {
  const { docs, ...rest } = options;
  // the right travels in the route's config, where the buyer's guard reads it
  const config = contract.right ? { ...rest.config, right: contract.right } : rest.config;
  for (const path of [contract.path, ...(contract.aliases ?? [])]) {
    // inside a prefixed scope (the back office's /api/staff) Fastify adds the prefix itself
    const url = app.prefix && path.startsWith(`${app.prefix}/`) ? path.slice(app.prefix.length) : path;
    // the contract's generic schema types are checked at the call site; Fastify itself takes any schema
    app.route({
      ...rest,
      ...(config && { config }),
      method: contract.method,
      url,
      schema: schemaOf(contract, docs),
      handler,
    } as never);
  }
}

/**
 * Sends an answer that is already written: JSON text made by fast-json-stringify from the same schema, or a
 * file. Fastify sends a string or buffer as it is, without the schema's serializer.
 */
export function sendWritten(reply: FastifyReply, written: string | Buffer | Uint8Array): FastifyReply {
  return reply.send(written);
}
