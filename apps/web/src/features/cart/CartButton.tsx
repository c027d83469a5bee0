import { ActionIcon, Indicator } from '@mantine/core';
import { IconShoppingCart } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useCart } from '../../lib/cart-api.ts';
import { cartCountOf } from './cart-count.ts';
import { useCartReminder } from './useCartReminder.ts';

/** The header's cart icon with its item-count badge. Render only for customers who may buy. */
export function CartButton() {
  const cart = useCart();
  const count = cart.data ? cartCountOf(cart.data) : 0;
  useCartReminder(cart.data ? count : null);
  return (
    <Indicator
      label={count > 99 ? '99+' : count}
      size={18}
      offset={3}
      color="brass.4"
      showZero
      withBorder
      styles={{ indicator: { color: 'var(--mantine-color-walnut-9)', fontWeight: 700 } }}
    >
      <ActionIcon
        component={Link}
        to="/Cart"
        variant="subtle"
        size={42}
        aria-label={`Cart, ${count} ${count === 1 ? 'item' : 'items'}`}
        data-testid="cart-button"
      >
        <IconShoppingCart size={24} stroke={1.7} aria-hidden />
      </ActionIcon>
    </Indicator>
  );
}
