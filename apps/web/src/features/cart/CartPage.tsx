import {
  ActionIcon,
  Alert,
  Anchor,
  Box,
  Button,
  Center,
  Container,
  Group,
  Loader,
  Modal,
  Paper,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import type { CartItem, CartResponse } from '@mitrebox/api-contract';
import { formatMoney, isValidPo, messages, ORDER_TYPE_LABELS, PO_MESSAGE, poMessage } from '@mitrebox/domain';
import {
  IconAlertTriangle,
  IconArrowLeft,
  IconClock,
  IconPencil,
  IconShoppingCart,
  IconTrash,
} from '@tabler/icons-react';
import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { AddToCartDialog } from '../../components/add-to-cart/AddToCartDialog.tsx';
import { cartPayload } from '../../components/add-to-cart/selection.ts';
import { PageHeader } from '../../components/PageHeader.tsx';
import { ApiError } from '../../lib/api.ts';
import { authStorage } from '../../lib/auth-storage.ts';
import {
  CART_QUERY_KEY,
  cartQuery,
  EMPTY_CART,
  placeOrder,
  useAuthCheck,
  useCart,
  useSaveCart,
  useShipTo,
} from '../../lib/cart-api.ts';
import { formatCount } from '../../lib/format.ts';
import { current as currentSession, useSession } from '../../lib/session.ts';
import { useSiteInfo } from '../../lib/site.ts';
import { initialMatch } from '../../lib/viewport.ts';
import classes from './CartPage.module.css';
import { backorderNote, lineKeys, selectionSummary } from './cart-lines.ts';

/** A phone's width (the first render in the browser measures it; the server's guesses it: lib/viewport.ts). */
const PHONE = '(max-width: 36em)';

export default function CartPage() {
  const session = useSession();
  const site = useSiteInfo();
  const [params, setParams] = useSearchParams();
  const addCode = params.get('add');

  const closeAdd = () => {
    const next = new URLSearchParams(params);
    next.delete('add');
    setParams(next, { replace: true });
  };

  return (
    <Container size="lg" py={{ base: 'xl', md: 48 }}>
      <Anchor component={Link} to="/Shop" size="sm" fw={600} mb="sm" display="inline-flex" style={{ gap: 4 }}>
        <IconArrowLeft size={16} aria-hidden /> Back to Shop
      </Anchor>
      <PageHeader eyebrow="Cart" title="Shopping Cart" />
      {session.purchaseBlocked ? (
        <Alert color="red" icon={<IconAlertTriangle aria-hidden />} role="alert">
          {messages.purchaseBlocked(site.phone)}
        </Alert>
      ) : (
        <>
          <CartContent />
          <AddToCartDialog code={addCode} opened={Boolean(addCode)} onClose={closeAdd} />
        </>
      )}
    </Container>
  );
}

function MidnightNotice() {
  return (
    <Group gap={8} wrap="nowrap" className={classes.midnight} data-testid="cart-midnight">
      <IconClock size={18} aria-hidden className={classes.midnightIcon} />
      <Text size="sm" fw={500}>
        {messages.cartReminder}
      </Text>
    </Group>
  );
}

/** The cart, fetched with the screen's code (the router's lazy route): the page renders once, with it (ADR 013). */
export function prefetch(client: QueryClient): Promise<unknown> {
  const { signedIn, purchaseBlocked } = currentSession();
  return signedIn && !purchaseBlocked ? client.prefetchQuery(cartQuery) : Promise.resolve();
}

function CartContent() {
  const cart = useCart();
  const save = useSaveCart();
  const [removing, setRemoving] = useState<number | 'all' | null>(null);
  const [confirmAll, setConfirmAll] = useState(false);
  const [error, setError] = useState<string | null>(null);
  // the line being changed in place, in the same dialog that added it (issue 10 item 3)
  const [editing, setEditing] = useState<{ index: number; item: CartItem } | null>(null);

  if (cart.isPending) {
    return (
      <Center py={64}>
        <Loader color="walnut" role="status" aria-label="Loading your cart" />
      </Center>
    );
  }
  if (cart.error) {
    return (
      <Alert color="red" icon={<IconAlertTriangle aria-hidden />} role="alert">
        {cart.error.message}
      </Alert>
    );
  }
  const data = cart.data ?? EMPTY_CART;
  const keys = lineKeys(data.data);

  const replace = async (which: number | 'all') => {
    setError(null);
    setRemoving(which);
    const lines = which === 'all' ? [] : cartPayload(data.data.filter((_, i) => i !== which));
    try {
      await save.mutateAsync(lines);
    } catch (err) {
      setError(err instanceof ApiError ? err.message : messages.orderSubmitError);
      void cart.refetch();
    } finally {
      setRemoving(null);
      setConfirmAll(false);
    }
  };

  if (data.data.length === 0) {
    return (
      <Stack gap="lg">
        <MidnightNotice />
        <Paper p="xl" radius="md" className={classes.empty}>
          <IconShoppingCart size={36} stroke={1.4} aria-hidden className={classes.emptyIcon} />
          <Title order={2} size="h3">
            Your cart is empty
          </Title>
          <Text c="dimmed" maw={420} ta="center">
            Add mouldings by length, chop, join, straight cut or box, and mats, glass and hardware from the
            shop.
          </Text>
          <Button component={Link} to="/Shop" color="walnut">
            Go to the Shop
          </Button>
        </Paper>
      </Stack>
    );
  }

  return (
    <div className={classes.layout}>
      <section aria-labelledby="cart-lines-heading" className={classes.lines}>
        <Group justify="space-between" align="center" mb="sm">
          <Title order={2} size="h4" id="cart-lines-heading">
            {formatCount(data.count)} {data.count === 1 ? 'item' : 'items'}
          </Title>
          <Button
            variant="subtle"
            color="red.7"
            size="compact-sm"
            leftSection={<IconTrash size={16} aria-hidden />}
            onClick={() => setConfirmAll(true)}
            disabled={removing !== null}
          >
            Remove all
          </Button>
        </Group>
        <MidnightNotice />
        {error ? (
          <Alert color="red" icon={<IconAlertTriangle aria-hidden />} role="alert" mt="sm">
            {error}
          </Alert>
        ) : null}
        <ul className={classes.list} data-testid="cart-lines">
          {data.data.map((item, index) => (
            <CartLine
              key={keys[index]}
              item={item}
              busy={removing === index}
              disabled={removing !== null}
              onRemove={() => replace(index)}
              onChange={() => setEditing({ index, item })}
            />
          ))}
        </ul>
        <AddToCartDialog
          code={editing?.item.Code ?? null}
          opened={editing !== null}
          onClose={() => setEditing(null)}
          edit={editing}
        />
      </section>

      <OrderSummary cart={data} disabled={removing !== null} />

      <Modal
        opened={confirmAll}
        onClose={() => setConfirmAll(false)}
        title="Remove all items?"
        centered
        classNames={{ title: classes.modalTitle }}
      >
        <Text mb="lg">Every line will be removed from your cart. This cannot be undone.</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={() => setConfirmAll(false)} data-autofocus>
            Keep items
          </Button>
          <Button color="red.7" onClick={() => replace('all')} loading={removing === 'all'}>
            Remove all
          </Button>
        </Group>
      </Modal>
    </div>
  );
}

function CartLine(props: {
  item: CartItem;
  busy: boolean;
  disabled: boolean;
  onRemove: () => void;
  onChange: () => void;
}) {
  const { item } = props;
  const [imageOk, setImageOk] = useState(true);
  const sel = item.productSelection;
  const note = backorderNote(item);
  const moulding = item.calc.unit === 'ft';
  const typeLabel = sel.type && sel.type !== 'item' ? ORDER_TYPE_LABELS[sel.type] : 'Item';
  const summary = selectionSummary(item);
  const charged = moulding ? item.calc.chargedFootage : item.calc.chargedQuantity;
  const asked = moulding ? item.calc.footage : item.calc.quantity;
  return (
    <li className={classes.line} data-testid="cart-line" aria-label={`${item.Code}, ${summary}`}>
      <div className={classes.thumb}>
        {imageOk ? (
          <img
            src={item.image}
            alt=""
            loading="lazy"
            width={400}
            height={400}
            onError={() => setImageOk(false)}
          />
        ) : null}
      </div>
      <div className={classes.info}>
        <Group gap={8} wrap="wrap" align="baseline">
          <Text fw={700} className={classes.code}>
            {item.Code}
          </Text>
          <Text size="sm" c="dimmed" className={classes.desc}>
            {item.Description}
          </Text>
        </Group>
        <Text fw={600} size="sm" mt={2} data-testid="cart-line-summary">
          {summary}
        </Text>
        <Text size="sm" c="dimmed">
          Ships from {item.locationName}
        </Text>
        {sel.instructions ? (
          <Text size="sm" className={classes.instructions}>
            Instructions: {sel.instructions}
          </Text>
        ) : null}
        {note ? (
          <Group gap={6} wrap="nowrap" align="flex-start" mt={4} c="red.7">
            <IconAlertTriangle size={16} aria-hidden style={{ flex: '0 0 auto', marginTop: 2 }} />
            <Text size="sm" fw={500}>
              {note}
            </Text>
          </Group>
        ) : null}
      </div>
      <Group gap={4} wrap="nowrap" className={classes.remove}>
        <ActionIcon
          variant="subtle"
          color="walnut.7"
          size={40}
          aria-label={`Change ${item.Code} (${summary})`}
          onClick={props.onChange}
          disabled={props.disabled}
        >
          <IconPencil size={20} aria-hidden />
        </ActionIcon>
        <ActionIcon
          variant="subtle"
          color="red.7"
          size={40}
          aria-label={`Remove ${item.Code} (${summary})`}
          onClick={props.onRemove}
          loading={props.busy}
          disabled={props.disabled && !props.busy}
        >
          <IconTrash size={20} aria-hidden />
        </ActionIcon>
      </Group>
      <dl className={classes.figures}>
        <div>
          <dt>T</dt>
          <dd title={typeLabel}>{item.calc.pcode || '—'}</dd>
        </div>
        <div>
          <dt>{moulding ? 'Footage' : 'Qty'}</dt>
          <dd>{moulding ? `${formatCount(item.calc.footage)} ft` : formatCount(item.calc.quantity)}</dd>
        </div>
        {charged !== asked ? (
          <div>
            <dt>Charged for</dt>
            <dd data-testid="cart-line-charged">
              {formatCount(charged)}
              {moulding ? ' ft' : ''}
            </dd>
          </div>
        ) : null}
        <div>
          <dt>Unit price</dt>
          <dd>${formatMoney(item.calc.unitPrice)}</dd>
        </div>
        <div>
          <dt>Join fee</dt>
          <dd>{Number(item.calc.joinFee) > 0 ? `$${formatMoney(item.calc.joinFee)}` : '—'}</dd>
        </div>
        <div className={classes.lineTotal}>
          <dt>Total</dt>
          <dd data-testid="cart-line-total">${formatMoney(item.calc.totalPrice)}</dd>
        </div>
      </dl>
    </li>
  );
}

const amountOf = (n: number, unit: 'ft' | 'ea') => `${formatCount(n)}${unit === 'ft' ? ' ft' : ''}`;

/** Place Order's last look (issue 10 item 6): lines, what ships now and later, total, PO and ship-to. */
function OrderReview(props: {
  cart: CartResponse;
  po: string;
  opened: boolean;
  busy: boolean;
  error: string | null;
  onBack: () => void;
  onPlace: () => void;
}) {
  const { cart, po } = props;
  const phone = useMediaQuery(PHONE, initialMatch(PHONE), { getInitialValueInEffect: false });
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
          {cart.data.map((item, i) => {
            const unit = item.calc.unit;
            const later = item.backremq + item.backallq;
            return (
              <li key={keys[i]} className={classes.reviewLine} data-testid="review-line">
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
          })}
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

function OrderSummary({ cart, disabled }: { cart: CartResponse; disabled: boolean }) {
  const auth = useAuthCheck();
  const client = useQueryClient();
  const navigate = useNavigate();
  const site = useSiteInfo();
  const [po, setPo] = useState('');
  const [poError, setPoError] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [reviewing, setReviewing] = useState(false);
  const canCheckout = auth.isSuccess && cart.data.length > 0;

  const review = (event: React.FormEvent) => {
    event.preventDefault();
    setError(null);
    if (!isValidPo(po)) {
      setPoError(PO_MESSAGE);
      return;
    }
    setReviewing(true);
  };

  const place = async () => {
    if (busy) return;
    setError(null);
    setBusy(true);
    try {
      const answer = await placeOrder({ poNumber: po.trim(), cartVersion: cart.version });
      if (typeof answer?.orderNumber === 'number' && answer.orderNumber > 0) {
        authStorage.touch(Date.now());
        // the cart is empty now: no midnight reminder on the confirmation
        notifications.hide('cart-reminder');
        client.setQueryData(CART_QUERY_KEY, { ...EMPTY_CART, version: cart.version + 1 });
        void client.invalidateQueries({ queryKey: CART_QUERY_KEY });
        setReviewing(false);
        navigate(`/Admin/OrderDetails/${answer.orderNumber}`);
        return;
      }
      setError(messages.orderSubmitError);
    } catch (err) {
      if (err instanceof ApiError && err.errors?.poNumber) {
        setPoError(err.errors.poNumber);
        setReviewing(false);
      } else if (err instanceof ApiError && err.status === 403)
        setError(err.message || messages.purchaseBlocked(site.phone));
      else if (err instanceof ApiError && err.status === 422) {
        setError(err.message);
        void client.invalidateQueries({ queryKey: CART_QUERY_KEY });
      } else setError(messages.orderSubmitError);
    } finally {
      setBusy(false);
    }
  };

  return (
    <aside aria-labelledby="order-summary-heading" className={classes.summary}>
      <Paper p="lg" radius="md" className={classes.summaryCard}>
        <form onSubmit={review} noValidate>
          <Stack gap="md">
            <Title order={2} size="h4" id="order-summary-heading">
              Order summary
            </Title>
            <dl className={classes.totals}>
              <div>
                <dt>Lines</dt>
                <dd>{formatCount(cart.count)}</dd>
              </div>
              <div className={classes.orderTotal}>
                <dt>Order total</dt>
                <dd data-testid="cart-total">${formatMoney(cart.total)}</dd>
              </div>
            </dl>
            <Text size="xs" c="dimmed" mt={-8}>
              Shipping and tax, if any, are added on the invoice.
            </Text>
            <TextInput
              label="PO #"
              name="poNumber"
              autoComplete="off"
              value={po}
              onChange={(e) => {
                // said as the buyer types, never rewritten (issue 10 item 5)
                setPo(e.currentTarget.value);
                setPoError(poMessage(e.currentTarget.value));
              }}
              description={poError ? undefined : 'Letters and digits, 13 at most'}
              error={poError}
              inputWrapperOrder={['label', 'input', 'description', 'error']}
            />
            {error && !reviewing ? (
              <Alert color="red" icon={<IconAlertTriangle aria-hidden />} role="alert">
                {error}
              </Alert>
            ) : null}
            {canCheckout ? (
              <Button type="submit" size="md" fullWidth disabled={disabled} color="walnut">
                Place Order
              </Button>
            ) : auth.isError ? null : (
              <Group gap={8} justify="center" c="dimmed">
                <Loader size="xs" color="walnut" />
                <Text size="sm">Checking your sign-in…</Text>
              </Group>
            )}
          </Stack>
        </form>
      </Paper>
      <Box mt="sm">
        <Anchor component={Link} to="/Shop" size="sm">
          Continue shopping
        </Anchor>
      </Box>
      <OrderReview
        cart={cart}
        po={po}
        opened={reviewing}
        busy={busy}
        error={error}
        onBack={() => setReviewing(false)}
        onPlace={() => void place()}
      />
    </aside>
  );
}
