/**
 * The card gateway behind every payment. The shop never sees a card number or CVV: the gateway's hosted
 * card fields turn them into a single-use token in the browser; the server vaults or charges that token.
 * Implementations: the built-in sandbox (default) and Braintree (PAYMENT_GATEWAY=braintree).
 */
export type GatewayName = 'sandbox' | 'braintree';

export interface HostedFieldsConfig {
  gateway: GatewayName;
  /** Braintree's client token; null for the sandbox. */
  clientToken: string | null;
  /** Where the sandbox's hosted card-field page is, and the origin its postMessages come from. */
  fieldsUrl: string | null;
  fieldsOrigin: string | null;
}

export interface BillingAddress {
  name: string;
  address: string;
  city: string;
  state: string;
  postal: string;
}

export interface CardSummary {
  lastFour: string;
  cardType: string;
  expmonth: number;
  expyear: number;
}

export type VaultResult =
  | ({ ok: true; token: string } & CardSummary)
  | { ok: false; code: string; message: string };

export type ChargeSource = { kind: 'single-use'; token: string } | { kind: 'vaulted'; token: string };

export interface ChargeRequest {
  source: ChargeSource;
  /** Exact decimal string, e.g. "125.40". */
  amount: string;
  /** Our reference (order id at the gateway): charging a reference twice answers the first charge. */
  reference: string;
  billing?: BillingAddress;
}

export type ChargeResult =
  | { ok: true; transactionId: string; lastFour: string; cardType: string; message: string }
  | {
      ok: false;
      transactionId: string | null;
      code: string;
      message: string;
      lastFour?: string;
      cardType?: string;
    };

/** A void or refund at the gateway: its transaction id, or why the gateway refused it. */
export type GatewayActionResult =
  | { ok: true; transactionId: string }
  | { ok: false; code: string; message: string };

export interface PaymentGateway {
  readonly name: GatewayName;
  /** The configuration the browser needs to show the hosted card fields (GET /api/admin/accountBToken). */
  clientConfig(origin: string): Promise<HostedFieldsConfig>;
  /** Vaults (with verification) the card behind a single-use token for a customer; answers an opaque token. */
  vault(input: { customerId: string; singleUseToken: string; billing: BillingAddress }): Promise<VaultResult>;
  /** Removes a vaulted card. */
  deleteVaulted(token: string): Promise<void>;
  charge(request: ChargeRequest): Promise<ChargeResult>;
  /** The charge made under a reference, if any (crash recovery: was it charged before we recorded it?). */
  findCharge(reference: string): Promise<ChargeResult | null>;
  /** Cancels a charge before it settles (refused once settled: refund it then). */
  void(transactionId: string): Promise<GatewayActionResult>;
  /** Returns all (no amount) or part of a settled charge; refused above what is left of it. */
  refund(transactionId: string, amount?: string): Promise<GatewayActionResult>;
}

/** A gateway call that failed for a reason other than the card (network, configuration). */
export class GatewayUnavailable extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'GatewayUnavailable';
  }
}
