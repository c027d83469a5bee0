import { ActionIcon, Badge, Group, SegmentedControl, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { CartItem } from '@mitrebox/api-contract';
import { formatMoney, type SampleShipping } from '@mitrebox/domain';
import { IconBorderCornerSquare, IconTrash } from '@tabler/icons-react';
import { toCartInput } from '../../components/add-to-cart/selection.ts';
import { useSaveCart } from '../../lib/cart-api.ts';
import classes from './CartPage.module.css';

const SHIP_CHOICES: { value: SampleShipping; label: string }[] = [
  { value: 'with_next_order', label: 'With my next order' },
  { value: 'ship_now', label: 'Ship now' },
];

/** A corner-sample line: the moulding, "Corner sample", its price (Free or $x) and the buyer's ship choice. */
export function SampleCartLine(props: {
  item: CartItem;
  index: number;
  lines: readonly CartItem[];
  busy: boolean;
  disabled: boolean;
  onRemove: () => void;
}) {
  const { item } = props;
  const save = useSaveCart();
  const shipping = item.productSelection.sampleShipping ?? 'with_next_order';
  const free = Number(item.calc.totalPrice) <= 0;
  const choose = (value: string) => {
    const lines = props.lines.map(toCartInput);
    lines[props.index] = {
      ...lines[props.index],
      productSelection: { ...item.productSelection, sampleShipping: value as SampleShipping },
    };
    save.mutate(lines, { onError: (err) => notifications.show({ color: 'red', message: err.message }) });
  };
  return (
    <li className={classes.line} data-testid="cart-line" aria-label={`${item.Code}, corner sample`}>
      <div className={classes.thumb}>
        <img src={item.image} alt="" loading="lazy" width={400} height={400} />
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
        <Group gap={8} mt={4} wrap="wrap">
          <Badge
            variant="light"
            color="walnut"
            leftSection={<IconBorderCornerSquare size={14} aria-hidden />}
            data-testid="cart-line-summary"
          >
            Corner sample
          </Badge>
          <Text size="sm" fw={600} data-testid="cart-line-total">
            {free ? 'Free' : `$${formatMoney(item.calc.totalPrice)}`}
          </Text>
        </Group>
        <Text size="sm" c="dimmed" mt={2}>
          One mitred corner, from {item.locationName}
        </Text>
      </div>
      <Group gap={4} wrap="nowrap" className={classes.remove}>
        <ActionIcon
          variant="subtle"
          color="red.7"
          size={40}
          aria-label={`Remove the corner sample of ${item.Code}`}
          onClick={props.onRemove}
          loading={props.busy}
          disabled={props.disabled && !props.busy}
        >
          <IconTrash size={20} aria-hidden />
        </ActionIcon>
      </Group>
      <div className={classes.figures}>
        <SegmentedControl
          size="xs"
          aria-label={`Ship the corner sample of ${item.Code}`}
          value={shipping}
          onChange={choose}
          disabled={props.disabled || save.isPending}
          data={SHIP_CHOICES}
        />
      </div>
    </li>
  );
}
