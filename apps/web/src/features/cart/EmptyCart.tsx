import { Button, Paper, Stack, Text, Title } from '@mantine/core';
import { IconShoppingCart } from '@tabler/icons-react';
import { Link } from 'react-router';
import classes from './CartPage.module.css';
import { MidnightNotice } from './MidnightNotice.tsx';

/** An empty cart: what may be added, and the way to the shop. */
export function EmptyCart() {
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
