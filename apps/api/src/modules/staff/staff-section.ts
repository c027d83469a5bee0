import { ErrorBody } from '@mitrebox/api-contract';
import type { Config } from '../../config.ts';
import type { Db } from '../../platform/db.ts';
import type { Mailer } from '../../platform/mail.ts';
import type { PaymentGateway } from '../../platform/payments/gateway.ts';
import type { Guards } from '../auth/auth.guard.ts';
import type { AuthService } from '../auth/auth.service.ts';

// What every back-office section is given and may answer, in a file of its own: the sections' route files
// import it, and the registry (staff.sections.ts) imports those route files.

/** What a back-office section may use (add what yours needs; app.ts builds it once). */
export interface StaffDeps {
  db: Db;
  config: Config;
  auth: AuthService;
  mailer: Mailer;
  guards: Guards;
  /** The configured card gateway (refunds and voids). */
  gateway: PaymentGateway;
}

/** The error answers every /api/staff route may give (spread into its response schema). */
export const STAFF_ERRORS = {
  400: ErrorBody,
  401: ErrorBody,
  403: ErrorBody,
  404: ErrorBody,
  409: ErrorBody,
  422: ErrorBody,
  429: ErrorBody,
};
