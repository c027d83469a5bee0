import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Guards } from './auth.guard.ts';
import type { AuthService } from './auth.service.ts';
import type { PageSessionOptions } from './auth-requests.ts';
import { customerSignInRoutes } from './customer-sign-in.routes.ts';
import { recoveryRoutes } from './recovery.routes.ts';
import { staffSignInRoutes } from './staff-sign-in.routes.ts';
import { verificationRoutes } from './verification.routes.ts';

export type { PageSessionOptions } from './auth-requests.ts';

/** Every sign-in route, by job: each file lists its routes and hands the work to the auth service. */
export const authRoutes =
  (auth: AuthService, guards: Guards, pageSession: PageSessionOptions): FastifyPluginAsyncZod =>
  async (app) => {
    customerSignInRoutes(app, auth, guards, pageSession);
    staffSignInRoutes(app, auth);
    verificationRoutes(app, auth);
    recoveryRoutes(app, auth);
  };
