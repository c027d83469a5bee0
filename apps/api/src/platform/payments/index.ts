import type { Db } from '../db.ts';
import { createBraintreeGateway } from './braintree.ts';
import type { PaymentGateway } from './gateway.ts';
import { createSandboxGateway, type SandboxGateway } from './sandbox.ts';

export type { PaymentGateway } from './gateway.ts';

/**
 * What the shop page's Content-Security-Policy must allow for Braintree's hosted fields and client
 * (braintree-web is bundled; its iframes and API calls go to Braintree's hosts).
 */
export const BRAINTREE_CSP = {
  frameSrc: ['https://assets.braintreegateway.com'],
  scriptSrc: ['https://js.braintreegateway.com', 'https://assets.braintreegateway.com'],
  connectSrc: [
    'https://api.braintreegateway.com',
    'https://api.sandbox.braintreegateway.com',
    'https://client-analytics.braintreegateway.com',
    'https://client-analytics.sandbox.braintreegateway.com',
    'https://*.braintree-api.com',
  ],
};

export interface GatewayConfig {
  PAYMENT_GATEWAY: 'sandbox' | 'braintree';
  BRAINTREE_ENVIRONMENT: 'sandbox' | 'production';
  BRAINTREE_MERCHANT_ID?: string;
  BRAINTREE_PUBLIC_KEY?: string;
  BRAINTREE_PRIVATE_KEY?: string;
}

/** The configured gateway: the built-in sandbox unless PAYMENT_GATEWAY=braintree (then its three keys are required). */
export function createGateway(
  config: GatewayConfig,
  db: Db,
  opts: { sandboxFieldsOrigin?: (shopOrigin: string) => string | null } = {},
): { gateway: PaymentGateway; sandbox: SandboxGateway | null } {
  if (config.PAYMENT_GATEWAY === 'braintree') {
    const {
      BRAINTREE_MERCHANT_ID: merchantId,
      BRAINTREE_PUBLIC_KEY: publicKey,
      BRAINTREE_PRIVATE_KEY: privateKey,
    } = config;
    if (!merchantId || !publicKey || !privateKey)
      throw new Error(
        'Invalid configuration: PAYMENT_GATEWAY=braintree needs BRAINTREE_MERCHANT_ID, BRAINTREE_PUBLIC_KEY and BRAINTREE_PRIVATE_KEY',
      );
    return {
      gateway: createBraintreeGateway({
        environment: config.BRAINTREE_ENVIRONMENT,
        merchantId,
        publicKey,
        privateKey,
      }),
      sandbox: null,
    };
  }
  const sandbox = createSandboxGateway({ db, fieldsOrigin: opts.sandboxFieldsOrigin });
  return { gateway: sandbox, sandbox };
}
