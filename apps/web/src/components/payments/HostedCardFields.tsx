import { Alert, Anchor, Collapse, Table, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconLock } from '@tabler/icons-react';
import { forwardRef, useEffect, useImperativeHandle, useMemo, useRef, useState } from 'react';
import { useGatewayConfig } from '../../lib/payments-api.ts';
import classes from './payments.module.css';

export interface CardFieldState {
  ready: boolean;
  numberEmpty: boolean;
  numberValid: boolean;
  cvvPresent: boolean;
  cardType: string;
}

export interface TokenizedCard {
  token: string;
  lastFour: string;
  cardType: string;
}

/** Why the hosted field could not give a token: 'number' (Check Credit Card Number), 'cvv', or 'unknown'. */
export class CardFieldError extends Error {
  constructor(
    readonly field: 'number' | 'cvv' | 'expiry' | 'unknown',
    message = '',
  ) {
    super(message || field);
    this.name = 'CardFieldError';
  }
}

export interface HostedCardFieldsHandle {
  tokenize(expmonth: number | string, expyear: number | string): Promise<TokenizedCard>;
  clear(): void;
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
 * The gateway's hosted card fields (card number and CVV) in an iframe: what is typed there never reaches this
 * page. Messages are accepted only from the iframe's own origin and window; tokenize() answers a single-use
 * token with the last four and the card type.
 */
export const HostedCardFields = forwardRef<HostedCardFieldsHandle, { onState?: (s: CardFieldState) => void }>(
  function HostedCardFields({ onState }, ref) {
    const config = useGatewayConfig();
    const frame = useRef<HTMLIFrameElement>(null);
    const pending = useRef(
      new Map<string, { resolve: (c: TokenizedCard) => void; reject: (e: Error) => void }>(),
    );
    const [ready, setReady] = useState(false);
    const [height, setHeight] = useState(96);
    const onStateRef = useRef(onState);
    onStateRef.current = onState;

    const src = useMemo(() => {
      if (!config.data?.fieldsUrl) return null;
      const url = new URL(config.data.fieldsUrl, window.location.href);
      url.searchParams.set('origin', window.location.origin);
      return url;
    }, [config.data?.fieldsUrl]);
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

    if (config.isError)
      return (
        <Alert color="red" variant="light">
          Unknown error please refresh page
        </Alert>
      );
    if (config.data && config.data.gateway !== 'sandbox')
      return (
        <Alert color="red" variant="light">
          This gateway&apos;s card fields are not available on this page yet. Please pay with a saved card.
        </Alert>
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
        {config.data?.gateway === 'sandbox' ? <TestCards /> : null}
      </div>
    );
  },
);
