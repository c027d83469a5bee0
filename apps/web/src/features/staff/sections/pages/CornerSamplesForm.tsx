import { Button, Group, NumberInput, SegmentedControl, Stack, Text, Title } from '@mantine/core';
import type { StaffSetting } from '@mitrebox/api-contract';
import { MAX_SAMPLE_LIMIT, readSampleSettings } from '@mitrebox/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { formatNumericDateTime } from '../../../../lib/format.ts';
import { staffCall, useStaffMay } from '../../staff-api.ts';

/** The corner samples' settings: free or a price per sample, and how many an account may order a month. */
export function CornerSamplesForm({ setting }: { setting: StaffSetting }) {
  const mayChange = useStaffMay('pages', 'write');
  const client = useQueryClient();
  const stored = readSampleSettings(setting.value);
  const [priced, setPriced] = useState(Number(stored.price) > 0 ? 'priced' : 'free');
  const [price, setPrice] = useState<string | number>(Number(stored.price) > 0 ? stored.price : '');
  const [limit, setLimit] = useState<string | number>(stored.monthlyLimit);
  const [saved, setSaved] = useState(false);
  const save = useMutation({
    mutationFn: () =>
      staffCall('PUT /api/staff/settings/:name', {
        params: { name: setting.name },
        body: {
          value: JSON.stringify({
            price: priced === 'free' ? '0' : String(price),
            monthlyLimit: typeof limit === 'number' ? limit : Number(limit),
          }),
        },
      }),
    onSuccess: async () => {
      setSaved(true);
      await client.invalidateQueries({ queryKey: ['staff', 'settings'] });
    },
  });
  const changed = () => setSaved(false);
  return (
    <Stack gap="sm" maw={420}>
      <Title order={2} size="h3">
        Corner samples
      </Title>
      <Text size="sm" c="dimmed">
        Every moulding offers a corner sample. Buyers choose in the cart whether it ships with their next
        order or on its own.
      </Text>
      {setting.updatedAt && (
        <Text size="sm" c="dimmed">
          Last changed {formatNumericDateTime(setting.updatedAt)}
        </Text>
      )}
      <div>
        <Text size="sm" fw={500} mb={4} id="sample-pricing">
          Samples are
        </Text>
        <SegmentedControl
          aria-labelledby="sample-pricing"
          value={priced}
          onChange={(v) => {
            setPriced(v);
            changed();
          }}
          data={[
            { value: 'free', label: 'Free' },
            { value: 'priced', label: 'Priced' },
          ]}
          disabled={!mayChange}
        />
      </div>
      {priced === 'priced' && (
        <NumberInput
          label="Price per sample"
          prefix="$"
          decimalScale={2}
          fixedDecimalScale
          min={0}
          max={999.99}
          value={price}
          onChange={(v) => {
            setPrice(v);
            changed();
          }}
          disabled={!mayChange}
        />
      )}
      <NumberInput
        label="Monthly limit per account"
        description="Samples an account may order in a calendar month"
        allowDecimal={false}
        min={0}
        max={MAX_SAMPLE_LIMIT}
        value={limit}
        onChange={(v) => {
          setLimit(v);
          changed();
        }}
        disabled={!mayChange}
        error={save.error ? (save.error as Error).message : undefined}
      />
      <Group hidden={!mayChange}>
        <Button onClick={() => save.mutate()} loading={save.isPending}>
          Save corner samples
        </Button>
        {saved && (
          <Text role="status" c="green.8" fw={600}>
            Saved.
          </Text>
        )}
      </Group>
    </Stack>
  );
}
