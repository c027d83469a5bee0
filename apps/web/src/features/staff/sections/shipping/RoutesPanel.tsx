import { Alert, Button, Group, NumberInput, Select, Text, TextInput, Title } from '@mantine/core';
import type { DeliveryRoute } from '@mitrebox/api-contract';
import { LOCATIONS } from '@mitrebox/domain';
import { useState } from 'react';
import { staffCall } from '../../staff-api.ts';
import { RoutesTable } from './RoutesTable.tsx';
import { useShippingChange } from './shipping-api.ts';
import { WeekdayPicker } from './WeekdayPicker.tsx';

const WAREHOUSES = LOCATIONS.map((l) => ({ value: l.code, label: l.name }));
const BLANK = { location: 'C', zipPrefix: '', days: [] as number[], name: '', transitDays: 0 };

/** "Our truck": the days each warehouse's truck delivers to a ZIP area. Add, change (Edit fills the form), remove. */
export function RoutesPanel({ routes, mayWrite }: { routes: DeliveryRoute[]; mayWrite: boolean }) {
  const [form, setForm] = useState(BLANK);
  const [editing, setEditing] = useState<number | null>(null);
  const body = { ...form, name: form.name.trim() || null };
  const save = useShippingChange(async () => {
    if (editing === null) await staffCall('POST /api/staff/shipping/routes', { body });
    else await staffCall('PUT /api/staff/shipping/routes/:id', { params: { id: editing }, body });
    setForm(BLANK);
    setEditing(null);
  });
  const remove = useShippingChange((id: number) =>
    staffCall('DELETE /api/staff/shipping/routes/:id', { params: { id } }),
  );
  const errors = save.error?.errors ?? {};
  const set = (patch: Partial<typeof BLANK>) => setForm((f) => ({ ...f, ...patch }));
  return (
    <section aria-labelledby="routes-heading">
      <Title order={2} size="h3" id="routes-heading" mb="xs">
        Truck routes
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        For accounts that ship by our truck: the days a warehouse’s truck delivers to the ZIP codes that start
        with the prefix (the longest prefix wins), arriving the transit days after shipping or later.
      </Text>
      {mayWrite ? (
        <Group align="start" wrap="wrap" mb="sm">
          <Select
            label="Warehouse"
            data={WAREHOUSES}
            value={form.location}
            onChange={(v) => v && set({ location: v })}
            w={160}
          />
          <TextInput
            label="ZIP prefix"
            value={form.zipPrefix}
            onChange={(e) => set({ zipPrefix: e.currentTarget.value })}
            error={errors.zipPrefix}
            inputMode="numeric"
            w={110}
          />
          <WeekdayPicker
            label="Delivery days"
            value={form.days}
            onChange={(days) => set({ days })}
            error={errors.days}
          />
          <NumberInput
            label="Transit days"
            value={form.transitDays}
            onChange={(v) => set({ transitDays: Number(v) || 0 })}
            min={0}
            max={14}
            error={errors.transitDays}
            w={110}
          />
          <TextInput
            label="Name"
            value={form.name}
            onChange={(e) => set({ name: e.currentTarget.value })}
            w={180}
            maw="100%"
          />
          <Group mt={25} gap="xs">
            <Button
              onClick={() => save.mutate(undefined)}
              loading={save.isPending}
              disabled={!form.zipPrefix || !form.days.length}
            >
              {editing === null ? 'Add route' : 'Save route'}
            </Button>
            {editing !== null ? (
              <Button
                variant="default"
                onClick={() => {
                  setEditing(null);
                  setForm(BLANK);
                }}
              >
                Cancel
              </Button>
            ) : null}
          </Group>
        </Group>
      ) : null}
      {save.error && !Object.keys(errors).length ? (
        <Alert color="red" role="alert" mb="sm">
          {save.error.message}
        </Alert>
      ) : null}
      <RoutesTable
        routes={routes}
        mayWrite={mayWrite}
        removing={remove.isPending ? remove.variables : undefined}
        onEdit={(r) => {
          setEditing(r.id);
          const { location, zipPrefix, days, transitDays } = r;
          setForm({ location, zipPrefix, days, transitDays, name: r.name ?? '' });
        }}
        onRemove={(id) => remove.mutate(id)}
      />
      {routes.length === 0 ? <Text size="sm">No truck routes set.</Text> : null}
    </section>
  );
}
