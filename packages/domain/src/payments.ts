import { paymentAmountProblem } from './invoice-status.ts';
import { formatMoney, type Money, money } from './money.ts';

/** Card payment and billing-method messages of account-area §5 and §8, letter for letter. */
export const paymentMessages = {
  chooseMethod: 'Please choose payment method',
  amountTooHigh: (balance: Money | number) =>
    `Amount should be less than or equal to ${formatMoney(balance)}`,
  chooseName: 'Please choose your name',
  fillAddress: 'Please fill in all address fields',
  chooseCvv: 'Please choose Cvv',
  chooseExpMonth: 'Please choose Exp Month',
  chooseExpYear: 'Please choose exp Year',
  checkCardNumber: 'Check Credit Card Number',
  cardFieldError: 'Unknown error please refresh page',
  paymentRan: 'Payment Ran',
  paymentCompleted: 'Payment Completed',
  noRowsSelected: 'No rows selected',
  batchFailed: 'Batch Failed',
  batchStarted: 'Payments will be processed shortly please refresh the page for updates',
  batchCardEnding: (lastFour: string) => `Your Card ending in ${lastFour} will be billed for`,
  fieldRequired: 'Field required',
  cardIssue: (message: string) => `There was an issue with the card ${message}`,
  required: (fields: readonly string[]) => `Required ${fields.join(', ')}`,
  billingUpdated: 'Billing Method Updated!',
  billingDeleted: 'Billing Method Deleted!',
  // Server answers the specification leaves open: stated plainly.
  invoiceNotFound: 'Invoice not found',
  notPayable: 'This invoice cannot be paid online: it is paid, a credit, or has no open balance.',
  billingMethodNotFound: 'Billing method not found',
  idempotencyKeyMissing: 'Idempotency-Key header is required: send a new key for every payment attempt.',
  idempotencyKeyReused: 'This Idempotency-Key was already used for a different payment.',
  idempotencyInProgress: 'This payment is still being processed. Please refresh the page in a moment.',
  noDefaultCard: 'Add a default billing method in My Account before paying a batch.',
  batchTwoAccounts: 'A batch can only hold invoices of one account.',
  batchAlreadyInProcess: (invnum: number) => `Invoice ${invnum} is already being paid in a batch.`,
  cardNumberRefused: 'Card numbers are never sent to us: type the card into the secure card field instead.',
  recordFailed: 'The payment could not be recorded, so the charge was voided. Please try again.',
  // A declined card, told inside the pay window (issue 31): the processor's reason, and what to do.
  cardDeclined: 'Your card was declined',
  declineReason: (reason: string) =>
    `The card's bank gave this reason: ${reason || 'declined'}. Nothing was charged. Check the card's details and try again, use another card, or call the bank on the back of the card.`,
} as const;

/** Card expiry years (account-area §9): the current year through ten years ahead. */
export function expiryYears(now: Date = new Date()): number[] {
  const first = now.getFullYear();
  return Array.from({ length: 11 }, (_, i) => first + i);
}

export const EXPIRY_MONTHS = Array.from({ length: 12 }, (_, i) => i + 1);

/** US states and DC (the billing address's state select). */
export const US_STATES: readonly { code: string; name: string }[] = [
  ['AL', 'Alabama'],
  ['AK', 'Alaska'],
  ['AZ', 'Arizona'],
  ['AR', 'Arkansas'],
  ['CA', 'California'],
  ['CO', 'Colorado'],
  ['CT', 'Connecticut'],
  ['DE', 'Delaware'],
  ['DC', 'District of Columbia'],
  ['FL', 'Florida'],
  ['GA', 'Georgia'],
  ['HI', 'Hawaii'],
  ['ID', 'Idaho'],
  ['IL', 'Illinois'],
  ['IN', 'Indiana'],
  ['IA', 'Iowa'],
  ['KS', 'Kansas'],
  ['KY', 'Kentucky'],
  ['LA', 'Louisiana'],
  ['ME', 'Maine'],
  ['MD', 'Maryland'],
  ['MA', 'Massachusetts'],
  ['MI', 'Michigan'],
  ['MN', 'Minnesota'],
  ['MS', 'Mississippi'],
  ['MO', 'Missouri'],
  ['MT', 'Montana'],
  ['NE', 'Nebraska'],
  ['NV', 'Nevada'],
  ['NH', 'New Hampshire'],
  ['NJ', 'New Jersey'],
  ['NM', 'New Mexico'],
  ['NY', 'New York'],
  ['NC', 'North Carolina'],
  ['ND', 'North Dakota'],
  ['OH', 'Ohio'],
  ['OK', 'Oklahoma'],
  ['OR', 'Oregon'],
  ['PA', 'Pennsylvania'],
  ['RI', 'Rhode Island'],
  ['SC', 'South Carolina'],
  ['SD', 'South Dakota'],
  ['TN', 'Tennessee'],
  ['TX', 'Texas'],
  ['UT', 'Utah'],
  ['VT', 'Vermont'],
  ['VA', 'Virginia'],
  ['WA', 'Washington'],
  ['WV', 'West Virginia'],
  ['WI', 'Wisconsin'],
  ['WY', 'Wyoming'],
].map(([code, name]) => ({ code, name }));

export const isUsState = (code: string) => US_STATES.some((s) => s.code === code);

/** Luhn check of a string of digits. */
export function luhnValid(digits: string): boolean {
  if (!/^\d+$/.test(digits)) return false;
  let sum = 0;
  let double = false;
  for (let i = digits.length - 1; i >= 0; i--) {
    let d = digits.charCodeAt(i) - 48;
    if (double) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
    double = !double;
  }
  return sum % 10 === 0;
}

