import { beforeEach, describe, expect, it, vi } from 'vitest';

/**
 * braintree-web is a third party: it is mocked at its boundary (window.braintree.client.create and
 * .hostedFields.create, what its browser builds register);
 * everything of ours — loading, configuration, events, tokenising, error mapping — runs as it is.
 */
const handlers = new Map<string, (e: unknown) => void>();
const hosted = {
  on: vi.fn((event: string, h: (e: unknown) => void) => handlers.set(event, h)),
  tokenize: vi.fn(),
  clear: vi.fn(),
  focus: vi.fn(),
  teardown: vi.fn(async () => {}),
};
const clientInstance = { braintreeClient: true };
const clientCreate = vi.fn(async () => clientInstance);
const hostedCreate = vi.fn(async () => hosted);
// braintree-web's browser builds register window.braintree.client and .hostedFields: the boundary mocked here
(globalThis as unknown as { window: unknown }).window = {
  braintree: { client: { create: clientCreate }, hostedFields: { create: hostedCreate } },
};

const { mountBraintreeFields } = await import('./braintree-fields.ts');
const { CardFieldError, cardFieldsIntegration, integrationOwnsExpiry } = await import('./card-fields.ts');

const containers = { number: '#n', cvv: '#c', expirationMonth: '#m', expirationYear: '#y' };

beforeEach(() => {
  handlers.clear();
  vi.clearAllMocks();
});

describe('the hosted-fields integration is chosen by the configured gateway', () => {
  it('sandbox → our hosted page; braintree → braintree-web with the client token', () => {
    expect(
      cardFieldsIntegration({
        gateway: 'sandbox',
        clientToken: null,
        fieldsUrl: 'http://127.0.0.1:3141/sandbox-gateway/card-fields',
        fieldsOrigin: 'http://127.0.0.1:3141',
      }),
    ).toEqual({ kind: 'sandbox', fieldsUrl: 'http://127.0.0.1:3141/sandbox-gateway/card-fields' });
    const bt = cardFieldsIntegration({
      gateway: 'braintree',
      clientToken: 'client-token-xyz',
      fieldsUrl: null,
      fieldsOrigin: null,
    });
    expect(bt).toEqual({ kind: 'braintree', clientToken: 'client-token-xyz' });
    expect(integrationOwnsExpiry(bt)).toBe(true);
    expect(
      cardFieldsIntegration({ gateway: 'braintree', clientToken: null, fieldsUrl: null, fieldsOrigin: null }),
    ).toEqual({ kind: 'unavailable' });
  });
});

describe('Braintree hosted fields (braintree-web mocked at its boundary)', () => {
  it("creates the client with the API's client token and mounts number, CVV and expiry in the containers", async () => {
    await mountBraintreeFields({ clientToken: 'ct-1', containers, now: new Date('2026-11-23T12:00:00Z') });
    expect(clientCreate).toHaveBeenCalledWith({ authorization: 'ct-1' });
    const options = (hostedCreate.mock.calls[0] as unknown as [unknown])[0] as {
      client: unknown;
      fields: Record<string, { container: string; select?: { options: string[] } }>;
    };
    expect(options.client).toBe(clientInstance);
    expect(Object.keys(options.fields).sort()).toEqual([
      'cvv',
      'expirationMonth',
      'expirationYear',
      'number',
    ]);
    expect(options.fields.number?.container).toBe('#n');
    expect(options.fields.expirationYear?.select?.options).toEqual(
      Array.from({ length: 11 }, (_, i) => String(2026 + i)),
    );
  });

  it('answers the nonce, last four, card type and expiry — nothing else of the card', async () => {
    hosted.tokenize.mockResolvedValueOnce({
      nonce: 'tokencc_nonce',
      details: {
        lastFour: '1111',
        cardType: 'Visa',
        expirationMonth: '07',
        expirationYear: '2029',
        bin: '411111',
      },
    });
    const fields = await mountBraintreeFields({ clientToken: 'ct', containers });
    const card = await fields.tokenize({ name: 'Marie Dupré', postalCode: '70112' });
    expect(card).toEqual({
      token: 'tokencc_nonce',
      lastFour: '1111',
      cardType: 'Visa',
      expmonth: '7',
      expyear: '2029',
    });
    expect(hosted.tokenize).toHaveBeenCalledWith({
      cardholderName: 'Marie Dupré',
      billingAddress: { postalCode: '70112', streetAddress: undefined },
    });
  });

  it("maps Braintree's errors to the form's messages", async () => {
    const fields = await mountBraintreeFields({ clientToken: 'ct', containers });
    const fail = async (err: unknown) => {
      hosted.tokenize.mockRejectedValueOnce(err);
      return fields.tokenize().catch((e: unknown) => e);
    };
    const empty = await fail({ code: 'HOSTED_FIELDS_FIELDS_EMPTY' });
    expect(empty).toBeInstanceOf(CardFieldError);
    expect((empty as InstanceType<typeof CardFieldError>).field).toBe('number');
    const cvv = await fail({ code: 'HOSTED_FIELDS_FIELDS_INVALID', details: { invalidFieldKeys: ['cvv'] } });
    expect((cvv as InstanceType<typeof CardFieldError>).field).toBe('cvv');
    const exp = await fail({
      code: 'HOSTED_FIELDS_FIELDS_INVALID',
      details: { invalidFieldKeys: ['expirationYear'] },
    });
    expect((exp as InstanceType<typeof CardFieldError>).field).toBe('expiry');
    const network = await fail({ code: 'HOSTED_FIELDS_TOKENIZATION_NETWORK_ERROR' });
    expect((network as InstanceType<typeof CardFieldError>).field).toBe('unknown');
  });

  it("reports the fields' validity as our field state, and clears and tears down", async () => {
    const states: unknown[] = [];
    const fields = await mountBraintreeFields({
      clientToken: 'ct',
      containers,
      onState: (s) => states.push(s),
    });
    handlers.get('validityChange')?.({
      emittedBy: 'number',
      cards: [{ niceType: 'Visa' }],
      fields: {
        number: { isEmpty: false, isValid: true, isPotentiallyValid: true },
        cvv: { isEmpty: false, isValid: true, isPotentiallyValid: true },
      },
    });
    expect(states.at(-1)).toEqual({
      ready: true,
      numberEmpty: false,
      numberValid: true,
      cvvPresent: true,
      cardType: 'Visa',
    });
    fields.clear();
    expect(hosted.clear).toHaveBeenCalledWith('number');
    expect(hosted.clear).toHaveBeenCalledWith('cvv');
    await fields.teardown();
    expect(hosted.teardown).toHaveBeenCalled();
  });
});
