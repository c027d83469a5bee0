import {
  LoginChallengeBody,
  StaffEnrolmentCheck,
  StaffEnrolmentOffer,
  StaffEnrolmentRequest,
  StaffEnrolmentResponse,
  StaffLoginRequest,
  StaffLoginResponse,
} from '@mitrebox/api-contract';
import type { AuthService } from './auth.service.ts';
import {
  type AuthApp,
  browserMeta,
  CHALLENGE_NOTE,
  errors,
  meta,
  orChallenge,
  tags,
} from './auth-requests.ts';

/** Staff sign-in (its code follows at /api/tokenLogin) and the e-mailed set-up link of a new staff user. */
export function staffSignInRoutes(app: AuthApp, auth: AuthService): void {
  app.post(
    '/api/login/staff',
    {
      schema: {
        tags,
        summary: 'Staff sign-in by e-mail and password; the TOTP code follows at /api/tokenLogin',
        description: CHALLENGE_NOTE,
        body: StaffLoginRequest,
        response: { 200: StaffLoginResponse, ...errors, 428: LoginChallengeBody },
      },
    },
    (request, reply) =>
      orChallenge(reply, async () => {
        const { email, password, proofOfWork } = request.body;
        const answer = await auth.staffLogin(email, password, browserMeta(request, reply, proofOfWork));
        return { ...answer, mfaRequired: true as const };
      }),
  );

  app.post(
    '/api/login/staff/enrolment/check',
    {
      schema: {
        tags,
        summary: "A staff user's e-mailed set-up link: usable? Offers an authenticator secret to scan",
        body: StaffEnrolmentCheck,
        response: { 200: StaffEnrolmentOffer, ...errors },
      },
    },
    (request) => auth.staffEnrolmentOffer(request.body.token),
  );

  app.post(
    '/api/login/staff/enrolment',
    {
      schema: {
        tags,
        summary: 'Set up a staff sign-in from its e-mailed link: a password and an authenticator code',
        body: StaffEnrolmentRequest,
        response: { 200: StaffEnrolmentResponse, ...errors },
      },
    },
    (request) => auth.staffEnrol(request.body, meta(request)),
  );
}
