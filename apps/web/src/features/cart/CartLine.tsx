import { ActionIcon, Group, Text } from '@mantine/core';
import type { CartItem } from '@mitrebox/api-contract';
import { formatMoney, ORDER_TYPE_LABELS } from '@mitrebox/domain';
import { IconAlertTriangle, IconPencil, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { formatCount } from '../../lib/format.ts';
import classes from './CartPage.module.css';
import { backorderNote, selectionSummary } from './cart-lines.ts';

/** One cart line: picture, what was chosen and where it ships from, its figures, and Change and Remove. */
export function CartLine(props: {
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
  const typeLabel =
    sel.type && sel.type !== 'item' && sel.type !== 'sample' ? ORDER_TYPE_LABELS[sel.type] : 'Item';
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
