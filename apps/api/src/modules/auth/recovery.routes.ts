import { contract } from '@mitrebox/api-contract';
import { route } from '../../platform/contract-routes.ts';
import type { AuthService } from './auth.service.ts';
import { type AuthApp, meta } from './auth-requests.ts';

const { auth: api } = contract;

/** A customer who cannot sign in: the password reset link and the new password, and the sign-in problem form. */
export function recoveryRoutes(app: AuthApp, auth: AuthService): void {
  route(app, api.forgotPassword, {}, (request) => auth.forgotPassword(request.body.email, meta(request)));

  route(app, api.resetPasswordCheck, {}, (request) =>
    auth.resetPasswordCheck(request.params.token, request.params.email),
  );

  route(app, api.resetPassword, {}, async (request, reply) => {
    const result = await auth.resetPassword(request.body);
    return reply.code(result.data.status === 'passwords.reset' ? 200 : 422).send(result);
  });

  route(app, api.checkUserActive, {}, (request) => auth.checkUserActive(request.body.email, meta(request)));

  route(app, api.sendLoginProblem, {}, (request) =>
    auth.sendLoginProblem(request.body.email, request.body.problem, meta(request)),
  );
}
