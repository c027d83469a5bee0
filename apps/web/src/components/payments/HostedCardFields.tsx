import { Alert, Anchor, Collapse, Table, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconLock } from '@tabler/icons-react';
import { forwardRef, useEffect, useId, useImperativeHandle, useMemo, useRef, useState } from 'react';
import { useGatewayConfig } from '../../lib/payments-api.ts';
import type { BraintreeFields } from './braintree-fields.ts';
import {
  CardFieldError,
  type CardFieldState,
  cardFieldsIntegration,
  integrationOwnsExpiry,
  type TokenizedCard,
} from './card-fields.ts';
import classes from './payments.module.css';

export type { CardFieldState, TokenizedCard } from './card-fields.ts';
export { CardFieldError } from './card-fields.ts';

export interface HostedCardFieldsHandle {
  /** The expiry is the form's (sandbox) or the gateway's own fields' (Braintree: answered in the card). */
  tokenize(
    expmonth: number | string,
    expyear: number | string,
    billing?: { name?: string; postalCode?: string; streetAddress?: string },
  ): Promise<TokenizedCard>;
  clear(): void;
}

/** Whether the configured gateway's hosted fields hold the expiry too (the form then hides its selects). */
export function useHostedFieldsOwnExpiry(): boolean {
  const config = useGatewayConfig();
  return config.data ? integrationOwnsExpiry(cardFieldsIntegration(config.data)) : false;
}

/** The sandbox's test cards, shown beside the card field in the sandbox only. */
const SANDBOX_TEST_CARDS = [
  ['4111 1111 1111 1111', 'approves'],
  ['4000 1111 1111 1115', 'fails verification'],
  ['5105 1051 0510 5100', 'declines'],
  ['any card, 2000.00–2999.99', 'declines with that processor code'],
] as const;

