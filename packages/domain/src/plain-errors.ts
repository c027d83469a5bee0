/**
 * Every refusal of the server as a plain sentence on the field it concerns
 * (docs/decisions/009-net-prices-in-listings.md). The server's schema validation answers through plainFieldMessage,
 * and the web passes every error answer through plainRefusal, so technical text ('Too big: expected number to be
 * <=2000000000', 'The email field is required.') never reaches the screen. Sentences that are already plain (the
 * specification's messages) pass unchanged.
 */

/** How a person calls the fields of the requests. */
const FIELD_LABELS: Record<string, string> = {
  Invoicenum: 'Invoice number',
  fWidth: 'Width',
  fHeight: 'Height',
  invnum: 'Invoice number',
  Invnum: 'Invoice number',
  Ordernum: 'Order number',
  Ordnum: 'Order number',
  orderid: 'Order number',
  Acctnum: 'Account number',
  username: 'Account number',
  password: 'Password',
  password_confirmation: 'Password confirmation',
  email: 'E-mail address',
  code: 'Code',
  Code: 'Item #',
  TopSearch: 'Search',
  search: 'Search',
  q: 'Search',
  page: 'Page',
  perPage: 'Rows per page',
  items_per_page: 'Products per page',
  orderCol: 'Sort column',
  orderDir: 'Sort direction',
  sort: 'Sort',
  dir: 'Sort direction',
  invDateFrom: 'Invoice date from',
  invDateTo: 'Invoice date to',
  ordDateFrom: 'Order date from',
  ordDateTo: 'Order date to',
  paystatus: 'Payment status',
  poNumber: 'PO number',
  CustPo: 'PO number',
  quantity: 'Quantity',
  length: 'Length',
  width: 'Width',
  height: 'Height',
  rabbet: 'Rabbet depth',
  location: 'Location',
  instructions: 'Instructions',
  amount: 'Amount',
  batchId: 'Batch number',
  filters: 'Filters',
  type: 'Product type',
  frameType: 'Product group',
  body: 'The request',
};

const capitalize = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** 'Invoicenum' → 'Invoice number'; 'cartdata.2' → 'Cart line 3'; unknown names read as words. */
export function fieldLabel(field: string): string {
  const parts = field.split('.').filter(Boolean);
  if (parts[0] === 'cartdata' && /^\d+$/.test(parts[1] ?? '')) return `Cart line ${Number(parts[1]) + 1}`;
  const named = [...parts].reverse().find((p) => !/^\d+$/.test(p)) ?? field;
  const known = FIELD_LABELS[named];
  if (known) return known;
  const words = named
    .replace(/_/g, ' ')
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .trim()
    .toLowerCase();
  return /[a-z]/.test(words) ? capitalize(words) : 'This field';
}

// made at first use: the first Intl formatter of a page costs some milliseconds (its locale data), and this module is
// in every page's first load, whose Total Blocking Time is kept low (docs/decisions/013-prerendered-first-paint.md),
// and no error is shown there
let number: Intl.NumberFormat | undefined;
const amount = (text: string) => {
  const n = Number(text);
  if (!Number.isFinite(n)) return text;
  number ??= new Intl.NumberFormat('en-US', { maximumFractionDigits: 4 });
  return number.format(n);
};

type Rule = [RegExp, (label: string, m: RegExpMatchArray) => string];

