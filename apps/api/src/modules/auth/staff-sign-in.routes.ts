import { contract } from '@mitrebox/api-contract';
import { route } from '../../platform/contract-routes.ts';
import type { AuthService } from './auth.service.ts';
import { type AuthApp, browserMeta, CHALLENGE_NOTE, meta, orChallenge } from './auth-requests.ts';

const { auth: api } = contract;

/** Staff sign-in (its code follows at /api/tokenLogin) and the e-mailed set-up link of a new staff user. */
export function staffSignInRoutes(app: AuthApp, auth: AuthService): void {
  route(app, api.staffLogin, { docs: { description: CHALLENGE_NOTE } }, (request, reply) =>
    orChallenge(reply, async () => {
      const { email, password, proofOfWork } = request.body;
      const answer = await auth.staffLogin(email, password, browserMeta(request, reply, proofOfWork));
      return { ...answer, mfaRequired: true as const };
    }),
  );

  route(app, api.staffEnrolmentCheck, {}, (request) => auth.staffEnrolmentOffer(request.body.token));

  route(app, api.staffEnrol, {}, (request) => auth.staffEnrol(request.body, meta(request)));
}