function TestCards() {
  const [open, { toggle }] = useDisclosure(false);
  return (
    <div className={classes.testCards} data-testid="sandbox-test-cards">
      <Anchor component="button" type="button" size="xs" onClick={toggle} aria-expanded={open}>
        {open ? 'Hide' : 'Show'} sandbox test cards
      </Anchor>
      <Collapse expanded={open}>
        <Table fz="xs" verticalSpacing={2} mt={4} aria-label="Sandbox test cards">
          <Table.Tbody>
            {SANDBOX_TEST_CARDS.map(([card, what]) => (
              <Table.Tr key={card}>
                <Table.Td ff="monospace">{card}</Table.Td>
                <Table.Td>{what}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
        <Text size="xs" c="dimmed">
          Any future expiry date and any 3-digit CVV (4 for Amex).
        </Text>
      </Collapse>
    </div>
  );
}

/**
 * The configured gateway's hosted card fields (GET /api/admin/accountBToken chooses the integration): the
 * sandbox's own page in an iframe from its own origin, or Braintree's hosted fields (braintree-web, loaded on
 * demand). What is typed there never reaches this page; tokenize() answers a single-use token with the last
 * four and the card type (and the expiry, when the gateway's fields hold it).
 */
export const HostedCardFields = forwardRef<HostedCardFieldsHandle, { onState?: (s: CardFieldState) => void }>(
  function HostedCardFields(props, ref) {
    const config = useGatewayConfig();
    if (config.isError)
      return (
        <Alert color="red" variant="light">
          Unknown error please refresh page
        </Alert>
      );
    const integration = config.data ? cardFieldsIntegration(config.data) : null;
    if (integration?.kind === 'braintree')
      return <BraintreeCardFields ref={ref} clientToken={integration.clientToken} onState={props.onState} />;
    if (integration?.kind === 'unavailable')
      return (
        <Alert color="red" variant="light">
          Unknown error please refresh page
        </Alert>
      );
    return <SandboxCardFields ref={ref} fieldsUrl={integration?.fieldsUrl ?? null} onState={props.onState} />;
  },
);

/**
 * Braintree's hosted fields: braintree-web (loaded on demand) mounts Braintree's own iframes for the number,
 * CVV and expiry in these containers; tokenize() answers the nonce.
 */
const BraintreeCardFields = forwardRef<
  HostedCardFieldsHandle,
  { clientToken: string; onState?: (s: CardFieldState) => void }
>(function BraintreeCardFields({ clientToken, onState }, ref) {
  const ids = useId();
  const container = useRef<HTMLDivElement>(null);
  const mounted = useRef<BraintreeFields | null>(null);
  const [failed, setFailed] = useState(false);
  const onStateRef = useRef(onState);
  onStateRef.current = onState;

  useEffect(() => {
    let cancelled = false;
    const root = container.current;
    if (!root) return;
    const pick = (name: string) => root.querySelector(`[data-field="${name}"]`) as HTMLElement;
    import('./braintree-fields.ts')
      .then(({ mountBraintreeFields }) =>
        mountBraintreeFields({
          clientToken,
          containers: {
            number: pick('number'),
            cvv: pick('cvv'),
            expirationMonth: pick('expirationMonth'),
            expirationYear: pick('expirationYear'),
          },
          onState: (s) => onStateRef.current?.(s),
        }),
      )
      .then((fields) => {
        if (cancelled) void fields.teardown();
        else mounted.current = fields;
      })
      .catch(() => {
        if (!cancelled) setFailed(true);
      });
    return () => {
      cancelled = true;
      void mounted.current?.teardown().catch(() => {});
      mounted.current = null;
    };
  }, [clientToken]);

  useImperativeHandle(
    ref,
    () => ({
      tokenize(_expmonth, _expyear, billing) {
        const fields = mounted.current;
        return fields ? fields.tokenize(billing) : Promise.reject(new CardFieldError('unknown'));
      },
      clear() {
        mounted.current?.clear();
      },
    }),
    [],
  );

  if (failed)
    return (
      <Alert color="red" variant="light">
        Unknown error please refresh page
      </Alert>
    );
  // Braintree focuses its field when a label names the field's container (its documented pattern)
  const label = (field: string, text: string) => (
    <div className={classes.btField}>
      <Text component="label" htmlFor={`${ids}-${field}`} size="sm" fw={500}>
        {text}
      </Text>
      <div className={classes.btInput} id={`${ids}-${field}`} data-field={field} />
    </div>
  );
  return (
    <div className={classes.hosted} ref={container} data-testid="braintree-card-fields">
      <div className={classes.btRow}>
        {label('number', 'Card number')}
        {label('cvv', 'CVV')}
      </div>
      <div className={classes.btRow}>
        {label('expirationMonth', 'Expiry month')}
        {label('expirationYear', 'Expiry year')}
      </div>
      <Text size="xs" c="dimmed" className={classes.secureNote}>
        <IconLock size={12} aria-hidden /> Card number and CVV go straight to the payment gateway — never to
        us.
      </Text>
    </div>
  );
});

/**
 * The sandbox gateway's hosted page in an iframe from its own origin: what is typed there never reaches this
 * page. Messages are accepted only from the iframe's origin and window.
 */
const SandboxCardFields = forwardRef<
  HostedCardFieldsHandle,
  { fieldsUrl: string | null; onState?: (s: CardFieldState) => void }
>(function SandboxCardFields({ fieldsUrl, onState }, ref) {
  const frame = useRef<HTMLIFrameElement>(null);
  const pending = useRef(
    new Map<string, { resolve: (c: TokenizedCard) => void; reject: (e: Error) => void }>(),
  );
  const [ready, setReady] = useState(false);
  const [height, setHeight] = useState(96);
  const onStateRef = useRef(onState);
  onStateRef.current = onState;

  const src = useMemo(() => {
    if (!fieldsUrl) return null;
    const url = new URL(fieldsUrl, window.location.href);
    url.searchParams.set('origin', window.location.origin);
    return url;
  }, [fieldsUrl]);
  const fieldsOrigin = src?.origin ?? null;

  useEffect(() => {
    if (!fieldsOrigin) return;
    const listen = (e: MessageEvent) => {
      if (e.origin !== fieldsOrigin || e.source !== frame.current?.contentWindow) return;
      const m = e.data as Record<string, unknown>;
      if (m?.source !== 'mitrebox-card-fields') return;
      if (m.type === 'ready') setReady(true);
      if (m.type === 'height' && Number(m.height) > 40) setHeight(Math.min(400, Number(m.height)));
      if (m.type === 'change')
        onStateRef.current?.({
          ready: true,
          numberEmpty: Boolean(m.numberEmpty),
          numberValid: Boolean(m.numberValid),
          cvvPresent: Boolean(m.cvvPresent),
          cardType: String(m.cardType ?? ''),
        });
      const waiting = typeof m.id === 'string' ? pending.current.get(m.id) : undefined;
      if (!waiting) return;
      pending.current.delete(m.id as string);
      if (m.type === 'tokenized')
        waiting.resolve({
          token: String(m.token),
          lastFour: String(m.lastFour),
          cardType: String(m.cardType),
        });
      else
        waiting.reject(
          new CardFieldError((m.field as CardFieldError['field']) ?? 'unknown', String(m.message ?? '')),
        );
    };
    window.addEventListener('message', listen);
    return () => window.removeEventListener('message', listen);
  }, [fieldsOrigin]);

  useImperativeHandle(
    ref,
    () => ({
      tokenize(expmonth, expyear) {
        const target = frame.current?.contentWindow;
        if (!target || !fieldsOrigin || !ready) return Promise.reject(new CardFieldError('unknown'));
        const id = Math.random().toString(36).slice(2);
        return new Promise<TokenizedCard>((resolve, reject) => {
          pending.current.set(id, { resolve, reject });
          target.postMessage({ type: 'tokenize', id, expmonth, expyear }, fieldsOrigin);
          setTimeout(() => {
            if (pending.current.delete(id)) reject(new CardFieldError('unknown'));
          }, 20_000);
        });
      },
      clear() {
        if (fieldsOrigin) frame.current?.contentWindow?.postMessage({ type: 'clear' }, fieldsOrigin);
      },
    }),
    [fieldsOrigin, ready],
  );

  return (
    <div className={classes.hosted}>
      {src ? (
        <iframe
          ref={frame}
          src={src.toString()}
          title="Secure card number and CVV"
          className={classes.frame}
          style={{ height }}
          data-testid="card-fields-frame"
        />
      ) : (
        <div className={classes.frame} />
      )}
      <Text size="xs" c="dimmed" className={classes.secureNote}>
        <IconLock size={12} aria-hidden /> Card number and CVV go straight to the payment gateway — never to
        us.
      </Text>
      <TestCards />
    </div>
  );
});
