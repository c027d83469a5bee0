import {
  Alert,
  Anchor,
  Box,
  Button,
  Group,
  Loader,
  Paper,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import type { CartResponse } from '@mitrebox/api-contract';
import { formatMoney } from '@mitrebox/domain';
import { IconAlertTriangle } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useAuthCheck } from '../../lib/cart-api.ts';
import { formatCount } from '../../lib/format.ts';
import { useHydrated } from '../../lib/hydration.ts';
import classes from './CartPage.module.css';
import { OrderReview } from './OrderReview.tsx';
import { usePlaceOrder } from './usePlaceOrder.ts';

/** The order summary beside the lines: totals, the PO number, and Place Order (once the sign-in is checked). */
export function OrderSummary({ cart, disabled }: { cart: CartResponse; disabled: boolean }) {
  const auth = useAuthCheck();
  const order = usePlaceOrder(cart);
  // the server's render cannot check the sign-in (it shows the check under way), nor the app's first render over it
  const hydrated = useHydrated();
  const canCheckout = hydrated && auth.isSuccess && cart.data.length > 0;

  return (
    <aside aria-labelledby="order-summary-heading" className={classes.summary}>
      <Paper p="lg" radius="md" className={classes.summaryCard}>
        <form onSubmit={order.review} noValidate>
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
              value={order.po}
              onChange={(e) => order.typePo(e.currentTarget.value)}
              description={order.poError ? undefined : 'Letters and digits, 13 at most'}
              error={order.poError}
              inputWrapperOrder={['label', 'input', 'description', 'error']}
            />
            {order.error && !order.reviewing ? (
              <Alert color="red" icon={<IconAlertTriangle aria-hidden />} role="alert">
                {order.error}
              </Alert>
            ) : null}
            {canCheckout ? (
              <Button type="submit" size="md" fullWidth disabled={disabled} color="walnut">
                Place Order
              </Button>
            ) : hydrated && auth.isError ? null : (
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
        po={order.po}
        opened={order.reviewing}
        busy={order.busy}
        error={order.error}
        onBack={order.backToCart}
        onPlace={() => void order.place()}
      />
    </aside>
  );
}
