import { Alert, Anchor, Center, Container, Group, Loader } from '@mantine/core';
import { messages } from '@mitrebox/domain';
import { IconAlertTriangle, IconArrowLeft } from '@tabler/icons-react';
import type { QueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { AddToCartDialog } from '../../components/add-to-cart/AddToCartDialog.tsx';
import { AddToListButton } from '../../components/add-to-list/AddToListButton.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { ShipBy } from '../../components/ship-by/ShipBy.tsx';
import { shippingScheduleQuery } from '../../components/ship-by/useShipBy.ts';
import { cartQuery, EMPTY_CART, useCart } from '../../lib/cart-api.ts';
import { current as currentSession, useSession } from '../../lib/session.ts';
import { useSiteInfo } from '../../lib/site.ts';
import { CartLines, type EditedLine } from './CartLines.tsx';
import classes from './CartPage.module.css';
import { EmptyCart } from './EmptyCart.tsx';
import { OrderSummary } from './OrderSummary.tsx';
import { RemoveAllModal } from './RemoveAllModal.tsx';
import { useRemoveLines } from './useRemoveLines.ts';

/** A colleague whom the account's owner has not given the order right. */
const NO_ORDER_RIGHT = 'Your sign-in may not place orders for this account. Ask the account’s owner.';

/** /Cart: the lines, the order summary with checkout, and the add-to-cart dialog a link may open (?add=code). */
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
      ) : !session.rights.order ? (
        <Alert color="gray">{NO_ORDER_RIGHT}</Alert>
      ) : (
        <>
          <CartContent />
          <AddToCartDialog code={addCode} opened={Boolean(addCode)} onClose={closeAdd} />
        </>
      )}
    </Container>
  );
}

/**
 * The cart and the shipping schedule (its ship-by box), fetched with the screen's code (the router's lazy route):
 * the page renders once, with both — the server's page too, so the box does not push the cart down when it
 * arrives (ADR 013).
 */
export function prefetch(client: QueryClient): Promise<unknown> {
  if (!currentSession().mayOrder) return Promise.resolve();
  return Promise.all([client.prefetchQuery(cartQuery), client.prefetchQuery(shippingScheduleQuery)]);
}

function CartContent() {
  const cart = useCart();
  const lines = useRemoveLines(cart);
  // the line being changed in place, in the same dialog that added it
  const [editing, setEditing] = useState<EditedLine | null>(null);

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
  if (data.data.length === 0) return <EmptyCart />;

  return (
    <>
      {/* when each warehouse in the order ships, and when it should arrive (recomputed each minute) */}
      <ShipBy locations={data.data.map((line) => line.productSelection.location)} mb="lg" />
      <div className={classes.layout}>
        <CartLines
          cart={data}
          removing={lines.removing}
          error={lines.error}
          editing={editing}
          onEdit={setEditing}
          onRemove={(index) => lines.remove(data, index)}
          onRemoveAll={() => lines.setConfirmAll(true)}
        />
        <OrderSummary cart={data} disabled={lines.removing !== null} />
        <RemoveAllModal
          opened={lines.confirmAll}
          busy={lines.removing === 'all'}
          onKeep={() => lines.setConfirmAll(false)}
          onRemoveAll={() => lines.remove(data, 'all')}
        />
      </div>
      <Group justify="flex-start" mt="md">
        {/* the cart kept as a standing list (corner samples are asked for on their own, not kept) */}
        <AddToListButton
          label="Save cart as a list"
          lines={() =>
            data.data
              .filter((l) => l.productSelection.type !== 'sample')
              .map((l) => ({ Code: l.Code, productSelection: l.productSelection, backtype: l.backtype }))
          }
        />
      </Group>
    </>
  );
}
