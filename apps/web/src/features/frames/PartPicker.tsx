import {
  Badge,
  Button,
  Card,
  Group,
  Loader,
  Modal,
  Pagination,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { MOULDING_WIDTH_BANDS, PART_PICKER_PAGE_SIZE, SEARCH_DEBOUNCE_MS } from '@mitrebox/domain';
import { IconFilterOff, IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { ProductImage } from '../../components/ProductImage.tsx';
import classes from './FrameBuilder.module.css';
import { type PartProduct, useBuildFilters, usePartProducts } from './frames-api.ts';
import { NOTHING_CHOSEN, PART_TITLE, type PartKind, type PickerChoice, pickerFilters } from './parts.ts';

export { PART_TITLE, type PartKind } from './parts.ts';

/** Each kind's listing (frame type, and product type: fillets are mouldings of type 3) and its filter groups. */
const LISTING = {
  moulding: { frameType: 'MOULDING', type: 4, filters: 'MOULDING' },
  fillet: { frameType: 'MOULDING', type: 3, filters: 'FILLET' },
  mat: { frameType: 'MATS', type: undefined, filters: 'MATS' },
  glass: { frameType: 'GLASS', type: undefined, filters: 'GLASS' },
} as const;
const PART_PLURAL: Record<PartKind, string> = {
  moulding: 'mouldings',
  fillet: 'fillets',
  mat: 'mats',
  glass: 'glazing',
};

interface PartPickerProps {
  kind: PartKind | null;
  /** What is being chosen, for the title ('Select inner moulding (liner)'); the kind's name by default. */
  title?: string;
  onClose: () => void;
  onSelect: (kind: PartKind, product: PartProduct) => void;
}

/**
 * The selection modal (storefront §2): an item # search and the filters that fit the part, then the catalogue in
 * frame-builder mode — each card has Select instead of Add to Cart. Each opening starts afresh: the body (and its
 * search and filters) lives inside the modal, which unmounts it when it closes.
 */
export function PartPicker({ kind, title, onClose, onSelect }: PartPickerProps) {
  // the part shown while the modal fades out, after `kind` is already null
  const [shown, setShown] = useState<PartKind | null>(kind);
  if (kind !== null && kind !== shown) setShown(kind);
  const part = kind ?? shown;
  return (
    <Modal
      opened={kind !== null}
      onClose={onClose}
      title={`Select ${(title ?? (part ? PART_TITLE[part] : '')).toLowerCase()}`}
      size="xl"
      // the modal is drawn outside the page (a portal): the page's 44 px tap-target rule is given to it here
      classNames={{ body: classes.picker }}
      // read only once open: window.innerWidth makes the browser lay the page out, which while the Frame Creator
      // first renders (the picker closed) was most of that render's longest task (ADR 013)
      fullScreen={kind !== null && typeof window !== 'undefined' && window.innerWidth < 600}
    >
      {part ? <PickerBody key={part} kind={part} onSelect={onSelect} /> : null}
    </Modal>
  );
}

const withCount = (name: string, count: number) => `${name} (${count})`;

function PickerBody({
  kind,
  onSelect,
}: {
  kind: PartKind;
  onSelect: (kind: PartKind, product: PartProduct) => void;
}) {
  const [search, setSearch] = useState('');
  const [chosen, setChosen] = useState<PickerChoice>(NOTHING_CHOSEN);
  const [page, setPage] = useState(1);
  const [debounced] = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const listing = LISTING[kind];
  const list = usePartProducts(listing.frameType, listing.type, debounced, pickerFilters(chosen), page, true);
  const total = list.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / PART_PICKER_PAGE_SIZE));
  const narrowed = search.trim() !== '' || Object.values(chosen).some((v) => v !== null);

  const choose = (group: keyof PickerChoice) => (value: string | null) => {
    setChosen((c) => ({ ...c, [group]: value }));
    setPage(1);
  };
  const clear = () => {
    setSearch('');
    setChosen(NOTHING_CHOSEN);
    setPage(1);
  };

  return (
    <Stack gap="md">
      <TextInput
        label="Item #"
        placeholder="Search by name or Item #"
        leftSection={<IconSearch size={16} />}
        value={search}
        onChange={(e) => {
          setSearch(e.currentTarget.value);
          setPage(1);
        }}
        data-autofocus
      />
      <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm" data-testid="part-filters">
        <FilterSelects kind={kind} chosen={chosen} onChoose={choose} />
      </SimpleGrid>
      <Group justify="space-between" mih={30}>
        <Text size="sm" c="dimmed" aria-live="polite">
          {list.data ? `${total} ${PART_PLURAL[kind]}` : ''}
        </Text>
        {narrowed ? (
          <Button size="xs" variant="subtle" leftSection={<IconFilterOff size={16} />} onClick={clear}>
            Clear filters
          </Button>
        ) : null}
      </Group>
      {list.isLoading ? <Loader size="sm" /> : null}
      {list.data && list.data.data.length === 0 ? (
        <Text c="dimmed">
          No products found
          {narrowed ? `. Clear the filters to see every ${PART_TITLE[kind].toLowerCase()}.` : ''}
        </Text>
      ) : null}
      <SimpleGrid cols={{ base: 2, sm: 3, md: 4 }} spacing="sm">
        <PartCards kind={kind} products={list.data?.data ?? []} onSelect={onSelect} />
      </SimpleGrid>
      {pages > 1 ? (
        <Pagination
          value={page}
          onChange={setPage}
          total={pages}
          aria-label={`Pages of ${PART_PLURAL[kind]}`}
        />
      ) : null}
    </Stack>
  );
}

