import type { Db } from '../db.ts';
import type { PaymentGateway } from './gateway.ts';
import { createSandboxGateway, type SandboxGateway } from './sandbox.ts';

export type { PaymentGateway } from './gateway.ts';

export interface GatewayConfig {
  PAYMENT_GATEWAY: 'sandbox' | 'braintree';
}

/** The configured gateway: the sandbox unless PAYMENT_GATEWAY=braintree (with its keys). */
export function createGateway(
  config: GatewayConfig,
  db: Db,
  braintree?: () => PaymentGateway,
): { gateway: PaymentGateway; sandbox: SandboxGateway | null } {
  if (config.PAYMENT_GATEWAY === 'braintree' && braintree) return { gateway: braintree(), sandbox: null };
  const sandbox = createSandboxGateway({ db });
  return { gateway: sandbox, sandbox };
}
