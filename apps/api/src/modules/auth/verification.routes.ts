import { contract } from '@mitrebox/api-contract';
import { route } from '../../platform/contract-routes.ts';
import { unauthorized } from '../../platform/errors.ts';
import { bearerToken } from './auth.guard.ts';
import type { AuthService } from './auth.service.ts';
import { type AuthApp, meta } from './auth-requests.ts';

const { auth: api } = contract;

/** A first-time account's e-mail and password, and the link that confirms an e-mail address. */
export function verificationRoutes(app: AuthApp, auth: AuthService): void {
  route(app, api.verifyData, {}, async (request, reply) => {
    const token = bearerToken(request);
    if (!token) throw unauthorized();
    const result = await auth.verifyData(token, request.body);
    return reply.code(result.success ? 200 : 422).send(result);
  });

  route(app, api.verifyEmail, {}, (request) => auth.verifyEmail(request.body.vid));

  route(app, api.resendVerification, {}, (request) =>
    auth.resendVerification(request.body.username, request.body.password, meta(request)),
  );
}
