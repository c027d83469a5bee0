import { describe, expect, it } from 'vitest';
import {
  braintreeAddress,
  createBraintreeGateway,
  mapAction,
  mapSale,
  mapTransaction,
  mapVault,
} from './braintree.ts';
import { GatewayUnavailable } from './gateway.ts';
import { createGateway } from './index.ts';

describe('Braintree adapter mapping (no network)', () => {
  it('maps transaction.void and transaction.refund results: the new transaction, or the first error', () => {
    expect(mapAction({ success: true, transaction: { id: 'rf_1' } })).toEqual({
      ok: true,
      transactionId: 'rf_1',
    });
    expect(
      mapAction({
        success: false,
        message: 'Cannot refund a transaction unless it is settled.',
        errors: {
          deepErrors: () => [{ code: '91506', message: 'Cannot refund a transaction unless it is settled.' }],
        },
      }),
    ).toEqual({ ok: false, code: '91506', message: 'Cannot refund a transaction unless it is settled.' });
    expect(mapAction({ success: false, message: 'Refund amount is too large.' })).toEqual({
      ok: false,
      code: 'validation',
      message: 'Refund amount is too large.',
    });
  });

  it('an approved sale is a charge with its id, last four and card type', () => {
    expect(
      mapSale({
        success: true,
        transaction: {
          id: 'tx1',
          status: 'submitted_for_settlement',
          processorResponseCode: '1000',
          processorResponseText: 'Approved',
          creditCard: { last4: '1111', cardType: 'Visa' },
        },
      }),
    ).toEqual({ ok: true, transactionId: 'tx1', lastFour: '1111', cardType: 'Visa', message: 'Approved' });
  });

  it('a processor decline carries the processor code and text', () => {
    expect(
      mapSale({
        success: false,
        message: 'Insufficient Funds',
        transaction: {
          id: 'tx2',
          status: 'processor_declined',
          processorResponseCode: '2001',
          processorResponseText: 'Insufficient Funds',
          creditCard: { last4: '0005', cardType: 'American Express' },
        },
      }),
    ).toEqual({
      ok: false,
      transactionId: 'tx2',
      code: '2001',
      message: 'Insufficient Funds (2001)',
      lastFour: '0005',
      cardType: 'American Express',
    });
    expect(mapTransaction({ id: 'tx3', status: 'gateway_rejected' }, 'Gateway Rejected: cvv')).toMatchObject({
      ok: false,
      code: 'gateway_rejected',
      message: 'Gateway Rejected: cvv',
    });
  });

  it('a validation error (no transaction) is a refusal with the message', () => {
    expect(mapSale({ success: false, message: 'Unknown or expired payment_method_nonce.' })).toEqual({
      ok: false,
      transactionId: null,
      code: 'validation',
      message: 'Unknown or expired payment_method_nonce.',
    });
  });

  it('vaulting: the payment method token and display fields, or the verification failure', () => {
    expect(
      mapVault({
        success: true,
        paymentMethod: {
          token: 'pm_abc',
          last4: '4444',
          cardType: 'MasterCard',
          expirationMonth: '02',
          expirationYear: '2029',
        },
      }),
    ).toEqual({
      ok: true,
      token: 'pm_abc',
      lastFour: '4444',
      cardType: 'MasterCard',
      expmonth: 2,
      expyear: 2029,
    });
    expect(
      mapVault({
        success: false,
        message: 'Do Not Honor',
        verification: {
          status: 'processor_declined',
          processorResponseCode: '2000',
          processorResponseText: 'Do Not Honor',
        },
      }),
    ).toEqual({ ok: false, code: '2000', message: 'Do Not Honor (2000)' });
  });

  it('the billing address in Braintree form', () => {
    expect(
      braintreeAddress({ name: 'M B', address: '1 St', city: 'NOLA', state: 'LA', postal: '70130' }),
    ).toEqual({
      cardholderName: 'M B',
      billingAddress: {
        streetAddress: '1 St',
        locality: 'NOLA',
        region: 'LA',
        postalCode: '70130',
        countryCodeAlpha2: 'US',
      },
    });
  });

  it('is chosen by PAYMENT_GATEWAY=braintree and needs its keys', () => {
    const base = { PAYMENT_GATEWAY: 'braintree' as const, BRAINTREE_ENVIRONMENT: 'sandbox' as const };
    expect(() => createGateway(base, {} as never)).toThrow(/BRAINTREE_MERCHANT_ID/);
    const { gateway, sandbox } = createGateway(
      { ...base, BRAINTREE_MERCHANT_ID: 'm', BRAINTREE_PUBLIC_KEY: 'pub', BRAINTREE_PRIVATE_KEY: 'priv' },
      {} as never,
    );
    expect(gateway.name).toBe('braintree');
    expect(sandbox).toBeNull();
    expect(
      createBraintreeGateway({ environment: 'production', merchantId: 'm', publicKey: 'p', privateKey: 'k' })
        .name,
    ).toBe('braintree');
  });
});

describe('the Braintree SDK', () => {
  it('is loaded with the first call, and a gateway it cannot make is a gateway unavailable, not a crash', async () => {
    const gateway = createBraintreeGateway({
      environment: 'sandbox',
      merchantId: '',
      publicKey: '',
      privateKey: '',
    });
    await expect(gateway.clientConfig('http://127.0.0.1:3000')).rejects.toBeInstanceOf(GatewayUnavailable);
  });
});
