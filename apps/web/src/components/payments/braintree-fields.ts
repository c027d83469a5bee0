import { CardFieldError, type CardFieldState, type TokenizedCard } from './card-fields.ts';

/**
 * Braintree's hosted fields (braintree-web): the card number, CVV and expiry are typed into iframes served
 * by Braintree, tokenised in the browser, and only the nonce, last four, card type and expiry reach this page
 * and our API. braintree-web is loaded on demand (dynamic import), so only the payment screens download it.
 */

/** What we use of braintree-web's hosted-fields instance (its own types are broader). */
interface HostedFieldsEvent {
  emittedBy: string;
  cards: { niceType?: string; type?: string }[];
  fields: Record<string, { isEmpty: boolean; isValid: boolean; isPotentiallyValid: boolean } | undefined>;
}
export interface HostedFieldsLike {
  on(event: string, handler: (e: HostedFieldsEvent) => void): void;
  tokenize(options?: Record<string, unknown>): Promise<{
    nonce: string;
    details: { lastFour?: string; cardType?: string; expirationMonth?: string; expirationYear?: string };
  }>;
  clear(field: string): void;
  focus(field: string): void;
  teardown(): Promise<void>;
}
interface BraintreeModules {
  client: { create(options: { authorization: string }): Promise<unknown> };
  hostedFields: { create(options: Record<string, unknown>): Promise<HostedFieldsLike> };
}

declare global {
  interface Window {
    /** braintree-web's browser builds register themselves here (client, hostedFields). */
    braintree?: Partial<BraintreeModules>;
  }
}

/** Adds a script of our own origin once (CSP script-src 'self'); resolves when it has run. */
function addScript(src: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const found = document.querySelector<HTMLScriptElement>(`script[data-braintree="${src}"]`);
    if (found?.dataset.loaded) return resolve();
    const script = found ?? document.createElement('script');
    script.addEventListener('load', () => {
      script.dataset.loaded = '1';
      resolve();
    });
    script.addEventListener('error', () => reject(new Error(`could not load ${src}`)));
    if (!found) {
      script.src = src;
      script.async = true;
      script.dataset.braintree = src;
      document.head.appendChild(script);
    }
  });
}

/**
 * braintree-web's client and hosted-fields modules, loaded on demand: the npm package's own browser builds,
 * served from our origin as separate files (kept out of the app's bundle graph, so no page but the card forms
 * ever fetches them, and the first load is untouched).
 */
export async function loadBraintree(): Promise<BraintreeModules> {
  const ready = () => {
    const bt = typeof window === 'undefined' ? undefined : window.braintree;
    return bt?.client && bt.hostedFields ? (bt as BraintreeModules) : null;
  };
  const loaded = ready();
  if (loaded) return loaded;
  const [clientUrl, hostedFieldsUrl] = await Promise.all([
    import('braintree-web/dist/browser/client.js?url').then((m) => m.default),
    import('braintree-web/dist/browser/hosted-fields.js?url').then((m) => m.default),
  ]);
  await addScript(clientUrl);
  await addScript(hostedFieldsUrl);
  const modules = ready();
  if (!modules) throw new Error('braintree-web did not load');
  return modules;
}

export interface BraintreeContainers {
  number: HTMLElement | string;
  cvv: HTMLElement | string;
  expirationMonth: HTMLElement | string;
  expirationYear: HTMLElement | string;
}

export interface BraintreeFields {
  tokenize(billing?: { name?: string; postalCode?: string; streetAddress?: string }): Promise<TokenizedCard>;
  clear(): void;
  teardown(): Promise<void>;
}

/** Expiry years offered: this year through ten years ahead (account-area §5), as the form's own select does. */
const years = (now = new Date()) => Array.from({ length: 11 }, (_, i) => String(now.getFullYear() + i));
const MONTHS = Array.from({ length: 12 }, (_, i) => String(i + 1).padStart(2, '0'));

const STYLES = {
  input: { 'font-size': '15px', 'font-family': 'system-ui, sans-serif', color: '#2a211b' },
  ':focus': { color: '#2a211b' },
  '.invalid': { color: '#c92a2a' },
};

/** Braintree's tokenize errors as the form's field errors (its codes are documented and stable). */
export function fieldErrorOf(err: unknown): CardFieldError {
  const e = err as { code?: string; details?: { invalidFieldKeys?: string[] } };
  const invalid = e?.details?.invalidFieldKeys ?? [];
  if (e?.code === 'HOSTED_FIELDS_FIELDS_EMPTY' || invalid.includes('number'))
    return new CardFieldError('number');
  if (invalid.includes('cvv')) return new CardFieldError('cvv', 'Enter the CVV');
  if (invalid.some((k) => k.startsWith('expiration')))
    return new CardFieldError('expiry', 'Check the expiry date');
  if (e?.code === 'HOSTED_FIELDS_FAILED_TOKENIZATION')
    return new CardFieldError('number', 'Check Credit Card Number');
  return new CardFieldError('unknown');
}

/** Our field state from a hosted-fields event. */
export function stateOf(e: HostedFieldsEvent): CardFieldState {
  const number = e.fields.number;
  const cvv = e.fields.cvv;
  return {
    ready: true,
    numberEmpty: number?.isEmpty ?? true,
    numberValid: number?.isValid ?? false,
    cvvPresent: cvv ? !cvv.isEmpty && cvv.isValid : false,
    cardType: e.cards.length === 1 ? (e.cards[0]?.niceType ?? '') : '',
  };
}

/** Creates Braintree's client with the client token from our API and mounts its hosted fields in the containers. */
export async function mountBraintreeFields(opts: {
  clientToken: string;
  containers: BraintreeContainers;
  onState?: (s: CardFieldState) => void;
  load?: () => Promise<BraintreeModules>;
  now?: Date;
}): Promise<BraintreeFields> {
  const bt = await (opts.load ?? loadBraintree)();
  const client = await bt.client.create({ authorization: opts.clientToken });
  const hf = await bt.hostedFields.create({
    client,
    styles: STYLES,
    fields: {
      number: { container: opts.containers.number, placeholder: '1234 1234 1234 1234' },
      cvv: { container: opts.containers.cvv, placeholder: '123' },
      expirationMonth: {
        container: opts.containers.expirationMonth,
        placeholder: 'MM',
        select: { options: MONTHS },
      },
      expirationYear: {
        container: opts.containers.expirationYear,
        placeholder: 'YYYY',
        select: { options: years(opts.now) },
      },
    },
  });
  for (const event of ['validityChange', 'empty', 'notEmpty', 'cardTypeChange'])
    hf.on(event, (e) => opts.onState?.(stateOf(e)));
  opts.onState?.({ ready: true, numberEmpty: true, numberValid: false, cvvPresent: false, cardType: '' });
  return {
    async tokenize(billing) {
      try {
        const payload = await hf.tokenize({
          ...(billing?.name ? { cardholderName: billing.name } : {}),
          ...(billing?.postalCode || billing?.streetAddress
            ? { billingAddress: { postalCode: billing.postalCode, streetAddress: billing.streetAddress } }
            : {}),
        });
        return {
          token: payload.nonce,
          lastFour: payload.details.lastFour ?? '',
          cardType: payload.details.cardType ?? '',
          expmonth: payload.details.expirationMonth
            ? String(Number(payload.details.expirationMonth))
            : undefined,
          expyear: payload.details.expirationYear,
        };
      } catch (err) {
        throw fieldErrorOf(err);
      }
    },
    clear() {
      for (const f of ['number', 'cvv', 'expirationMonth', 'expirationYear']) hf.clear(f);
    },
    teardown: () => hf.teardown(),
  };
}
