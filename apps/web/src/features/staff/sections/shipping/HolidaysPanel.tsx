import { Alert, Button, Group, Select, Table, Text, TextInput, Title } from '@mantine/core';
import type { ShippingHoliday } from '@mitrebox/api-contract';
import { dayText, LOCATIONS, locationName } from '@mitrebox/domain';
import { useState } from 'react';
import { staffCall } from '../../staff-api.ts';
import { useShippingChange } from './shipping-api.ts';

const WAREHOUSES = [
  { value: '', label: 'All warehouses' },
  ...LOCATIONS.map((l) => ({ value: l.code, label: l.name })),
];

/** Days nothing ships (one warehouse, or all): add and remove. */
export function HolidaysPanel({ holidays, mayWrite }: { holidays: ShippingHoliday[]; mayWrite: boolean }) {
  const [day, setDay] = useState('');
  const [location, setLocation] = useState('');
  const [name, setName] = useState('');
  const add = useShippingChange(async () => {
    await staffCall('POST /api/staff/shipping/holidays', { body: { day, location: location || null, name } });
    setDay('');
    setName('');
  });
  const remove = useShippingChange((id: number) =>
    staffCall('DELETE /api/staff/shipping/holidays/:id', { params: { id } }),
  );
  const errors = add.error?.errors ?? {};
  return (
    <section aria-labelledby="holidays-heading">
      <Title order={2} size="h3" id="holidays-heading" mb="xs">
        Holidays
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        Nothing ships on these days; our truck does not run.
      </Text>
      {mayWrite ? (
        <Group align="start" wrap="wrap" mb="sm">
          <TextInput
            type="date"
            label="Day"
            value={day}
            onChange={(e) => setDay(e.currentTarget.value)}
            error={errors.day}
            w={170}
          />
          <Select
            label="Warehouse"
            data={WAREHOUSES}
            value={location}
            onChange={(v) => setLocation(v ?? '')}
            w={180}
          />
          <TextInput
            label="Name"
            value={name}
            onChange={(e) => setName(e.currentTarget.value)}
            error={errors.name}
            w={220}
            maw="100%"
          />
          <Button
            mt={25}
            onClick={() => add.mutate(undefined)}
            loading={add.isPending}
            disabled={!day || !name.trim()}
          >
            Add holiday
          </Button>
        </Group>
      ) : null}
      {add.error && !Object.keys(errors).length ? (
        <Alert color="red" role="alert" mb="sm">
          {add.error.message}
        </Alert>
      ) : null}
      <Table.ScrollContainer minWidth={480}>
        <Table striped>
          <caption>Holidays from a month ago on</caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Day</Table.Th>
              <Table.Th>Warehouse</Table.Th>
              <Table.Th>Name</Table.Th>
              {mayWrite ? <Table.Th aria-label="Remove" /> : null}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {holidays.map((h) => (
              <Table.Tr key={h.id}>
                <Table.Td>
                  {dayText(h.day)}, {h.day.slice(0, 4)}
                </Table.Td>
                <Table.Td>{h.location ? (locationName(h.location) ?? h.location) : 'All'}</Table.Td>
                <Table.Td>{h.name}</Table.Td>
                {mayWrite ? (
                  <Table.Td>
                    <Button
                      size="xs"
                      color="red"
                      variant="light"
                      aria-label={`Remove ${h.name} ${h.day}`}
                      loading={remove.isPending && remove.variables === h.id}
                      onClick={() => remove.mutate(h.id)}
                    >
                      Remove
                    </Button>
                  </Table.Td>
                ) : null}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {holidays.length === 0 ? <Text size="sm">No holidays set.</Text> : null}
    </section>
  );
}
