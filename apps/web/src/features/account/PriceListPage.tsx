import { Alert, Button, Group, MultiSelect, Paper, Radio, Stack, Text } from '@mantine/core';
import { PRODUCT_TYPES } from '@mitrebox/domain';
import { IconFileSpreadsheet, IconFileTypePdf } from '@tabler/icons-react';
import { useState } from 'react';
import { PageHeader } from '../../components/PageHeader.tsx';
import { useCollections } from '../../lib/shared-queries.ts';
import { downloadPriceList, type PriceListChoice } from './price-list-api.ts';

const TYPE_OPTIONS = PRODUCT_TYPES.map((t) => ({ value: String(t.value), label: t.name }));

/**
 * My Account → Price list (issue 32 §5): the account's net prices — its discounts applied, as the cart charges
 * them — for the whole catalogue or chosen collections and product types, as CSV for point-of-sale software and as
 * a PDF price book for the counter.
 */
export default function PriceListPage() {
  const collections = useCollections();
  const [scope, setScope] = useState<'all' | 'chosen'>('all');
  const [chosenCollections, setChosenCollections] = useState<string[]>([]);
  const [chosenTypes, setChosenTypes] = useState<string[]>([]);
  const [busy, setBusy] = useState<'csv' | 'pdf' | null>(null);
  const [error, setError] = useState<string | null>(null);

  const choice: PriceListChoice =
    scope === 'all'
      ? { collections: [], types: [] }
      : { collections: chosenCollections.map(Number), types: chosenTypes.map(Number) };
  const nothingChosen = scope === 'chosen' && chosenCollections.length === 0 && chosenTypes.length === 0;

  const download = async (format: 'csv' | 'pdf') => {
    setBusy(format);
    setError(null);
    try {
      await downloadPriceList(format, choice);
    } catch (err) {
      setError((err as Error).message);
    } finally {
      setBusy(null);
    }
  };

  return (
    <>
      <PageHeader
        eyebrow="My Account"
        title="Price list"
        description="Your net prices, with your discounts applied exactly as the cart charges them, to load into your point-of-sale software or print for the counter."
      />
      <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} maw={720}>
        <Stack gap="md">
          <Radio.Group
            label="Items in the price list"
            value={scope}
            onChange={(v) => setScope(v as 'all' | 'chosen')}
          >
            <Stack gap="xs" mt={6}>
              <Radio value="all" label="The whole catalogue" />
              <Radio value="chosen" label="Chosen collections and product types" />
            </Stack>
          </Radio.Group>
          {scope === 'chosen' ? (
            <>
              <MultiSelect
                label="Collections"
                description="Leave empty for every collection."
                placeholder={chosenCollections.length ? undefined : 'Search collections'}
                data={(collections.data ?? []).map((c) => ({ value: String(c.id), label: c.name }))}
                value={chosenCollections}
                onChange={setChosenCollections}
                searchable
                clearable
                nothingFoundMessage="No collection by that name"
                disabled={collections.isPending}
                comboboxProps={{ withinPortal: true }}
              />
              <MultiSelect
                label="Product types"
                description="Leave empty for every type."
                placeholder={chosenTypes.length ? undefined : 'Choose types'}
                data={TYPE_OPTIONS}
                value={chosenTypes}
                onChange={setChosenTypes}
                clearable
              />
            </>
          ) : null}
          {nothingChosen ? (
            <Text size="sm" c="dimmed">
              Choose at least one collection or product type, or download the whole catalogue.
            </Text>
          ) : null}
          {error ? (
            <Alert color="red" role="alert" title="Not downloaded">
              {error}
            </Alert>
          ) : null}
          <Group gap="sm">
            <Button
              leftSection={<IconFileSpreadsheet size={18} aria-hidden />}
              loading={busy === 'csv'}
              disabled={nothingChosen || busy !== null}
              onClick={() => void download('csv')}
            >
              Download CSV
            </Button>
            <Button
              variant="light"
              leftSection={<IconFileTypePdf size={18} aria-hidden />}
              loading={busy === 'pdf'}
              disabled={nothingChosen || busy !== null}
              onClick={() => void download('pdf')}
            >
              Download PDF price book
            </Button>
          </Group>
          <Text size="sm" c="dimmed">
            The CSV has one row for each item and way it is sold (length, chop, join, straight cut, box, sheet
            or each) with its unit, your net price and the list price. The PDF lists each collection under its
            own heading and holds up to 25,000 items; choose collections or types for a larger catalogue.
          </Text>
        </Stack>
      </Paper>
    </>
  );
}
