import { Box, Group, Radio, Stack, Text } from '@mantine/core';
import {
  BACKORDER_LABELS,
  BACKORDER_OPTIONS,
  type BackorderOption,
  type LineEstimate,
  STOCK_STATE,
  type StockState,
} from '@mitrebox/domain';
import { IconAlertTriangle, IconCircleCheck } from '@tabler/icons-react';
import { formatCount } from '../../lib/format.ts';
import classes from './AddToCartDialog.module.css';
import type { StockRow } from './useSelectionForm.ts';

/**
 * In Stock, or Back-ordered with the back-order choice and what it ships, back-orders, cancels and charges.
 * Nothing while the stock state is unknown.
 */
export function StockStatus(props: {
  state: StockState;
  here: StockRow | undefined;
  /** ' ft' for a moulding's footage, '' for pieces. */
  unit: string;
  split: LineEstimate['split'];
  backorder: BackorderOption | null;
  onBackorder: (option: BackorderOption) => void;
}) {
  const { state, here, unit, split } = props;
  if (state === STOCK_STATE.inStock) {
    return (
      <Group gap={6} c="green.7" role="status">
        <IconCircleCheck size={20} aria-hidden />
        <Text fw={600} size="sm">
          In Stock
        </Text>
      </Group>
    );
  }
  if (state !== STOCK_STATE.backordered) return null;
  return (
    <Box className={classes.backorder}>
      <Group gap={6} c="red.7" mb={6}>
        <IconAlertTriangle size={18} aria-hidden />
        <Text fw={600} size="sm">
          Back-ordered: {formatCount(here?.available ?? 0)}
          {unit} available at {here?.Name}
        </Text>
      </Group>
      <Radio.Group
        label="Back-order option"
        value={props.backorder ?? ''}
        onChange={(v) => props.onBackorder(v as BackorderOption)}
        name="backorder"
      >
        <Stack gap={6} mt={6}>
          {BACKORDER_OPTIONS.map((option) => (
            <Radio key={option} value={option} label={BACKORDER_LABELS[option]} color="walnut" />
          ))}
        </Stack>
      </Radio.Group>
      <dl className={classes.split} aria-label="Back-order summary">
        <div>
          <dt>Ship</dt>
          <dd>{split.ship.toFixed(2)}</dd>
        </div>
        <div>
          <dt>Backordered</dt>
          <dd>{split.backordered.toFixed(2)}</dd>
        </div>
        <div>
          <dt>Cancelled</dt>
          <dd>{split.cancelled.toFixed(2)}</dd>
        </div>
        <div>
          <dt>Charged</dt>
          <dd data-testid="charged-amount">
            {split.charged.toFixed(2)}
            {unit}
          </dd>
        </div>
      </dl>
      <Text size="xs" c="dimmed" mt={6}>
        You are charged for what ships now and what is back-ordered, never for what is cancelled.
      </Text>
    </Box>
  );
}
