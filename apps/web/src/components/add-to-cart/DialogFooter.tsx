import { Button, Group, Text } from '@mantine/core';
import { formatMoney, type PricedLine } from '@mitrebox/domain';
import type { ReactNode } from 'react';
import classes from './AddToCartDialog.module.css';

/** Kept in view while the dialog scrolls: the message, the estimated total and the buttons. */
export function DialogFooter(props: {
  error: string | null;
  errorId: string;
  price: PricedLine | null;
  busy: boolean;
  editing: boolean;
  onCancel: () => void;
  /** A secondary action beside Add to Cart (Add to list). */
  secondary?: ReactNode;
}) {
  const { error, price, busy } = props;
  return (
    <div className={classes.footer}>
      {error ? (
        <Text id={props.errorId} c="red.7" fw={600} role="alert" data-testid="add-to-cart-error" mb="xs">
          {error}
        </Text>
      ) : null}
      <Group justify="space-between" gap="sm" wrap="nowrap">
        <Text size="sm" c="dimmed" className={classes.footerTotal}>
          {price && price.total !== '0.00' ? (
            <>
              Estimated <strong>${formatMoney(price.total)}</strong>
            </>
          ) : null}
        </Text>
        <Group gap="sm" justify="flex-end">
          <Button variant="default" onClick={props.onCancel} disabled={busy}>
            Cancel
          </Button>
          {props.secondary}
          {/* Pressing the button must not blur the field first: its message would move the button away. */}
          <Button type="submit" loading={busy} color="walnut" onMouseDown={(e) => e.preventDefault()}>
            {props.editing ? 'Update line' : 'Add to Cart'}
          </Button>
        </Group>
      </Group>
    </div>
  );
}
