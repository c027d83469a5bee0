import { Group, Paper, Stack, Text } from '@mantine/core';
import { IconTruckDelivery } from '@tabler/icons-react';
import classes from './ShipBy.module.css';
import { useShipBy } from './useShipBy.ts';

/**
 * When the order leaves each of its warehouses and when it should arrive: "Order within 2 h 10 min to ship today
 * from New Orleans", "Expected delivery Tuesday, Dec 1 by our truck". Nothing while the schedule loads or when no
 * warehouse is named. `placedAt`: the order is placed; its lines are as of that moment.
 */
export function ShipBy({
  locations,
  placedAt,
  compact,
  mb,
}: {
  locations: (string | null | undefined)[];
  placedAt?: string;
  /** A line without the frame (beside the Frame Creator's Add to Cart). */
  compact?: boolean;
  /** Space below the box (none when there is nothing to say). */
  mb?: string;
}) {
  const { lines } = useShipBy(locations, placedAt);
  if (lines.length === 0) return null;
  const body = (
    <Group gap="sm" wrap="nowrap" align="flex-start">
      <IconTruckDelivery size={22} stroke={1.6} className={classes.icon} aria-hidden />
      <Stack gap={compact ? 2 : 6} className={classes.lines}>
        {lines.map((line) => (
          <div key={line.location} data-testid="ship-by-line" data-location={line.location}>
            <Text size="sm" fw={600} c="walnut.9">
              {line.shipText}
            </Text>
            {line.deliveryText ? (
              <Text size="sm" c="dimmed">
                {line.deliveryText}
              </Text>
            ) : null}
          </div>
        ))}
      </Stack>
    </Group>
  );
  if (compact)
    return (
      <div className={classes.compact} data-testid="ship-by">
        {body}
      </div>
    );
  return (
    <Paper p="sm" mb={mb} radius="md" withBorder className={classes.box} data-testid="ship-by">
      {body}
    </Paper>
  );
}
