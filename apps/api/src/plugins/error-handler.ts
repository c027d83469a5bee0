// Every failed request's answer: { message, errors? } with a plain sentence, never a stack or a library's text.
import { plainFieldMessage } from '@mitrebox/domain';
import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError } from '../platform/errors.ts';

const UNREADABLE_UPLOAD =
  'The form upload could not be read: it is incomplete or malformed. Please choose the file and send it again.';

export const errorHandler = fp(
  async (app: FastifyInstance) => {
    app.setErrorHandler((error: FastifyError, request, reply) => {
      if (error instanceof AppError) {
        return reply
          .code(error.status)
          .send({ message: error.message, ...(error.fields ? { errors: error.fields } : {}) });
      }
      if (hasZodFastifySchemaValidationErrors(error)) {
        const errors: Record<string, string> = {};
        for (const issue of error.validation) {
          const field = issue.instancePath.replace(/^\//, '').replace(/\//g, '.') || 'body';
          // one plain sentence per field: never zod's technical text
          errors[field] ??= plainFieldMessage(field, issue.message);
        }
        const first = Object.values(errors)[0];
        return reply.code(400).send({ message: first ?? 'The request is invalid.', errors });
      }
      // A form upload that is not the multipart body it announces is the sender's mistake, on every multipart
      // route. The parser (busboy) throws plain errors known only by their text: cut short ('Unexpected end of
      // multipart data'), no boundary, or a boundary past its 256 characters (its search 'needle').
      if (/^multipart\//i.test(request.headers['content-type'] ?? '')) {
        if (
          (!error.statusCode && /multipart data|Boundary not found|needle/.test(error.message)) ||
          error.code === 'FST_MP_PREMATURE_CLOSE' ||
          error.code === 'FST_PROTO_VIOLATION'
        )
          return reply.code(400).send({ message: UNREADABLE_UPLOAD });
        if (error.code === 'FST_REQ_FILE_TOO_LARGE')
          return reply.code(413).send({ message: 'The file is larger than this upload allows.' });
      }
      const status = error.statusCode ?? 500;
      if (status >= 400 && status < 500) {
        const message =
          error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error instanceof SyntaxError
            ? 'The request body is not valid JSON.'
            : error.code === 'FST_ERR_CTP_BODY_TOO_LARGE'
              ? 'The request body is too large.'
              : error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY'
                ? 'The request body is empty.'
                : error.message;
        return reply.code(status).send({ message });
      }
      request.log.error({ err: error }, 'unhandled error');
      return reply.code(500).send({ message: 'Something went wrong on our side. Please try again.' });
    });
  },
  { name: 'error-handler' },
);
