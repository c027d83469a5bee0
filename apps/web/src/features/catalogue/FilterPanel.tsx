import {
  Accordion,
  Button,
  Checkbox,
  CloseButton,
  Radio,
  ScrollArea,
  Skeleton,
  Stack,
  Text,
  TextInput,
  VisuallyHidden,
} from '@mantine/core';
import type { ProductFiltersResponse, RecentPurchase } from '@mitrebox/api-contract';
import { PRODUCT_TYPES, visibleFilterGroups } from '@mitrebox/domain';
import { IconSearch } from '@tabler/icons-react';
import { type ReactNode, useMemo, useState } from 'react';
import { Link } from 'react-router';
import { ProductImage } from '../../components/ProductImage.tsx';
import classes from './FilterPanel.module.css';
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

function FacetLabel({ name, count }: { name: string; count: number }) {
  return (
    <span className={classes.facetLabel}>
      <span className={classes.facetName}>{name}</span>
      <span className={classes.count}>
        {count}
        <VisuallyHidden> products</VisuallyHidden>
      </span>
    </span>
  );
}

function FacetList<T extends string | number>({
  items,
  selected,
  onToggle,
  maxHeight = 260,
  testId,
}: {
  items: { value: T; name: string; count: number }[];
  selected: T[];
  onToggle: (value: T, on: boolean) => void;
  maxHeight?: number;
  testId: string;
}) {
  if (items.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        None for these filters.
      </Text>
    );
  }
  return (
    <ScrollArea.Autosize mah={maxHeight} type="auto" offsetScrollbars className={classes.scroll}>
      <Stack gap={6} data-testid={testId} className={classes.facetList}>
        {items.map((item) => (
          <Checkbox
            key={String(item.value)}
            size="sm"
            checked={selected.includes(item.value)}
            onChange={(e) => onToggle(item.value, e.currentTarget.checked)}
            label={<FacetLabel name={item.name} count={item.count} />}
            classNames={{
              body: classes.checkboxBody,
              labelWrapper: classes.checkboxLabelWrapper,
              label: classes.checkboxLabel,
            }}
            disabled={item.count === 0 && !selected.includes(item.value)}
          />
        ))}
      </Stack>
    </ScrollArea.Autosize>
  );
}

function FilterGroup({
  value,
  title,
  count,
  children,
}: {
  value: string;
  title: string;
  count?: number;
  children: ReactNode;
}) {
  return (
    <Accordion.Item value={value} className={classes.item}>
      <Accordion.Control className={classes.control}>
        <span className={classes.groupTitle}>
          {title}
          {count ? <span className={classes.groupCount}>{count}</span> : null}
        </span>
      </Accordion.Control>
      <Accordion.Panel>{children}</Accordion.Panel>
    </Accordion.Item>
  );
}

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

