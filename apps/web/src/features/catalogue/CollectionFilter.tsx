import { CloseButton, TextInput } from '@mantine/core';
import type { ProductFiltersResponse } from '@mitrebox/api-contract';
import { IconSearch } from '@tabler/icons-react';
import { useMemo } from 'react';
import { FacetList, FacetSkeleton, FilterGroup } from './FilterGroup.tsx';

/** Collections, found by name in a long list; the chosen ones first, so they stay in reach. */
export function CollectionFilter(props: {
  collections: ProductFiltersResponse['collection'] | undefined;
  selected: number[];
  search: string;
  onSearch: (search: string) => void;
  onToggle: (id: number, on: boolean) => void;
}) {
  const { collections, selected, search, onSearch } = props;
  const items = useMemo(() => {
    const all = (collections ?? []).map((c) => ({
      value: c.id,
      name: c.name,
      count: c.collectionCount,
    }));
    const needle = search.trim().toLowerCase();
    const shown = needle ? all.filter((c) => c.name.toLowerCase().includes(needle)) : all;
    return [
      ...shown.filter((c) => selected.includes(c.value)),
      ...shown.filter((c) => !selected.includes(c.value)),
    ];
  }, [collections, search, selected]);

  return (
    <FilterGroup value="collection" title="Collection" count={selected.length}>
      {collections ? (
        <>
          <TextInput
            size="xs"
            mb="xs"
            placeholder="Find a collection"
            aria-label="Find a collection"
            leftSection={<IconSearch size={14} aria-hidden />}
            value={search}
            onChange={(e) => onSearch(e.currentTarget.value)}
            rightSection={
              search ? (
                <CloseButton
                  size="sm"
                  aria-label="Clear the collection search"
                  onClick={() => onSearch('')}
                />
              ) : null
            }
          />
          <FacetList testId="collection-filter" items={items} selected={selected} onToggle={props.onToggle} />
        </>
      ) : (
        <FacetSkeleton />
      )}
    </FilterGroup>
  );
}
