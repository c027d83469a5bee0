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
