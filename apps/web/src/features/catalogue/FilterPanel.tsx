import { Accordion, Radio, Stack } from '@mantine/core';
import type { ProductFiltersResponse, RecentPurchase } from '@mitrebox/api-contract';
import { PRODUCT_TYPES, visibleFilterGroups } from '@mitrebox/domain';
import { useState } from 'react';
import { CollectionFilter } from './CollectionFilter.tsx';
import { FacetGroup, FilterGroup } from './FilterGroup.tsx';
import classes from './FilterPanel.module.css';
import { FrequentlyPurchased } from './FrequentlyPurchased.tsx';
import { RangeFilter } from './RangeFilter.tsx';
import { RANGE_KEYS, RANGE_LABELS, type ShopState, toggleValue, withType } from './shop-filters.ts';

interface FilterPanelProps {
  state: ShopState;
  onChange: (next: ShopState) => void;
  filters: ProductFiltersResponse | undefined;
  /** Signed in: the Frequently Purchased group with the recent purchases. */
  recentPurchases?: RecentPurchase[] | null;
  /** Where each purchase's Shop button goes. */
  shopPath: (code: string) => string;
}

const ALL = 'all';

/** Groups open at first: the ones most used, and every group with a filter set. */
const OPEN_BY_DEFAULT = ['frequent', 'collection', 'type', 'width'];

function initiallyOpen(state: ShopState): string[] {
  const open = new Set(OPEN_BY_DEFAULT);
  if (state.height.from || state.height.to) open.add('height');
  if (state.rabbet.from || state.rabbet.to) open.add('rabbet');
  for (const key of ['finish', 'style', 'color_family', 'profile_type'] as const) {
    if (state[key].length > 0) open.add(key);
  }
  return [...open];
}

const byId = (items: { id: number; name: string; count: number }[]) =>
  items.map((c) => ({ value: c.id, name: c.name, count: c.count }));

/** The shop's filter sidebar (storefront §2 Shop screen), also the content of the phone's Filters drawer. */
export function FilterPanel({ state, onChange, filters, recentPurchases, shopPath }: FilterPanelProps) {
  const visible = visibleFilterGroups(state.type);
  // kept here, so that a search survives its group being hidden and shown again
  const [collectionSearch, setCollectionSearch] = useState('');
  const [open, setOpen] = useState<string[]>(() => initiallyOpen(state));

  return (
    <Accordion
      multiple
      value={open}
      onChange={setOpen}
      variant="default"
      chevronPosition="right"
      classNames={{ root: classes.root, content: classes.content, label: classes.label }}
    >
      {recentPurchases && recentPurchases.length > 0 ? (
        <FrequentlyPurchased purchases={recentPurchases} shopPath={shopPath} />
      ) : null}

      {visible.collection ? (
        <CollectionFilter
          collections={filters?.collection}
          selected={state.collection}
          search={collectionSearch}
          onSearch={setCollectionSearch}
          onToggle={(id, on) => onChange({ ...state, collection: toggleValue(state.collection, id, on) })}
        />
      ) : null}

      <TypeFilter state={state} filters={filters} onChange={onChange} />

      {visible.size
        ? RANGE_KEYS.map((key) => (
            <FilterGroup
              key={key}
              value={key}
              title={RANGE_LABELS[key]}
              count={state[key].from || state[key].to ? 1 : 0}
            >
              <RangeFilter
                name={key}
                value={state[key]}
                onApply={(range) => onChange({ ...state, [key]: range })}
              />
            </FilterGroup>
          ))
        : null}

      {visible.finish ? (
        <FacetGroup
          value="finish"
          title="Finish Type"
          testId="finish-filter"
          items={filters?.finish}
          selected={state.finish}
          onToggle={(v, on) => onChange({ ...state, finish: toggleValue(state.finish, v, on) })}
        />
      ) : null}

      {visible.style ? (
        <FacetGroup
          value="style"
          title="Style"
          testId="style-filter"
          items={filters?.style}
          selected={state.style}
          onToggle={(v, on) => onChange({ ...state, style: toggleValue(state.style, v, on) })}
        />
      ) : null}

      {visible.colorFamily ? (
        <FacetGroup
          value="color_family"
          title="Color Family"
          testId="color-family-filter"
          items={filters ? byId(filters.color_family) : undefined}
          selected={state.color_family}
          onToggle={(v, on) => onChange({ ...state, color_family: toggleValue(state.color_family, v, on) })}
        />
      ) : null}

      {visible.profileType ? (
        <FacetGroup
          value="profile_type"
          title="Profile Type"
          testId="profile-type-filter"
          items={filters ? byId(filters.profile_type) : undefined}
          selected={state.profile_type}
          onToggle={(v, on) => onChange({ ...state, profile_type: toggleValue(state.profile_type, v, on) })}
        />
      ) : null}
    </Accordion>
  );
}

/** The product type, one at a time, or all products (the type list is known before the counts load). */
function TypeFilter(props: {
  state: ShopState;
  filters: ProductFiltersResponse | undefined;
  onChange: (next: ShopState) => void;
}) {
  const { state, filters, onChange } = props;
  const types = filters?.type?.length
    ? filters.type
    : PRODUCT_TYPES.map((t) => ({ value: t.value, name: t.name }));
  return (
    <FilterGroup value="type" title="Products">
      <Radio.Group
        value={state.type === null ? ALL : String(state.type)}
        onChange={(v) => onChange(withType(state, v === ALL ? null : Number(v)))}
        aria-label="Products"
        name="shop-type"
      >
        <Stack gap={8}>
          {types.map((t) => (
            <Radio key={t.value} value={String(t.value)} label={t.name} size="sm" />
          ))}
          <Radio value={ALL} label="All products" size="sm" />
        </Stack>
      </Radio.Group>
    </FilterGroup>
  );
}
