import {
  Alert,
  Button,
  Group,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import type { WarehouseSchedule } from '@mitrebox/api-contract';
import { useState } from 'react';
import { staffCall } from '../../staff-api.ts';
import { useShippingChange } from './shipping-api.ts';
import { WeekdayPicker } from './WeekdayPicker.tsx';

/** The time zones of the contiguous states first, then every other zone the browser knows. */
const US_ZONES = [
  'America/New_York',
  'America/Chicago',
  'America/Denver',
  'America/Phoenix',
  'America/Los_Angeles',
];
const ZONES = [...US_ZONES, ...Intl.supportedValuesOf('timeZone').filter((z) => !US_ZONES.includes(z))];

/** Each warehouse's cut-off time, time zone and ship days, saved one warehouse at a time. */
export function SchedulesPanel({
  schedules,
  mayWrite,
}: {
  schedules: WarehouseSchedule[];
  mayWrite: boolean;
}) {
  return (
    <section aria-labelledby="schedules-heading">
      <Title order={2} size="h3" id="schedules-heading" mb="xs">
        Cut-off times and ship days
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        Orders in before the cut-off (the warehouse’s own time) on a ship day leave that day.
      </Text>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        {schedules.map((s) => (
          <ScheduleCard
            key={`${s.location}-${s.cutoffTime}-${s.timeZone}-${s.shipDays}`}
            schedule={s}
            mayWrite={mayWrite}
          />
        ))}
      </SimpleGrid>
    </section>
  );
}

function ScheduleCard({ schedule, mayWrite }: { schedule: WarehouseSchedule; mayWrite: boolean }) {
  const [cutoffTime, setCutoff] = useState(schedule.cutoffTime);
  const [timeZone, setZone] = useState(schedule.timeZone);
  const [shipDays, setDays] = useState(schedule.shipDays);
  const save = useShippingChange(() =>
    staffCall('PUT /api/staff/shipping/schedules/:location', {
      params: { location: schedule.location },
      body: { cutoffTime, timeZone, shipDays },
    }),
  );
  const errors = save.error?.errors ?? {};
  const changed =
    cutoffTime !== schedule.cutoffTime ||
    timeZone !== schedule.timeZone ||
    shipDays.join() !== schedule.shipDays.join();
  return (
    <Paper withBorder p="md" radius="md" data-testid={`schedule-${schedule.location}`}>
      <Stack gap="sm">
        <Title order={3} size="h4">
          {schedule.name}
        </Title>
        <Group gap="sm" align="start" wrap="wrap">
          <TextInput
            type="time"
            label="Cut-off time"
            value={cutoffTime}
            onChange={(e) => setCutoff(e.currentTarget.value)}
            error={errors.cutoffTime}
            disabled={!mayWrite}
            w={130}
          />
          <Select
            label="Time zone"
            data={ZONES}
            value={timeZone}
            onChange={(v) => v && setZone(v)}
            searchable
            error={errors.timeZone}
            disabled={!mayWrite}
            w={220}
            maw="100%"
          />
        </Group>
        <WeekdayPicker
          label="Ship days"
          value={shipDays}
          onChange={setDays}
          error={errors.shipDays}
          disabled={!mayWrite}
        />
        {save.error && !Object.keys(errors).length ? (
          <Alert color="red" role="alert">
            {save.error.message}
          </Alert>
        ) : null}
        {mayWrite ? (
          <Group>
            <Button onClick={() => save.mutate(undefined)} loading={save.isPending} disabled={!changed}>
              Save {schedule.name}
            </Button>
          </Group>
        ) : null}
      </Stack>
    </Paper>
  );
}
