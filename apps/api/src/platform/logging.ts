import type { FastifyRequest } from 'fastify';

/** Paths whose segments or query carry one-use tokens; they are masked before a URL reaches the log. */
const SECRET_PATH = /^(\/(?:reset-password-check|reset-password|verifyEmail|login)\/)[^?]*/i;
const SECRET_QUERY = /([?&](?:token|vid|extoken|access_token)=)[^&]*/gi;

export function redactUrl(url: string): string {
  return url.replace(SECRET_PATH, '$1[redacted]').replace(SECRET_QUERY, '$1[redacted]');
}

/** Values a failing statement was given never reach the log: drizzle puts them after 'params:'. */
function withoutParams(text: string): string {
  return text.replace(/\nparams: [\s\S]*?(?=\n {4}at |$)/, '\nparams: [redacted]');
}

/** A database driver's message may quote the value it refused ('invalid input syntax …: "value"'). */
function withoutQuotedValues(text: string): string {
  return text.replace(/:\s*"(?:[^"\\]|\\.)*"/g, ': "[redacted]"');
}

interface LoggedError {
  type: string;
  message: string;
  stack: string;
  [key: string]: unknown;
  code?: unknown;
  statusCode?: unknown;
  query?: unknown;
  cause?: LoggedError;
}

/**
 * The error serializer: type, message, stack, code and the SQL text of a failed query — never its parameters
 * (drizzle's `params`, the driver's `detail`/`where`, quoted values in its message).
 */
export function serializeError(error: unknown, depth = 0): LoggedError {
  if (!(error instanceof Error))
    return { type: typeof error, message: withoutQuotedValues(String(error)), stack: '' };
  const e = error as Error & { code?: unknown; statusCode?: unknown; query?: unknown; cause?: unknown };
  const out: LoggedError = {
    type: e.constructor?.name ?? 'Error',
    message: withoutQuotedValues(withoutParams(e.message)),
    stack: withoutQuotedValues(withoutParams(e.stack ?? '')),
  };
  if (e.code !== undefined) out.code = e.code;
  if (e.statusCode !== undefined) out.statusCode = e.statusCode;
  if (typeof e.query === 'string') out.query = e.query;
  if (e.cause !== undefined && depth < 3) out.cause = serializeError(e.cause, depth + 1);
  return out;
}

/** pino options: request lines without headers, tokens or bodies; passwords never logged. */
export function loggerOptions(level: string, pretty = false) {
  return {
    level,
    // readable lines for a person at a terminal (npm start); JSON everywhere else
    ...(pretty
      ? {
          transport: {
            target: 'pino-pretty',
            options: { translateTime: 'HH:MM:ss', ignore: 'pid,hostname,reqId', singleLine: true },
          },
        }
      : {}),
    redact: {
      paths: [
        'req.headers.authorization',
        'req.headers.cookie',
        '*.password',
        '*.password_confirmation',
        '*.token',
        '*.cvv',
      ],
      censor: '[redacted]',
    },
    serializers: {
      err: serializeError,
      req(request: FastifyRequest) {
        return { method: request.method, url: redactUrl(request.url), remoteAddress: request.ip };
      },
    },
  };
}
