import {
  ActionIcon,
  Anchor,
  Combobox,
  Group,
  Loader,
  Popover,
  Radio,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  useCombobox,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { messages, SEARCH_DEBOUNCE_MS, SEARCH_MAX_LENGTH } from '@mitrebox/domain';
import { IconAdjustmentsHorizontal, IconSearch } from '@tabler/icons-react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { useNavigate } from 'react-router';
import { ADDITIONAL_FILTER_COLUMNS, productTypeName } from '../../lib/product-types.ts';
import { useSession } from '../../lib/session.ts';
import classes from './TopSearch.module.css';
import { fetchTopSearch, productPath, shopSearchPath } from './top-search.ts';

export const SEARCH_PLACEHOLDER = messages.search.placeholder;
export const NOTHING_FOUND = messages.search.nothingFound;

/** The header's product search (storefront §2 "Header and footer", §4 "Search"). */
export function TopSearch() {
  const navigate = useNavigate();
  const { signedIn } = useSession();
  const [text, setText] = useState('');
  const [type, setType] = useState<number | null>(null);
  const [debounced] = useDebouncedValue(text.trim(), SEARCH_DEBOUNCE_MS);
  const combobox = useCombobox({ onDropdownClose: () => combobox.resetSelectedOption() });

  const search = useQuery({
    queryKey: ['top-search', signedIn, type, debounced],
    queryFn: ({ signal }) => fetchTopSearch(debounced, { signedIn, type, signal }),
    enabled: debounced.length > 0,
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });

  const typed = text.trim();
  const results = typed && debounced ? (search.data ?? []) : [];
  const settled = typed.length > 0 && typed === debounced && !search.isFetching;

  const reset = () => {
    setText('');
    combobox.closeDropdown();
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!typed) return; // empty text does nothing
    navigate(shopSearchPath(typed, type));
    reset();
  };

  const options = results.map((p) => {
    const name = p.display_name || p.Description || '';
    return (
      <Combobox.Option value={p.Code} key={p.Code} className={classes.option} data-code={p.Code}>
        <Text component="span" className={classes.code}>
          {p.Code}
        </Text>
        <Text component="span" size="sm" className={classes.name}>
          {name}
        </Text>
      </Combobox.Option>
    );
  });

  return (
    <search aria-label="Products" className={classes.search}>
      <form onSubmit={submit} className={classes.root}>
        <Combobox
          store={combobox}
          onOptionSubmit={(code) => {
            navigate(productPath(code));
            reset();
          }}
          withinPortal
          position="bottom-start"
        >
          <Combobox.Target>
            <TextInput
              maxLength={SEARCH_MAX_LENGTH}
              className={classes.input}
              size="sm"
              aria-label="Search products"
              placeholder={SEARCH_PLACEHOLDER}
              type="search"
              enterKeyHint="search"
              value={text}
              onChange={(event) => {
                setText(event.currentTarget.value);
                combobox.openDropdown();
                combobox.resetSelectedOption();
              }}
              onFocus={() => {
                if (typed) combobox.openDropdown();
              }}
              onBlur={() => combobox.closeDropdown()}
              leftSection={<IconSearch size={17} aria-hidden />}
              rightSection={search.isFetching && typed ? <Loader size={16} /> : null}
              styles={{ input: { backgroundColor: '#fff' } }}
            />
          </Combobox.Target>

          <Combobox.Dropdown hidden={!typed || (!settled && results.length === 0)}>
            <Combobox.Options aria-label="Matching products">
              {options}
              {settled && results.length === 0 ? <Combobox.Empty>{NOTHING_FOUND}</Combobox.Empty> : null}
            </Combobox.Options>
            {results.length > 0 ? (
              <Combobox.Footer>
                <Text size="xs" c="dimmed">
                  Press Enter to see every match in the shop
                </Text>
              </Combobox.Footer>
            ) : null}
          </Combobox.Dropdown>
        </Combobox>

        <AdditionalFilters type={type} onChange={setType} />
      </form>
    </search>
  );
}

/** The product type the header's search is narrowed to (Additional Filters), in a popover by the field. */
function AdditionalFilters({
  type,
  onChange,
}: {
  type: number | null;
  onChange: (type: number | null) => void;
}) {
  const [filtersOpen, setFiltersOpen] = useState(false);
  const filterGroupId = useId();
  return (
    <Popover
      opened={filtersOpen}
      onChange={setFiltersOpen}
      position="bottom-end"
      shadow="md"
      width={300}
      trapFocus
      returnFocus
    >
      <Popover.Target>
        <ActionIcon
          variant={type ? 'filled' : 'default'}
          color={type ? 'brass.3' : undefined}
          c={type ? 'walnut.9' : undefined}
          size={36}
          aria-label={type ? `Additional Filters: ${productTypeName(type)}` : 'Additional Filters'}
          title="Additional Filters"
          onClick={() => setFiltersOpen((o) => !o)}
        >
          <IconAdjustmentsHorizontal size={18} aria-hidden />
        </ActionIcon>
      </Popover.Target>
      <Popover.Dropdown>
        <Group justify="space-between" mb="xs">
          <Text fw={700} id={filterGroupId}>
            Additional Filters
          </Text>
          <Anchor component="button" type="button" size="sm" onClick={() => onChange(null)}>
            Clear
          </Anchor>
        </Group>
        <Radio.Group
          value={type ? String(type) : null}
          onChange={(v) => onChange(v ? Number(v) : null)}
          aria-labelledby={filterGroupId}
          name="top-search-type"
        >
          <SimpleGrid cols={2} spacing="sm">
            {ADDITIONAL_FILTER_COLUMNS.map((column, i) => (
              <Stack key={i === 0 ? 'left' : 'right'} gap="xs">
                {column.map((t) => (
                  <Radio key={t.value} value={String(t.value)} label={t.name} />
                ))}
              </Stack>
            ))}
          </SimpleGrid>
        </Radio.Group>
      </Popover.Dropdown>
    </Popover>
  );
}
