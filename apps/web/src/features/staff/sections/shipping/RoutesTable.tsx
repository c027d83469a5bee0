import { Button, Group, Table } from '@mantine/core';
import type { DeliveryRoute } from '@mitrebox/api-contract';
import { locationName } from '@mitrebox/domain';
import { daysText } from './shipping-api.ts';

/** The truck routes, by warehouse and ZIP prefix, with Edit and Remove for a role that may change them. */
export function RoutesTable(props: {
  routes: DeliveryRoute[];
  mayWrite: boolean;
  removing: number | undefined;
  onEdit: (route: DeliveryRoute) => void;
  onRemove: (id: number) => void;
}) {
  const { routes, mayWrite, removing, onEdit, onRemove } = props;
  return (
    <Table.ScrollContainer minWidth={560}>
      <Table striped>
        <caption>Truck routes by warehouse and ZIP prefix</caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Warehouse</Table.Th>
            <Table.Th>ZIP prefix</Table.Th>
            <Table.Th>Name</Table.Th>
            <Table.Th>Days</Table.Th>
            <Table.Th>Transit</Table.Th>
            {mayWrite ? <Table.Th aria-label="Change" /> : null}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {routes.map((r) => (
            <Table.Tr key={r.id}>
              <Table.Td>{locationName(r.location) ?? r.location}</Table.Td>
              <Table.Td>{r.zipPrefix}</Table.Td>
              <Table.Td>{r.name ?? '—'}</Table.Td>
              <Table.Td>{daysText(r.days)}</Table.Td>
              <Table.Td>{r.transitDays === 1 ? '1 day' : `${r.transitDays} days`}</Table.Td>
              {mayWrite ? (
                <Table.Td>
                  <Group gap={4} wrap="nowrap">
                    <Button
                      size="xs"
                      variant="default"
                      aria-label={`Edit route ${r.zipPrefix} from ${locationName(r.location) ?? r.location}`}
                      onClick={() => onEdit(r)}
                    >
                      Edit
                    </Button>
                    <Button
                      size="xs"
                      color="red"
                      variant="light"
                      aria-label={`Remove route ${r.zipPrefix} from ${locationName(r.location) ?? r.location}`}
                      loading={removing === r.id}
                      onClick={() => onRemove(r.id)}
                    >
                      Remove
                    </Button>
                  </Group>
                </Table.Td>
              ) : null}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
