import {
  CheckUserActiveResponse,
  EmailRequest,
  ForgotPasswordResponse,
  LoginProblemRequest,
  ResetCheckResponse,
  ResetPasswordRequest,
  ResetPasswordResponse,
  SuccessBody,
} from '@mitrebox/api-contract';
import { z } from 'zod';
import type { AuthService } from './auth.service.ts';
import { type AuthApp, errors, meta, tags } from './auth-requests.ts';

/** A customer who cannot sign in: the password reset link and the new password, and the sign-in problem form. */
export function recoveryRoutes(app: AuthApp, auth: AuthService): void {
  for (const url of ['/forgot-password', '/forgotEmail', '/loginProblems/sendPasswordReset']) {
    app.post(
      url,
      {
        schema: {
          tags,
          summary: 'E-mail a password reset link',
          body: EmailRequest,
          response: { 200: ForgotPasswordResponse, ...errors },
        },
      },
      (request) => auth.forgotPassword(request.body.email, meta(request)),
    );
  }

  app.post(
    '/reset-password-check/:token/:email',
    {
      schema: {
        tags,
        summary: 'Is this reset link still usable?',
        params: z.object({ token: z.string().max(200), email: z.string().max(254) }),
        response: { 200: ResetCheckResponse, ...errors },
      },
    },
    (request) => auth.resetPasswordCheck(request.params.token, request.params.email),
  );

  app.post(
    '/reset-password',
    {
      schema: {
        tags,
        summary: 'Choose a new password with a reset link',
        body: ResetPasswordRequest,
        response: { ...errors, 200: ResetPasswordResponse, 422: ResetPasswordResponse },
      },
    },
    async (request, reply) => {
      const result = await auth.resetPassword(request.body);
      return reply.code(result.data.status === 'passwords.reset' ? 200 : 422).send(result);
    },
  );

  app.post(
    '/loginProblems/checkUserActive',
    {
      schema: {
        tags,
        summary: 'Is there an active account with this e-mail?',
        body: EmailRequest,
        response: { 200: CheckUserActiveResponse, ...errors },
      },
    },
    (request) => auth.checkUserActive(request.body.email, meta(request)),
  );

  app.post(
    '/loginProblems/sendLoginProblems',
    {
      schema: {
        tags,
        summary: 'Report a sign-in problem to customer service',
        body: LoginProblemRequest,
        response: { 200: SuccessBody, ...errors },
      },
    },
    (request) => auth.sendLoginProblem(request.body.email, request.body.problem, meta(request)),
  );
}
