import type { BraintreeGateway } from 'braintree';
import type {
  BillingAddress,
  ChargeRequest,
  ChargeResult,
  GatewayActionResult,
  HostedFieldsConfig,
  PaymentGateway,
  VaultResult,
} from './gateway.ts';
import { GatewayUnavailable } from './gateway.ts';

/** What the adapter reads of a Braintree transaction (the SDK's objects have many more fields). */
export interface BraintreeTransactionLike {
  id: string;
  status: string;
  processorResponseCode?: string;
  processorResponseText?: string;
  creditCard?: { last4?: string; cardType?: string };
}

export interface BraintreeSaleResultLike {
  success: boolean;
  message?: string;
  transaction?: BraintreeTransactionLike;
}

export interface BraintreeVaultResultLike {
  success: boolean;
  message?: string;
  paymentMethod?: {
    token: string;
    last4?: string;
    cardType?: string;
    expirationMonth?: string;
    expirationYear?: string;
  };
  verification?: { status?: string; processorResponseCode?: string; processorResponseText?: string };
}

const SETTLED = new Set([
  'authorized',
  'submitted_for_settlement',
  'settling',
  'settled',
  'settlement_pending',
]);

/** A Braintree sale (or a found transaction) as our ChargeResult. */
export function mapTransaction(t: BraintreeTransactionLike, fallbackMessage = 'Declined'): ChargeResult {
  const lastFour = t.creditCard?.last4 ?? '';
  const cardType = t.creditCard?.cardType ?? '';
  if (SETTLED.has(t.status))
    return {
      ok: true,
      transactionId: t.id,
      lastFour,
      cardType,
      message: t.processorResponseText || 'Approved',
    };
  const code = t.processorResponseCode || t.status;
  const text = t.processorResponseText || fallbackMessage;
  return {
    ok: false,
    transactionId: t.id,
    code,
    message: /^\d{4}$/.test(code) ? `${text} (${code})` : text,
    lastFour,
    cardType,
  };
}

export function mapSale(result: BraintreeSaleResultLike): ChargeResult {
  if (result.transaction) return mapTransaction(result.transaction, result.message);
  // a validation error (bad nonce, amount): no transaction was created
  return {
    ok: false,
    transactionId: null,
    code: 'validation',
    message: result.message || 'The card was refused.',
  };
}

/** What the adapter reads of a Braintree void or refund result. */
export interface BraintreeActionResultLike {
  success: boolean;
  message?: string;
  transaction?: { id: string };
  errors?: { deepErrors?: () => { code: string; message: string }[] };
}

/** A Braintree void or refund as our GatewayActionResult (the first validation error's code and message). */
export function mapAction(result: BraintreeActionResultLike): GatewayActionResult {
  if (result.success && result.transaction) return { ok: true, transactionId: result.transaction.id };
  const first = result.errors?.deepErrors?.()[0];
  return {
    ok: false,
    code: first?.code ?? 'validation',
    message: first?.message ?? result.message ?? 'The gateway refused it.',
  };
}

export function mapVault(result: BraintreeVaultResultLike): VaultResult {
  const pm = result.paymentMethod;
  if (result.success && pm)
    return {
      ok: true,
      token: pm.token,
      lastFour: pm.last4 ?? '',
      cardType: pm.cardType ?? '',
      expmonth: Number(pm.expirationMonth ?? 0),
      expyear: Number(pm.expirationYear ?? 0),
    };
  const v = result.verification;
  if (v?.processorResponseCode)
    return {
      ok: false,
      code: v.processorResponseCode,
      message: `${v.processorResponseText ?? 'Card verification failed'} (${v.processorResponseCode})`,
    };
  return { ok: false, code: 'validation', message: result.message || 'Card verification failed' };
}

export const braintreeAddress = (b: BillingAddress) => ({
  cardholderName: b.name,
  billingAddress: {
    streetAddress: b.address,
    locality: b.city,
    region: b.state,
    postalCode: b.postal,
    countryCodeAlpha2: 'US',
  },
});

