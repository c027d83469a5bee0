import type { FastifyRequest } from 'fastify';

/** Paths whose segments or query carry one-use tokens; they are masked before a URL reaches the log. */
const SECRET_PATH = /^(\/(?:reset-password-check|reset-password|verifyEmail|login)\/)[^?]*/i;
const SECRET_QUERY = /([?&](?:token|vid|extoken|access_token)=)[^&]*/gi;

export function redactUrl(url: string): string {
  return url.replace(SECRET_PATH, '$1[redacted]').replace(SECRET_QUERY, '$1[redacted]');
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
      req(request: FastifyRequest) {
        return { method: request.method, url: redactUrl(request.url), remoteAddress: request.ip };
      },
    },
  };
}
