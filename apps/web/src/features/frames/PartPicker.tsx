import {
  Badge,
  Button,
  Card,
  Group,
  Loader,
  Modal,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { SEARCH_DEBOUNCE_MS } from '@mitrebox/domain';
import { IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { ProductImage } from '../../components/ProductImage.tsx';
import classes from './FrameBuilder.module.css';
import { type PartProduct, useBuildFilters, usePartProducts } from './frames-api.ts';

export type PartKind = 'moulding' | 'mat' | 'glass';
const FRAME_TYPE = { moulding: 'MOULDING', mat: 'MATS', glass: 'GLASS' } as const;
export const PART_TITLE: Record<PartKind, string> = { moulding: 'Frame', mat: 'Mat', glass: 'Glazing' };

interface PartPickerProps {
  kind: PartKind | null;
  onClose: () => void;
  onSelect: (kind: PartKind, product: PartProduct) => void;
}

/**
 * The selection modal (storefront §2): an item # search or a collection, then the catalogue in frame-builder
 * mode — each card has Select instead of Add to Cart.
 */
export function PartPicker({ kind, onClose, onSelect }: PartPickerProps) {
  const [search, setSearch] = useState('');
  const [collection, setCollection] = useState<string | null>(null);
  const [debounced] = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const frameType = FRAME_TYPE[kind ?? 'moulding'];
  const filters = useBuildFilters(frameType, kind === 'moulding');
  const list = usePartProducts(frameType, debounced, collection ? Number(collection) : null, kind !== null);

  return (
    <Modal
      opened={kind !== null}
      onClose={onClose}
      title={`Select ${kind ? PART_TITLE[kind].toLowerCase() : ''}`}
      size="xl"
      // read only once open: window.innerWidth makes the browser lay the page out, which while the Frame Creator
      // first renders (the picker closed) was most of that render's longest task (ADR 013)
      fullScreen={kind !== null && typeof window !== 'undefined' && window.innerWidth < 600}
    >
      <Stack gap="md">
        <Group grow align="flex-end" wrap="wrap">
          <TextInput
            label="Item #"
            placeholder="Search by name or Item #"
            leftSection={<IconSearch size={16} />}
            value={search}
            onChange={(e) => setSearch(e.currentTarget.value)}
            data-autofocus
          />
          {kind === 'moulding' ? (
            <Select
              label="Collection"
              placeholder="All collections"
              clearable
              searchable
              value={collection}
              onChange={setCollection}
              data={(filters.data?.collection ?? []).map((c) => ({ value: String(c.id), label: c.name }))}
            />
          ) : null}
        </Group>
        {list.isLoading ? <Loader size="sm" /> : null}
        {list.data && list.data.data.length === 0 ? <Text c="dimmed">No products found</Text> : null}
        <SimpleGrid cols={{ base: 2, sm: 3, md: 4 }} spacing="sm">
          {(list.data?.data ?? []).map((p) => (
            <Card key={p.Code} withBorder padding="xs" className={classes.partCard}>
              <ProductImage src={p.image} alt={p.display_name} size={200} />
              <Text fw={700} size="sm" mt={6}>
                {p.Code}
              </Text>
              {p.FrameType === 'MOULDING' && p.width_display ? (
                <Badge variant="light" size="sm">
                  {p.width_display}"
                </Badge>
              ) : null}
              <Text size="xs" c="dimmed" lineClamp={2} mih={32}>
                {p.display_name}
              </Text>
              <Button
                size="xs"
                mt={6}
                fullWidth
                onClick={() => kind && onSelect(kind, p)}
                aria-label={`Select ${p.Code}`}
              >
                Select
              </Button>
            </Card>
          ))}
        </SimpleGrid>
      </Stack>
    </Modal>
  );
}
