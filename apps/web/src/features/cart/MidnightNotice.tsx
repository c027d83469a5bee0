import { Group, Text } from '@mantine/core';
import { messages } from '@mitrebox/domain';
import { IconClock } from '@tabler/icons-react';
import classes from './CartPage.module.css';

/** The cart is cleared at midnight: said above the lines, and on the empty cart. */
export function MidnightNotice() {
  return (
    <Group gap={8} wrap="nowrap" className={classes.midnight} data-testid="cart-midnight">
      <IconClock size={18} aria-hidden className={classes.midnightIcon} />
      <Text size="sm" fw={500}>
        {messages.cartReminder}
      </Text>
    </Group>
  );
}
