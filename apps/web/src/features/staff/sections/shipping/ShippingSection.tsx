import { Alert, Center, Loader, Stack, Title } from '@mantine/core';
import { useStaffMay } from '../../staff-api.ts';
import { HolidaysPanel } from './HolidaysPanel.tsx';
import { RoutesPanel } from './RoutesPanel.tsx';
import { SchedulesPanel } from './SchedulesPanel.tsx';
import { useShippingSettings } from './shipping-api.ts';

/**
 * /staff/shipping: when orders ship — each warehouse's cut-off time, time zone and ship days, the holidays and
 * our truck's routes. The cart, the Frame Creator and the order confirmation say what follows from them.
 * Admins change them; sales read them.
 */
export default function ShippingSection() {
  const settings = useShippingSettings();
  const mayWrite = useStaffMay('shipping', 'write');
  return (
    <Stack gap="xl">
      <Title order={1}>Shipping</Title>
      {settings.error ? (
        <Alert color="red" role="alert">
          {settings.error.message}
        </Alert>
      ) : !settings.data ? (
        <Center py="xl">
          <Loader role="status" aria-label="Loading the shipping settings" />
        </Center>
      ) : (
        <>
          <SchedulesPanel schedules={settings.data.schedules} mayWrite={mayWrite} />
          <HolidaysPanel holidays={settings.data.holidays} mayWrite={mayWrite} />
          <RoutesPanel routes={settings.data.routes} mayWrite={mayWrite} />
        </>
      )}
    </Stack>
  );
}