/** The filter groups of one kind of part, each a select of its values with how many parts have it. */
function FilterSelects({
  kind,
  chosen,
  onChoose,
}: {
  kind: PartKind;
  chosen: PickerChoice;
  onChoose: (group: keyof PickerChoice) => (value: string | null) => void;
}) {
  const groups = useBuildFilters(LISTING[kind].filters, true).data;
  const select = (group: keyof PickerChoice, label: string, data: { value: string; label: string }[]) => (
    <Select
      key={group}
      label={label}
      placeholder="Any"
      clearable
      searchable={data.length > 8}
      value={chosen[group]}
      onChange={onChoose(group)}
      data={data}
    />
  );

  const colours = (groups?.color_family ?? []).map((g) => ({
    value: String(g.id),
    label: withCount(g.name, g.count),
  }));
  const sheets = (groups?.sheet ?? []).map((g) => ({ value: g.value, label: withCount(g.name, g.count) }));
  const collections = (groups?.collection ?? []).map((g) => ({
    value: String(g.id),
    label: withCount(g.name, g.collectionCount),
  }));
  const finishes = (groups?.finish ?? []).map((g) => ({ value: g.value, label: withCount(g.name, g.count) }));
  const filters = {
    moulding: [
      select('collection', 'Collection', collections),
      select('finish', 'Finish', finishes),
      select(
        'width',
        'Width',
        MOULDING_WIDTH_BANDS.map((b) => ({ value: b.value, label: b.name })),
      ),
      select('colour', 'Colour', colours),
    ],
    fillet: [
      select('collection', 'Collection', collections),
      select('finish', 'Finish', finishes),
      select('colour', 'Colour', colours),
    ],
    mat: [
      select('colour', 'Colour', colours),
      select(
        'core',
        'Core',
        (groups?.mat_core ?? []).map((g) => ({ value: g.value, label: withCount(g.name, g.count) })),
      ),
      select(
        'ply',
        'Ply',
        (groups?.ply ?? []).map((g) => ({ value: String(g.value), label: withCount(g.name, g.count) })),
      ),
      select('sheet', 'Sheet size', sheets),
    ],
    glass: [
      select(
        'glazing',
        'Kind',
        (groups?.glazing ?? []).map((g) => ({ value: g.value, label: withCount(g.name, g.count) })),
      ),
      select('sheet', 'Sheet size', sheets),
    ],
  }[kind];

  return <>{filters}</>;
}

/** A card per part of the page: its picture, item #, width and name, and Select. */
function PartCards({
  kind,
  products,
  onSelect,
}: {
  kind: PartKind;
  products: PartProduct[];
  onSelect: (kind: PartKind, product: PartProduct) => void;
}) {
  return (
    <>
      {products.map((p) => (
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
            onClick={() => onSelect(kind, p)}
            aria-label={`Select ${p.Code}`}
          >
            Select
          </Button>
        </Card>
      ))}
    </>
  );
}
