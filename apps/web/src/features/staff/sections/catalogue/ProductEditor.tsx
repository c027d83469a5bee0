import { Alert, Button, Group, Modal, SimpleGrid, Switch, Text, TextInput, Title } from '@mantine/core';
import { PRICE_COLUMNS, type StaffProduct } from '@mitrebox/api-contract';
import { useState } from 'react';
import { saveProduct } from './catalogue-api.ts';

const label = (c: string) => c.replace(/_/g, ' ').replace(/^./, (x) => x.toUpperCase());

/** One product: names, active, every price column and stock per location. Saved changes are audited. */
export function ProductEditor(props: {
  product: StaffProduct;
  locations: { code: string; name: string }[];
  onClose: (saved: boolean) => void;
}) {
  const p = props.product;
  const [displayName, setDisplayName] = useState(p.display_name);
  const [active, setActive] = useState(p.active === 1);
  const [prices, setPrices] = useState<Record<string, string>>(
    Object.fromEntries(PRICE_COLUMNS.map((c) => [c, p.prices[c] ?? ''])),
  );
  const [stock, setStock] = useState<Record<string, string>>(
    Object.fromEntries(props.locations.map((l) => [l.code, String(Number(p.stock[l.code] ?? 0))])),
  );
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  const save = async () => {
    setSaving(true);
    setError(null);
    try {
      await saveProduct(p.code, {
        display_name: displayName,
        active: active ? 1 : 0,
        prices: Object.fromEntries(
          PRICE_COLUMNS.map((c) => [c, prices[c].trim() === '' ? null : prices[c].trim()]),
        ),
        stock,
      });
      props.onClose(true);
    } catch (err) {
      setError((err as Error).message);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal opened onClose={() => props.onClose(false)} title={`Product ${p.code}`} size="xl">
      <Text size="sm" c="dimmed" mb="sm">
        {p.description}
      </Text>
      {error && (
        <Alert color="red" role="alert" mb="sm">
          {error}
        </Alert>
      )}
      <Group align="end" mb="md">
        <TextInput
          label="Display name"
          value={displayName}
          onChange={(e) => setDisplayName(e.currentTarget.value)}
          w={320}
        />
        <Switch label="Active" checked={active} onChange={(e) => setActive(e.currentTarget.checked)} />
      </Group>
      <Title order={2} size="h4" mb="xs">
        List prices
      </Title>
      <SimpleGrid cols={{ base: 2, sm: 4 }} mb="md">
        {PRICE_COLUMNS.map((c) => (
          <TextInput
            key={c}
            label={label(c)}
            inputMode="decimal"
            value={prices[c]}
            onChange={(e) => {
              const v = e.currentTarget.value;
              setPrices((s) => ({ ...s, [c]: v }));
            }}
          />
        ))}
      </SimpleGrid>
      <Title order={2} size="h4" mb="xs">
        Stock on hand
      </Title>
      <SimpleGrid cols={{ base: 2, sm: 4 }} mb="md">
        {props.locations.map((l) => (
          <TextInput
            key={l.code}
            label={l.name}
            inputMode="decimal"
            value={stock[l.code]}
            onChange={(e) => {
              const v = e.currentTarget.value;
              setStock((s) => ({ ...s, [l.code]: v }));
            }}
          />
        ))}
      </SimpleGrid>
      <Group justify="flex-end">
        <Button variant="default" onClick={() => props.onClose(false)}>
          Cancel
        </Button>
        <Button onClick={save} loading={saving}>
          Save
        </Button>
      </Group>
    </Modal>
  );
}
