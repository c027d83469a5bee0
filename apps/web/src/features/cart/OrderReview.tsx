import { Alert, Button, Group, Loader, Modal, Stack, Text } from '@mantine/core';
import type { CartItem, CartResponse } from '@mitrebox/api-contract';
import { formatMoney } from '@mitrebox/domain';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useShipTo } from '../../lib/cart-api.ts';
import { formatCount } from '../../lib/format.ts';
import { useWidthQuery } from '../../lib/viewport.ts';
import classes from './CartPage.module.css';
import { lineKeys, selectionSummary } from './cart-lines.ts';

/** A phone's width (the first render in the browser measures it; the server's guesses it: lib/viewport.ts). */
const PHONE = '(max-width: 36em)';

const amountOf = (n: number, unit: 'ft' | 'ea') => `${formatCount(n)}${unit === 'ft' ? ' ft' : ''}`;

/** Place Order's last look: lines, what ships now and later, total, PO and ship-to. */
export function OrderReview(props: {
  cart: CartResponse;
  po: string;
  opened: boolean;
  busy: boolean;
  error: string | null;
  onBack: () => void;
  onPlace: () => void;
}) {
  const { cart, po } = props;
  const phone = useWidthQuery(PHONE);
  const shipTo = useShipTo(props.opened);
  const keys = lineKeys(cart.data);
  return (
    <Modal
      opened={props.opened}
      onClose={props.onBack}
      title="Review your order"
      size="xl"
      fullScreen={phone}
      radius={phone ? 0 : 'md'}
      classNames={{ title: classes.modalTitle }}
      transitionProps={{ duration: phone ? 0 : 150 }}
    >
      <Stack gap="md" data-testid="order-review">
        <div className={classes.reviewFacts}>
          <ShipToFact shipTo={shipTo} />
          <div>
            <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
              PO #
            </Text>
            <Text size="sm" fw={600} data-testid="review-po">
              {po.trim() || 'None'}
            </Text>
          </div>
        </div>
        <ul className={classes.reviewList} aria-label="Lines">
          {cart.data.map((item, i) => (
            <ReviewLine key={keys[i]} item={item} />
          ))}
        </ul>
        <Group justify="space-between" className={classes.reviewSum}>
          <Text fw={600}>
            Order total ({formatCount(cart.count)} {cart.count === 1 ? 'line' : 'lines'})
          </Text>
          <Text fw={800} size="xl" data-testid="review-total">
            ${formatMoney(cart.total)}
          </Text>
        </Group>
        <Text size="xs" c="dimmed" mt={-8}>
          Shipping and tax, if any, are added on the invoice.
        </Text>
        {props.error ? (
          <Alert color="red" icon={<IconAlertTriangle aria-hidden />} role="alert">
            {props.error}
          </Alert>
        ) : null}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={props.onBack} disabled={props.busy}>
            Back
          </Button>
          <Button color="walnut" onClick={props.onPlace} loading={props.busy} data-autofocus>
            Place Order
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/** The ship-to address and carrier, or the account's address when it cannot be read. */
function ShipToFact({ shipTo }: { shipTo: ReturnType<typeof useShipTo> }) {
  return (
    <div>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        Ship to
      </Text>
      {shipTo.data ? (
        <Text size="sm" data-testid="review-ship-to">
          <strong>{shipTo.data.company}</strong>
          {shipTo.data.lines.map((l) => (
            <span key={l}>
              <br />
              {l}
            </span>
          ))}
          {shipTo.data.shipvia ? (
            <>
              <br />
              Ship via {shipTo.data.shipvia}
            </>
          ) : null}
        </Text>
      ) : shipTo.isError ? (
        <Text size="sm">Your account address</Text>
      ) : (
        <Loader size="xs" color="walnut" aria-label="Loading the ship-to address" />
      )}
    </div>
  );
}

/** A line as it will be ordered: what ships now, later, is cancelled, and its total. */
function ReviewLine({ item }: { item: CartItem }) {
  const unit = item.calc.unit;
  const later = item.backremq + item.backallq;
  return (
    <li className={classes.reviewLine} data-testid="review-line">
      <div className={classes.reviewWhat}>
        <Text fw={700} size="sm">
          {item.Code}
        </Text>
        <Text size="sm">{selectionSummary(item)}</Text>
        <Text size="xs" c="dimmed">
          From {item.locationName}
        </Text>
      </div>
      <dl className={classes.reviewSplit}>
        <div>
          <dt>Ships now</dt>
          <dd>{amountOf(item.ShipVal, unit)}</dd>
        </div>
        <div>
          <dt>Later</dt>
          <dd>{later > 0 ? amountOf(later, unit) : '—'}</dd>
        </div>
        {item.backcancel > 0 ? (
          <div>
            <dt>Cancelled</dt>
            <dd>{amountOf(item.backcancel, unit)}</dd>
          </div>
        ) : null}
        <div className={classes.reviewTotal}>
          <dt>Total</dt>
          <dd>${formatMoney(item.calc.totalPrice)}</dd>
        </div>
      </dl>
    </li>
  );
}