/** Technical texts (zod's defaults, framework phrases) and the sentence each becomes. */
const RULES: Rule[] = [
  [/^Too big: expected number to be <(=?)\s*(-?[\d.e+]+)/i, (l, m) => tooBig(l, m[1] === '=', m[2] ?? '')],
  [
    /^Too small: expected number to be >(=?)\s*(-?[\d.e+]+)/i,
    (l, m) => tooSmall(l, m[1] === '=', m[2] ?? ''),
  ],
  [
    /^Too big: expected string to have <=?\s*(\d+) characters?/i,
    (l, m) => `${l} can be at most ${amount(m[1] ?? '')} characters.`,
  ],
  [
    /^Too small: expected string to have >=?\s*(\d+) characters?/i,
    (l, m) => (m[1] === '1' ? `${l} is required.` : `${l} must be at least ${m[1]} characters.`),
  ],
  [
    /^Too big: expected array to have <=?\s*(\d+) items?/i,
    (l, m) => `${l} can hold at most ${amount(m[1] ?? '')} entries.`,
  ],
  [/^Too small: expected array to have >=?\s*(\d+) items?/i, (l) => `${l} needs at least one entry.`],
  [/^Too (big|small)/i, (l) => `${l} is out of range.`],
  [/^Invalid input: expected int\b/i, (l) => `${l} must be a whole number.`],
  [/^Invalid input: expected (number|bigint)\b/i, (l) => `${l} must be a number.`],
  [/^Invalid input: expected \w+, received (undefined|null)/i, (l) => `${l} is required.`],
  [/^Invalid input: expected boolean\b/i, (l) => `${l} must be yes or no.`],
  [/^Invalid input: expected (date|string)\b/i, (l) => `${l} is not valid.`],
  [/^Invalid (option|enum value)/i, (l) => `${l} is not one of the choices.`],
  [/^Invalid (email|e-mail)( address)?$/i, () => 'Enter a valid e-mail address.'],
  [/^Invalid (ISO )?(date|datetime)/i, (l) => `${l} must be a date.`],
  [/^Invalid (string|input|format|url|uuid)/i, (l) => `${l} is not valid.`],
  [/^Required$/i, (l) => `${l} is required.`],
  [/^Expected number, received nan$/i, (l) => `${l} must be a number.`],
  [/^Unrecognized key/i, () => 'The request has a field this page does not send.'],
  // framework phrases ('The email field is required.', 'The email must be a valid email address.')
  [/^The [\w ]+ field is required\.?$/i, (l) => `${l} is required.`],
  [/^The [\w ]+ must be a valid email address\.?$/i, () => 'Enter a valid e-mail address.'],
];

function tooBig(label: string, inclusive: boolean, limit: string): string {
  const n = Number(limit);
  if (Number.isFinite(n) && n >= 1e6) return `${label} is too large. Check the number.`;
  return inclusive
    ? `${label} can be at most ${amount(limit)}.`
    : `${label} must be less than ${amount(limit)}.`;
}

function tooSmall(label: string, inclusive: boolean, limit: string): string {
  if (limit === '0' && !inclusive) return `${label} must be greater than 0.`;
  if (limit === '1' && inclusive) return `${label} must be at least 1.`;
  return inclusive
    ? `${label} must be at least ${amount(limit)}.`
    : `${label} must be more than ${amount(limit)}.`;
}

/** True when the text is one of the technical forms this module rewrites. */
export function isTechnicalMessage(message: string): boolean {
  return RULES.some(([re]) => re.test(message.trim()));
}

/** The sentence a person reads for a refusal of `field`. Plain sentences come back unchanged. */
export function plainFieldMessage(field: string, message: string | null | undefined): string {
  const text = (message ?? '').trim();
  const label = fieldLabel(field);
  if (!text) return `${label} is not valid.`;
  for (const [re, sentence] of RULES) {
    const m = text.match(re);
    if (m) return sentence(label, m);
  }
  // 'field: sentence' or 'field sentence' — a field name stuck before a message
  const prefixed = text.match(/^([A-Za-z_][\w.]*):?\s+(.+)$/);
  if (prefixed && prefixed[1] === field && prefixed[2]) return plainFieldMessage(field, prefixed[2]);
  return text;
}

export interface Refusal {
  message: string;
  errors?: Record<string, string>;
}

/**
 * A whole error answer made plain: every field's message, and the headline message (which, when it is
 * 'field: text' or a technical text, becomes the plain sentence of that field).
 */
export function plainRefusal(refusal: Refusal): Refusal {
  const errors = refusal.errors
    ? Object.fromEntries(Object.entries(refusal.errors).map(([f, m]) => [f, plainFieldMessage(f, m)]))
    : undefined;
  let message = refusal.message.trim();
  const prefixed = message.match(/^([A-Za-z_][\w.]*): (.+)$/);
  if (prefixed?.[1] && prefixed[2]) {
    message = errors?.[prefixed[1]] ?? plainFieldMessage(prefixed[1], prefixed[2]);
  } else if (isTechnicalMessage(message)) {
    const first = errors ? Object.values(errors)[0] : undefined;
    message = first ?? plainFieldMessage('', message);
  }
  return errors ? { message, errors } : { message };
}