/** The shop's filter sidebar (storefront §2 Shop screen), also the content of the phone's Filters drawer. */
export function FilterPanel({ state, onChange, filters, recentPurchases, shopPath }: FilterPanelProps) {
  const visible = visibleFilterGroups(state.type);
  const [collectionSearch, setCollectionSearch] = useState('');
  const [open, setOpen] = useState<string[]>(() => initiallyOpen(state));

  const collections = useMemo(() => {
    const all = (filters?.collection ?? []).map((c) => ({
      value: c.id,
      name: c.name,
      count: c.collectionCount,
    }));
    const needle = collectionSearch.trim().toLowerCase();
    const shown = needle ? all.filter((c) => c.name.toLowerCase().includes(needle)) : all;
    // chosen collections first, so they stay in reach in a long list
    return [
      ...shown.filter((c) => state.collection.includes(c.value)),
      ...shown.filter((c) => !state.collection.includes(c.value)),
    ];
  }, [filters?.collection, collectionSearch, state.collection]);

  const types = filters?.type?.length
    ? filters.type
    : PRODUCT_TYPES.map((t) => ({ value: t.value, name: t.name }));

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
        <FilterGroup value="frequent" title="Frequently Purchased">
          <ScrollArea.Autosize mah={236} type="auto" offsetScrollbars className={classes.scroll}>
            <ul className={classes.frequent} data-testid="frequently-purchased">
              {recentPurchases.map((r) => (
                <li key={r.Code} className={classes.frequentItem}>
                  <ProductImage src={r.image} alt="" className={classes.frequentImage} size={80} />
                  <span className={classes.frequentText}>
                    <span className={classes.frequentCode}>{r.Code}</span>
                    <span className={classes.frequentName}>{r.description}</span>
                  </span>
                  <Button
                    component={Link}
                    to={shopPath(r.Code)}
                    state={{ fromShop: true }}
                    preventScrollReset
                    size="compact-xs"
                    variant="light"
                    aria-label={`Shop ${r.Code}`}
                  >
                    Shop
                  </Button>
                </li>
              ))}
            </ul>
          </ScrollArea.Autosize>
        </FilterGroup>
      ) : null}

      {visible.collection ? (
        <FilterGroup value="collection" title="Collection" count={state.collection.length}>
          {filters ? (
            <>
              <TextInput
                size="xs"
                mb="xs"
                placeholder="Find a collection"
                aria-label="Find a collection"
                leftSection={<IconSearch size={14} aria-hidden />}
                value={collectionSearch}
                onChange={(e) => setCollectionSearch(e.currentTarget.value)}
                rightSection={
                  collectionSearch ? (
                    <CloseButton
                      size="sm"
                      aria-label="Clear the collection search"
                      onClick={() => setCollectionSearch('')}
                    />
                  ) : null
                }
              />
              <FacetList
                testId="collection-filter"
                items={collections}
                selected={state.collection}
                onToggle={(id, on) =>
                  onChange({ ...state, collection: toggleValue(state.collection, id, on) })
                }
              />
            </>
          ) : (
            <FacetSkeleton />
          )}
        </FilterGroup>
      ) : null}

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
        <FilterGroup value="finish" title="Finish Type" count={state.finish.length}>
          {filters ? (
            <FacetList
              testId="finish-filter"
              items={filters.finish}
              selected={state.finish}
              onToggle={(v, on) => onChange({ ...state, finish: toggleValue(state.finish, v, on) })}
            />
          ) : (
            <FacetSkeleton />
          )}
        </FilterGroup>
      ) : null}

      {visible.style ? (
        <FilterGroup value="style" title="Style" count={state.style.length}>
          {filters ? (
            <FacetList
              testId="style-filter"
              items={filters.style}
              selected={state.style}
              onToggle={(v, on) => onChange({ ...state, style: toggleValue(state.style, v, on) })}
            />
          ) : (
            <FacetSkeleton />
          )}
        </FilterGroup>
      ) : null}

      {visible.colorFamily ? (
        <FilterGroup value="color_family" title="Color Family" count={state.color_family.length}>
          {filters ? (
            <FacetList
              testId="color-family-filter"
              items={filters.color_family.map((c) => ({ value: c.id, name: c.name, count: c.count }))}
              selected={state.color_family}
              onToggle={(v, on) =>
                onChange({ ...state, color_family: toggleValue(state.color_family, v, on) })
              }
            />
          ) : (
            <FacetSkeleton />
          )}
        </FilterGroup>
      ) : null}

      {visible.profileType ? (
        <FilterGroup value="profile_type" title="Profile Type" count={state.profile_type.length}>
          {filters ? (
            <FacetList
              testId="profile-type-filter"
              items={filters.profile_type.map((c) => ({ value: c.id, name: c.name, count: c.count }))}
              selected={state.profile_type}
              onToggle={(v, on) =>
                onChange({ ...state, profile_type: toggleValue(state.profile_type, v, on) })
              }
            />
          ) : (
            <FacetSkeleton />
          )}
        </FilterGroup>
      ) : null}
    </Accordion>
  );
}

function FacetSkeleton() {
  return (
    <Stack gap={8} aria-hidden>
      {[70, 55, 80, 62, 48].map((w) => (
        <Skeleton key={w} height={16} width={`${w}%`} />
      ))}
    </Stack>
  );
}
