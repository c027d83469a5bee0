import { Badge, Button, Loader, NativeSelect, Text, Title } from '@mantine/core';
import { IconAdjustmentsHorizontal } from '@tabler/icons-react';
import { cx } from '../../lib/cx.ts';
import { formatCount } from '../../lib/format.ts';
import classes from './ShopPage.module.css';
import {
  type FilterNames,
  type ShopState,
  SORT_CHOICES,
  sortChoice,
  withSortChoice,
} from './shop-filters.ts';
import { type ShopView, ViewToggle } from './ViewToggle.tsx';

/** What the results are of: the search, the product type, or all products. */
function resultsHeading(state: ShopState, names: FilterNames): string {
  if (state.nameSearch) return `Results for “${state.nameSearch}”`;
  return state.type === null ? 'All products' : (names.typeName(state.type) ?? 'Products');
}

/**
 * Above the results: their heading and total, Sort by (prices only for a signed-in buyer), grid or list, and on
 * a phone the Filters button with the number of active filters.
 */
export function ResultsToolbar(props: {
  state: ShopState;
  names: FilterNames;
  signedIn: boolean;
  loadingFirst: boolean;
  refreshing: boolean;
  estimated: boolean;
  total: number;
  view: ShopView;
  desktop: boolean | null;
  filterCount: number;
  onChange: (next: ShopState) => void;
  onView: (view: ShopView) => void;
  onOpenFilters: () => void;
}) {
  const { state, desktop, filterCount } = props;
  const sortData = SORT_CHOICES.filter((c) => props.signedIn || !c.value.startsWith('price')).map((c) => ({
    value: c.value,
    label: c.label,
  }));
  return (
    <div className={classes.toolbar}>
      <div className={classes.toolbarText}>
        <Title order={2} id="shop-results-heading" className={classes.resultsHeading}>
          {resultsHeading(state, props.names)}
        </Title>
        <Text className={classes.total} aria-live="polite" data-testid="total-results">
          {props.loadingFirst
            ? 'Loading…'
            : `Total Results ${props.estimated ? 'about ' : ''}${formatCount(props.total)}`}
          {props.refreshing ? <Loader size={14} ml={8} aria-label="Updating" /> : null}
        </Text>
      </div>
      <div className={classes.viewControls}>
        <NativeSelect
          size="sm"
          label="Sort by"
          data={sortData}
          value={sortChoice(state)}
          onChange={(e) => props.onChange(withSortChoice(state, e.currentTarget.value))}
          className={classes.sort}
          data-testid="shop-sort"
        />
        <ViewToggle value={props.view} onChange={props.onView} />
      </div>
      {desktop !== true ? (
        <Button
          variant="default"
          leftSection={<IconAdjustmentsHorizontal size={18} aria-hidden />}
          onClick={props.onOpenFilters}
          aria-haspopup="dialog"
          className={cx(classes.filtersButton, desktop === null && classes.narrowOnly)}
          rightSection={
            filterCount > 0 ? (
              <Badge size="sm" circle color="brass.4" c="walnut.9" aria-label={`${filterCount} active`}>
                {filterCount}
              </Badge>
            ) : null
          }
        >
          Filters
        </Button>
      ) : null}
    </div>
  );
}
