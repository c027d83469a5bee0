import { Alert, Button, Group, Title } from '@mantine/core';
import type { CartItem, CartResponse } from '@mitrebox/api-contract';
import { SAMPLE_PCODE } from '@mitrebox/domain';
import { IconAlertTriangle, IconTrash } from '@tabler/icons-react';
import { AddToCartDialog } from '../../components/add-to-cart/AddToCartDialog.tsx';
import { formatCount } from '../../lib/format.ts';
import { CartLine } from './CartLine.tsx';
import classes from './CartPage.module.css';
import { lineKeys } from './cart-lines.ts';
import { MidnightNotice } from './MidnightNotice.tsx';
import { SampleCartLine } from './SampleCartLine.tsx';

export type EditedLine = { index: number; item: CartItem };

/** The cart's lines: the count and Remove all, the midnight notice, each line, and the dialog that changes one. */
export function CartLines(props: {
  cart: CartResponse;
  removing: number | 'all' | null;
  error: string | null;
  editing: EditedLine | null;
  onEdit: (line: EditedLine | null) => void;
  onRemove: (index: number) => void;
  onRemoveAll: () => void;
}) {
  const { cart, removing, editing, onEdit } = props;
  const keys = lineKeys(cart.data);
  return (
    <section aria-labelledby="cart-lines-heading" className={classes.lines}>
      <Group justify="space-between" align="center" mb="sm">
        <Title order={2} size="h4" id="cart-lines-heading">
          {formatCount(cart.count)} {cart.count === 1 ? 'item' : 'items'}
        </Title>
        <Button
          variant="subtle"
          color="red.7"
          size="compact-sm"
          leftSection={<IconTrash size={16} aria-hidden />}
          onClick={props.onRemoveAll}
          disabled={removing !== null}
        >
          Remove all
        </Button>
      </Group>
      <MidnightNotice />
      {props.error ? (
        <Alert color="red" icon={<IconAlertTriangle aria-hidden />} role="alert" mt="sm">
          {props.error}
        </Alert>
      ) : null}
      <ul className={classes.list} data-testid="cart-lines">
        {cart.data.map((item, index) =>
          item.calc.pcode === SAMPLE_PCODE ? (
            <SampleCartLine
              key={keys[index]}
              item={item}
              index={index}
              lines={cart.data}
              busy={removing === index}
              disabled={removing !== null}
              onRemove={() => props.onRemove(index)}
            />
          ) : (
            <CartLine
              key={keys[index]}
              item={item}
              busy={removing === index}
              disabled={removing !== null}
              onRemove={() => props.onRemove(index)}
              onChange={() => onEdit({ index, item })}
            />
          ),
        )}
      </ul>
      <AddToCartDialog
        code={editing?.item.Code ?? null}
        opened={editing !== null}
        onClose={() => onEdit(null)}
        edit={editing}
      />
    </section>
  );
}
