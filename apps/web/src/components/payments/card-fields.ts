import type { BTokenResponse } from '@mitrebox/api-contract';

/** What the hosted card fields say about what is typed in them (never the digits). */
export interface CardFieldState {
  ready: boolean;
  numberEmpty: boolean;
  numberValid: boolean;
  cvvPresent: boolean;
  cardType: string;
}

/** A single-use token from the hosted fields, with what may be shown of the card. */
export interface TokenizedCard {
  token: string;
  lastFour: string;
  cardType: string;
  /** Set when the gateway's own fields hold the expiry (Braintree): the form uses these. */
  expmonth?: string;
  expyear?: string;
}

/** Why the hosted field could not give a token: 'number' (Check Credit Card Number), 'cvv', 'expiry' or 'unknown'. */
export class CardFieldError extends Error {
  constructor(
    readonly field: 'number' | 'cvv' | 'expiry' | 'unknown',
    message = '',
  ) {
    super(message || field);
    this.name = 'CardFieldError';
  }
}

export type CardFieldsIntegration =
  /** Our sandbox gateway's hosted page, in an iframe from its own origin (postMessage). */
  | { kind: 'sandbox'; fieldsUrl: string }
  /** Braintree's hosted fields (braintree-web, loaded on demand) with the client token. */
  | { kind: 'braintree'; clientToken: string }
  /** The configuration cannot show card fields (a gateway without its token or page). */
  | { kind: 'unavailable' };

/** Which hosted-field integration the payment screens use for the configured gateway (GET /api/admin/accountBToken). */
export function cardFieldsIntegration(config: BTokenResponse): CardFieldsIntegration {
  if (config.gateway === 'braintree')
    return config.clientToken
      ? { kind: 'braintree', clientToken: config.clientToken }
      : { kind: 'unavailable' };
  return config.fieldsUrl ? { kind: 'sandbox', fieldsUrl: config.fieldsUrl } : { kind: 'unavailable' };
}

/** Whether the integration's own fields carry the card's expiry (the form's expiry selects are then hidden). */
export const integrationOwnsExpiry = (i: CardFieldsIntegration | null) => i?.kind === 'braintree';