/**
 * A card-shaped number: 13–19 digits (spaces or dashes between groups allowed) that start as payment cards do
 * (2–6: Mastercard, Amex/Diners, Visa, Mastercard, Discover/UnionPay) and pass the Luhn check. The first digit
 * keeps millisecond timestamps (1…) and other ids inside signed values from being taken for cards.
 */
export function looksLikeCardNumber(text: string): boolean {
  const runs = text.match(/\d(?:[ -]?\d){12,}/g);
  if (!runs) return false;
  for (const run of runs) {
    const digits = run.replace(/[ -]/g, '');
    if (digits.length < 13 || digits.length > 19 || !/^[2-6]/.test(digits)) continue;
    if (luhnValid(digits)) return true;
  }
  return false;
}

/**
 * True when a string of a parsed JSON value (a text value or a key, at any depth) looks like a card number.
 * Only text is read: a card number is typed, so it arrives as text, while a number such as a crop's
 * 0.347560975609756 is never one. Only arrays and plain objects are walked: a Buffer (an uploaded picture) or
 * any other object is not read, since walking its entries would take seconds for a few megabytes. Every string,
 * key and element is looked at once, so the work is linear in the size of the value.
 */
export function containsCardNumber(value: unknown): boolean {
  const pending: unknown[] = [value];
  while (pending.length > 0) {
    const item = pending.pop();
    if (typeof item === 'string') {
      if (looksLikeCardNumber(item)) return true;
    } else if (Array.isArray(item)) {
      for (const element of item) pending.push(element);
    } else if (isPlainObject(item)) {
      for (const key of Object.keys(item)) {
        if (looksLikeCardNumber(key)) return true;
        pending.push(item[key]);
      }
    }
  }
  return false;
}

/**
 * An object of fields as JSON.parse or a query-string parser makes it: its prototype is Object's, none, or one
 * with none (the query parser's dictionary). A Buffer, a Map or a class's instance has a longer chain.
 */
function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null) return false;
  const proto = Object.getPrototypeOf(value);
  return proto === null || Object.getPrototypeOf(proto) === null;
}

/** The card brand of a number's first digits (what a gateway reports as the card type). */
export function cardTypeOf(digits: string): string {
  if (/^4/.test(digits)) return 'Visa';
  if (/^(5[1-5]|2[2-7])/.test(digits)) return 'MasterCard';
  if (/^3[47]/.test(digits)) return 'American Express';
  if (/^6(011|5)/.test(digits)) return 'Discover';
  if (/^35/.test(digits)) return 'JCB';
  return 'Unknown';
}

/**
 * Why the server refuses an amount acceptablePaymentAmount does not accept: the screen's reason
 * (paymentAmountProblem: too many decimals, or the specification's message), the specification's by default.
 */
export function paymentAmountRefusal(amount: string, balance: Money): string {
  return paymentAmountProblem(amount, balance) ?? paymentMessages.amountTooHigh(balance);
}

/**
 * A payment amount as typed (account-area §5): digits and a dot only, at most two decimals, above 0 and not
 * above the open balance. Answers the cents string, or null when it is not acceptable.
 */
export function acceptablePaymentAmount(amount: string, balance: Money): string | null {
  const text = amount.trim();
  if (!/^\d{1,9}(\.\d{1,2})?$/.test(text)) return null;
  const value = money(text);
  if (value.lte(0) || value.gt(money(balance))) return null;
  return value.toFixed(2);
}

export interface ManualCardFields {
  billing_name: string;
  billing_address: string;
  billing_city: string;
  billing_state: string;
  billing_postal: string;
  expmonth: string | number | null | undefined;
  expyear: string | number | null | undefined;
  /** The hosted field says whether a CVV was typed (the CVV itself never leaves it). */
  cvvPresent: boolean;
}

const blank = (v: unknown) => v === null || v === undefined || String(v).trim() === '';

/** The manual-card path's first problem (account-area §5), in the order the form asks. */
export function manualCardProblem(f: ManualCardFields): string | null {
  if (blank(f.billing_name)) return paymentMessages.chooseName;
  if ([f.billing_address, f.billing_city, f.billing_state, f.billing_postal].some(blank))
    return paymentMessages.fillAddress;
  if (!f.cvvPresent) return paymentMessages.chooseCvv;
  if (blank(f.expmonth)) return paymentMessages.chooseExpMonth;
  if (blank(f.expyear)) return paymentMessages.chooseExpYear;
  return null;
}

/** Fields a new billing method needs (account-area §5 'Billing card add'); edit needs fewer. */
export const BILLING_ADD_REQUIRED = [
  'name',
  'billing_name',
  'billing_address',
  'billing_city',
  'billing_state',
  'billing_postal',
  'expmonth',
  'expyear',
] as const;
export const BILLING_EDIT_REQUIRED = [
  'billing_name',
  'billing_address',
  'billing_city',
  'billing_state',
  'billing_postal',
  'expmonth',
  'expyear',
] as const;

/** The required fields left blank. */
export function missingFields(values: Record<string, unknown>, required: readonly string[]): string[] {
  return required.filter((k) => blank(values[k]));
}

/** Whether an expiry month/year is this month or later. */
export function expiryValid(month: number, year: number, now: Date = new Date()): boolean {
  if (!Number.isInteger(month) || month < 1 || month > 12) return false;
  const years = expiryYears(now);
  if (!years.includes(year)) return false;
  return year > now.getFullYear() || month >= now.getMonth() + 1;
}
