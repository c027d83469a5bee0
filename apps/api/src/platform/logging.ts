import { type FastifyReply, type FastifyRequest, LogController } from 'fastify';

/** Paths whose segments or query carry one-use tokens; they are masked before a URL reaches the log. */
const SECRET_PATH = /^(\/(?:reset-password-check|reset-password|verifyEmail|login)\/)[^?#]*/i;
/** Query parameters that carry a secret by their name alone, whatever their value looks like. */
const SECRET_PARAM =
  /(?:token|key|secret|password|passwd|pwd|auth|authorization|credentials?|session|sessionid|sid|signature|sig|otp|csrf|jwt|vid)$/i;
/**
 * A value that looks machine-made: 20 or more characters of the base64/hex alphabet with both letters and
 * digits (a key, a session or reset token, a signature). A search text, a date or a product code is not.
 */
const RANDOM_LOOKING = /^(?=[^0-9]*[0-9])(?=[^A-Za-z]*[A-Za-z])[A-Za-z0-9+/=_.~-]{20,}$/;
/**
 * Credential shapes, wherever they appear in a text: ERP keys, bearer tokens, JWTs, the password of a URL
 * (an SMTP or database address in a driver's message).
 */
const SECRETS_IN_TEXT: [RegExp, string][] = [
  // an ERP key's (mbx_) or an account's API key's (mbs_) prefix names the key (its owner lists it); the rest is
  // the secret
  [/\b(mb[xs]_[0-9a-f]{12}_)[A-Za-z0-9_-]+/g, '$1[redacted]'],
  [/\b(mb[xs])_(?![0-9a-f]{12}_\[redacted\])[A-Za-z0-9_-]+/g, '$1_[redacted]'],
  [/\b(Bearer)(\s+|%20|\+)[A-Za-z0-9._~+/=%-]+/gi, '$1$2[redacted]'],
  [/\beyJ[A-Za-z0-9_-]{5,}\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]*/g, '[redacted]'],
  [/(\/\/[^\s/:@]+:)[^\s/@]+@/g, '$1[redacted]@'],
];

/** A text with every credential-shaped part masked (error messages, log messages, URLs). */
export function redactSecrets(text: string): string {
  let out = text;
  for (const [pattern, replacement] of SECRETS_IN_TEXT) out = out.replace(pattern, replacement);
  return out;
}

function decoded(value: string): string {
  try {
    return decodeURIComponent(value.replace(/\+/g, ' '));
  } catch {
    return value;
  }
}

/**
 * A URL as the log may keep it: a token path's secret part, and every query value that is a secret by its
 * parameter's name or by its look, masked; ERP keys and bearer tokens anywhere else in it too.
 */
export function redactUrl(url: string): string {
  const at = url.indexOf('?');
  const path = (at === -1 ? url : url.slice(0, at)).replace(SECRET_PATH, '$1[redacted]');
  if (at === -1) return redactSecrets(path);
  const query = url
    .slice(at + 1)
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      if (eq === -1) return RANDOM_LOOKING.test(decoded(pair)) ? '[redacted]' : pair;
      const name = pair.slice(0, eq);
      const value = pair.slice(eq + 1);
      return SECRET_PARAM.test(decoded(name)) || RANDOM_LOOKING.test(decoded(value))
        ? `${name}=[redacted]`
        : pair;
    })
    .join('&');
  return redactSecrets(`${path}?${query}`);
}

/** Request and response headers that carry credentials; a line that logs headers never shows them. */
const SECRET_HEADERS = [
  'authorization',
  'proxy-authorization',
  'cookie',
  'set-cookie',
  'x-api-key',
  'x-auth-token',
];

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
    return { type: typeof error, message: redactSecrets(withoutQuotedValues(String(error))), stack: '' };
  const e = error as Error & { code?: unknown; statusCode?: unknown; query?: unknown; cause?: unknown };
  const out: LoggedError = {
    type: e.constructor?.name ?? 'Error',
    message: redactSecrets(withoutQuotedValues(withoutParams(e.message))),
    stack: redactSecrets(withoutQuotedValues(withoutParams(e.stack ?? ''))),
  };
  if (e.code !== undefined) out.code = e.code;
  if (e.statusCode !== undefined) out.statusCode = e.statusCode;
  if (typeof e.query === 'string') out.query = e.query;
  if (e.cause !== undefined && depth < 3) out.cause = serializeError(e.cause, depth + 1);
  return out;
}

/**
 * pino options: request lines without headers, tokens or bodies; passwords never logged; credential-shaped
 * text masked in messages, errors and URLs (a refused request's key is not kept either).
 */
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
        ...SECRET_HEADERS.flatMap((h) => [`headers["${h}"]`, `*.headers["${h}"]`]),
        'password',
        'token',
        '*.password',
        '*.password_confirmation',
        '*.token',
        '*.cvv',
      ],
      censor: '[redacted]',
    },
    // a message is a short text: masking it costs a few regular expressions over a line already being written
    hooks: {
      logMethod(this: unknown, args: unknown[], method: (...a: unknown[]) => void) {
        method.apply(
          this,
          args.map((a) => (typeof a === 'string' ? redactSecrets(a) : a)),
        );
      },
    },
    serializers: {
      err: serializeError,
      // a line's own `url` (a failed page render names the address it was asked for)
      url: (url: unknown) => (typeof url === 'string' ? redactUrl(url) : url),
      req(request: FastifyRequest) {
        return { method: request.method, url: redactUrl(request.url), remoteAddress: request.ip };
      },
    },
  };
}

/**
 * The request log: one line a request, written once it is answered — method, address (masked as `redactUrl` masks
 * it), status, time in milliseconds and the request id (`reqId`, the request's own logger) — at info level, at error
 * level with the error when the answer failed. Fastify's own pair ('incoming request' and 'request completed') is
 * not written: twice the lines for the same facts (half a gigabyte over a benchmark, issue 33). Fastify's other
 * lines (an error handled by its default handler, a stream closed early, a route not found) stay as they are.
 */
export class RequestLog extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    if (this.isLogDisabled(request)) return;
    const line = {
      method: request.method,
      url: request.url,
      status: reply.statusCode,
      ms: Math.round(reply.elapsedTime * 10) / 10,
    };
    if (error) reply.log.error({ ...line, err: error }, 'request failed');
    else reply.log.info(line, 'request');
  }
}