export interface BraintreeKeys {
  environment: 'sandbox' | 'production';
  merchantId: string;
  publicKey: string;
  privateKey: string;
}

/** The Braintree adapter (PAYMENT_GATEWAY=braintree): hosted fields in the browser, the SDK on the server. */
export function createBraintreeGateway(keys: BraintreeKeys): PaymentGateway {
  // The SDK is loaded with the first call, not with the server: a start spent 45 ms loading it (docs/decisions/018).
  let sdk: Promise<BraintreeGateway> | undefined;
  const gateway = () =>
    (sdk ??= import('braintree').then(
      ({ default: braintree }) =>
        new braintree.BraintreeGateway({
          environment:
            keys.environment === 'production'
              ? braintree.Environment.Production
              : braintree.Environment.Sandbox,
          merchantId: keys.merchantId,
          publicKey: keys.publicKey,
          privateKey: keys.privateKey,
        }),
    ));
  const call = async <T>(what: string, fn: (bt: BraintreeGateway) => Promise<T>): Promise<T> => {
    try {
      return await fn(await gateway());
    } catch (err) {
      throw new GatewayUnavailable(`Braintree ${what} failed: ${(err as Error).message}`);
    }
  };

  async function findCharge(reference: string): Promise<ChargeResult | null> {
    const found = await call(
      'search',
      (bt) =>
        new Promise<BraintreeTransactionLike[]>((resolve, reject) => {
          const out: BraintreeTransactionLike[] = [];
          const stream = bt.transaction.search((s) => s.orderId().is(reference));
          stream.on('data', (t: BraintreeTransactionLike) => out.push(t));
          stream.on('error', reject);
          stream.on('end', () => resolve(out));
        }),
    );
    const settled = found.find((t) => SETTLED.has(t.status)) ?? found[0];
    return settled ? mapTransaction(settled) : null;
  }

  return {
    name: 'braintree',

    async clientConfig(): Promise<HostedFieldsConfig> {
      const res = await call('client token', (bt) => bt.clientToken.generate({}));
      return { gateway: 'braintree', clientToken: res.clientToken, fieldsUrl: null, fieldsOrigin: null };
    },

    async vault({ customerId, singleUseToken, billing }) {
      await call('customer', async (bt) => {
        try {
          await bt.customer.find(customerId);
        } catch {
          await bt.customer.create({ id: customerId });
        }
      });
      const { cardholderName, billingAddress } = braintreeAddress(billing);
      const result = await call('vault', (bt) =>
        bt.paymentMethod.create({
          customerId,
          paymentMethodNonce: singleUseToken,
          cardholderName,
          billingAddress,
          options: { verifyCard: true },
        }),
      );
      return mapVault(result as unknown as BraintreeVaultResultLike);
    },

    async deleteVaulted(token) {
      await call('delete', (bt) => bt.paymentMethod.delete(token));
    },

    async charge(request: ChargeRequest) {
      const earlier = await findCharge(request.reference);
      if (earlier?.ok) return earlier;
      const source =
        request.source.kind === 'single-use'
          ? { paymentMethodNonce: request.source.token }
          : { paymentMethodToken: request.source.token };
      const result = await call('sale', (bt) =>
        bt.transaction.sale({
          amount: request.amount,
          orderId: request.reference,
          ...source,
          options: { submitForSettlement: true },
        }),
      );
      return mapSale(result as unknown as BraintreeSaleResultLike);
    },

    findCharge,

    async void(transactionId) {
      const result = await call('void', (bt) => bt.transaction.void(transactionId));
      return mapAction(result as unknown as BraintreeActionResultLike);
    },

    async refund(transactionId, amount) {
      const result = await call('refund', (bt) => bt.transaction.refund(transactionId, amount));
      return mapAction(result as unknown as BraintreeActionResultLike);
    },
  };
}
