import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import {
  BACKORDER_LABELS,
  type BackorderOption,
  type FrameDesign,
  frameMessages,
  messages,
  STOCK_STATE,
} from '@mitrebox/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { CART_QUERY_KEY } from '../../lib/cart-api.ts';
import classes from './FrameBuilder.module.css';
import { addDesignToCart, type Quote } from './frames-api.ts';

/** Add to Cart: asks how to back-order a part short in stock first, then adds the design's lines to the cart. */
export function useDesignToCart(design: FrameDesign, orderType: 'join' | 'chop', quote: Quote | undefined) {
  const client = useQueryClient();
  const [adding, setAdding] = useState(false);
  const [added, setAdded] = useState<string | null>(null);
  const [cartError, setCartError] = useState<string | null>(null);
  const [backorderAsk, setBackorderAsk] = useState(false);
  const [backtype, setBacktype] = useState<BackorderOption>('backremq');

  async function addToCart(choice?: BackorderOption) {
    const backordered = quote?.data.some((l) => l.item?.stockState === STOCK_STATE.backordered);
    if (backordered && !choice) {
      setBackorderAsk(true);
      return;
    }
    setBackorderAsk(false);
    setAdding(true);
    setCartError(null);
    try {
      const cart = await addDesignToCart({ options: design, orderType, backtype: choice ?? null });
      client.setQueryData(CART_QUERY_KEY, cart);
      setAdded(messages.itemsAdded);
    } catch (err) {
      setCartError(err instanceof Error ? err.message : String(err));
    } finally {
      setAdding(false);
    }
  }

  return {
    adding,
    added,
    setAdded,
    cartError,
    setCartError,
    backorderAsk,
    setBackorderAsk,
    backtype,
    setBacktype,
    addToCart,
  };
}

type DesignToCart = ReturnType<typeof useDesignToCart>;

/** The back-order question, then "Frame added" with the way to the cart. */
export function DesignToCartModals({ cart }: { cart: DesignToCart }) {
  const { backtype, added } = cart;
  return (
    <>
      <Modal
        opened={cart.backorderAsk}
        onClose={() => cart.setBackorderAsk(false)}
        title="Back-ordered"
        centered
      >
        <Stack gap="sm">
          <Text>{frameMessages.backordered}</Text>
          {(Object.keys(BACKORDER_LABELS) as BackorderOption[]).map((o) => (
            <label key={o} className={classes.radioRow}>
              <input
                type="radio"
                name="backtype"
                checked={backtype === o}
                onChange={() => cart.setBacktype(o)}
              />{' '}
              {BACKORDER_LABELS[o]}
            </label>
          ))}
          <Group justify="flex-end">
            <Button variant="default" onClick={() => cart.setBackorderAsk(false)}>
              No
            </Button>
            <Button onClick={() => cart.addToCart(backtype)}>Yes</Button>
          </Group>
        </Stack>
      </Modal>

      <Modal opened={added !== null} onClose={() => cart.setAdded(null)} title="Frame added" centered>
        <Text>{added}</Text>
        <Group justify="flex-end" mt="md">
          <Button variant="default" onClick={() => cart.setAdded(null)}>
            Keep designing
          </Button>
          <Button component={Link} to="/Cart" onClick={() => cart.setAdded(null)}>
            Go to cart
          </Button>
        </Group>
      </Modal>
    </>
  );
}
