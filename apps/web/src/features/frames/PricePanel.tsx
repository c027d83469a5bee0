import { Badge, Group, Paper, SegmentedControl, Stack, Table, Text, Title } from '@mantine/core';
import { formatMoney, ORDER_TYPE_LABELS, STOCK_STATE } from '@mitrebox/domain';
import classes from './FrameBuilder.module.css';
import type { Quote } from './frames-api.ts';
import { lineName } from './parts.ts';

type OrderType = 'join' | 'chop';

interface PricePanelProps {
  hasMoulding: boolean;
  anyPart: boolean;
  quote: { data?: Quote; isFetching: boolean; error: Error | null };
  orderType: OrderType;
  onOrderType: (t: OrderType) => void;
}

/**
 * The design's price at the account's prices, a line per part. A part that does not fit is not priced: its line
 * says why, and the other parts are priced all the same.
 */
export function PricePanel({ hasMoulding, anyPart, quote, orderType, onOrderType }: PricePanelProps) {
  const data = quote.data;
  const moulding = data?.data.find((l) => l.part === 'moulding')?.item;
  const how = ORDER_TYPE_LABELS[orderType];
  const mats = data?.data.filter((l) => l.part === 'mat').length ?? 0;
  return (
    <Paper withBorder p="sm" radius="md" data-testid="price-panel">
      <Group justify="space-between" mb={6}>
        <Title order={2} size="h4">
          Your price
        </Title>
        {hasMoulding ? (
          <SegmentedControl
            size="xs"
            aria-label="Moulding order type"
            value={orderType}
            onChange={(v) => onOrderType(v as OrderType)}
            data={[
              { value: 'join', label: 'Join' },
              { value: 'chop', label: 'Chop' },
            ]}
          />
        ) : null}
      </Group>
      {!anyPart ? (
        <Text size="sm" c="dimmed">
          Select a frame, mat or glazing to see your price and stock.
        </Text>
      ) : quote.error ? (
        <Text size="sm" c="red.8" role="alert">
          {quote.error.message}
        </Text>
      ) : data ? (
        <Stack gap={4}>
          <Table fz="sm" verticalSpacing={4} className={classes.priceTable}>
            <Table.Tbody>
              {data.data.map((l) => (
                <Table.Tr key={`${l.part}-${l.layer ?? ''}`} data-testid={`price-line-${l.part}`}>
                  <Table.Td>
                    <Text size="sm" fw={600}>
                      {lineName(l, mats)} {l.Code}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {l.label}
                    </Text>
                    {l.item ? (
                      <Text size="xs" c="dimmed">
                        {l.item.calc.unit === 'ft'
                          ? `${l.part === 'fillet' ? 'By the foot' : how}: ${l.item.calc.footage} ft × $${formatMoney(l.item.calc.unitPrice)}${Number(l.item.calc.joinFee) > 0 ? ` + join fee $${formatMoney(l.item.calc.joinFee)}` : ''}`
                          : `${l.item.calc.quantity} × $${formatMoney(l.item.calc.unitPrice)}`}
                      </Text>
                    ) : null}
                    {l.message ? (
                      <Text
                        size="xs"
                        c="red.8"
                        data-testid={`price-reason-${l.part}${l.layer ? `-${l.layer}` : ''}`}
                      >
                        {l.message}
                      </Text>
                    ) : null}
                    <Text size="xs" c="dimmed">
                      {l.stock.map((s) => `${s.Name} ${s.available}`).join(' · ')}
                    </Text>
                    {l.item?.stockState === STOCK_STATE.backordered ? (
                      <Badge size="xs" color="orange" variant="light">
                        Back-ordered
                      </Badge>
                    ) : null}
                  </Table.Td>
                  <Table.Td ta="right" valign="top">
                    {l.item ? (
                      `$${formatMoney(l.item.calc.totalPrice)}`
                    ) : (
                      <Text size="sm" c="dimmed" span>
                        Not priced
                      </Text>
                    )}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
          {moulding && data.builderFeet ? (
            // two lengths of the same four sides (storefront §5): what this order charges, and the builder length
            <Stack gap={0} data-testid="moulding-footage">
              <Text size="xs" c="dimmed">
                Charged for the {how.toLowerCase()}: {moulding.calc.footage} ft (the four sides to the next ½
                ft, 4 ft at least)
              </Text>
              <Text size="xs" c="dimmed">
                Moulding length of this frame: {data.builderFeet} ft (the four sides to the next whole foot)
              </Text>
            </Stack>
          ) : null}
          <Group justify="flex-end">
            <Text fw={800} data-testid="frame-total">
              {data.complete ? 'Total' : 'Total of the priced parts'} ${formatMoney(data.total)}
            </Text>
          </Group>
        </Stack>
      ) : (
        <Text size="sm" c="dimmed">
          Working out your price…
        </Text>
      )}
    </Paper>
  );
}
