import {
  ResendVerificationRequest,
  ResendVerificationResponse,
  VerifyDataRequest,
  VerifyDataResponse,
  VerifyEmailRequest,
  VerifyEmailResponse,
} from '@mitrebox/api-contract';
import { unauthorized } from '../../platform/errors.ts';
import { bearerToken } from './auth.guard.ts';
import type { AuthService } from './auth.service.ts';
import { type AuthApp, errors, meta, tags } from './auth-requests.ts';

/** A first-time account's e-mail and password, and the link that confirms an e-mail address. */
export function verificationRoutes(app: AuthApp, auth: AuthService): void {
  app.put(
    '/api/users/self',
    {
      schema: {
        tags,
        summary: 'First-login verification: e-mail and password, with the verification token as bearer',
        body: VerifyDataRequest,
        response: { ...errors, 200: VerifyDataResponse, 422: VerifyDataResponse },
      },
    },
    async (request, reply) => {
      const token = bearerToken(request);
      if (!token) throw unauthorized();
      const result = await auth.verifyData(token, request.body);
      return reply.code(result.success ? 200 : 422).send(result);
    },
  );

  app.post(
    '/verifyEmail',
    {
      schema: {
        tags,
        summary: 'Confirm an e-mail address',
        body: VerifyEmailRequest,
        response: { 200: VerifyEmailResponse, ...errors },
      },
    },
    (request) => auth.verifyEmail(request.body.vid),
  );

  app.post(
    '/api/resendVerification',
    {
      schema: {
        tags,
        summary: 'Send the e-mail verification link again (account number and password)',
        body: ResendVerificationRequest,
        response: { 200: ResendVerificationResponse, ...errors },
      },
    },
    (request) => auth.resendVerification(request.body.username, request.body.password, meta(request)),
  );
}
