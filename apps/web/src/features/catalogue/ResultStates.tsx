import { Alert, Button, Skeleton, Text, Title } from '@mantine/core';
import { IconAlertCircle, IconFilterOff, IconSearch } from '@tabler/icons-react';
import type { useShopProducts } from './catalogue-api.ts';
import classes from './ShopPage.module.css';

/** The first page failed: its message and Try again. */
function ResultsLoadError({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <Alert color="red" icon={<IconAlertCircle size={18} />} title="The products could not be loaded" mt="md">
      <Text size="sm">{message}</Text>
      <Button size="xs" mt="sm" variant="light" color="red" onClick={onRetry}>
        Try again
      </Button>
    </Alert>
  );
}

/** A screenful of placeholder cards while the first page loads. */
function ResultsSkeleton() {
  return (
    <div className={classes.grid} role="status" aria-busy="true" aria-label="Loading products">
      {Array.from({ length: 12 }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: fixed placeholders
        <div key={i} className={classes.skeletonCard}>
          <Skeleton className={classes.skeletonImage} />
          <div className={classes.skeletonBody}>
            <Skeleton height={14} width="45%" />
            <Skeleton height={14} width="90%" mt={8} />
            <Skeleton height={12} width="60%" mt={8} />
            <Skeleton height={32} mt={16} />
          </div>
        </div>
      ))}
    </div>
  );
}

/** Nothing matches: what to try, and Clear filters when any is on. */
function NoResults(props: { nameSearch: string; filterCount: number; onClear: () => void }) {
  return (
    <div className={classes.empty} data-testid="shop-empty">
      <IconSearch size={40} stroke={1.4} aria-hidden className={classes.emptyIcon} />
      <Title order={3} className={classes.emptyTitle}>
        No products match
      </Title>
      <Text c="dimmed" maw={420} ta="center">
        {props.nameSearch
          ? `Nothing matches “${props.nameSearch}” with these filters. Check the spelling or the item #, or widen the filters.`
          : 'Nothing matches all of these filters. Remove one or clear them to see more.'}
      </Text>
      {props.filterCount > 0 ? (
        <Button mt="md" leftSection={<IconFilterOff size={18} aria-hidden />} onClick={props.onClear}>
          Clear filters
        </Button>
      ) : null}
    </div>
  );
}

/** What the results say before there are any: a failed first page, placeholders while it loads, or none found. */
export function ResultStates(props: {
  products: ReturnType<typeof useShopProducts>;
  empty: boolean;
  nameSearch: string;
  filterCount: number;
  onClear: () => void;
}) {
  const { products } = props;
  const loadingFirst = products.isPending;
  return (
    <>
      {products.isError && !products.data ? (
        <ResultsLoadError
          message={(products.error as Error).message}
          onRetry={() => void products.refetch()}
        />
      ) : null}
      {loadingFirst ? <ResultsSkeleton /> : null}
      {!loadingFirst && products.data && props.empty ? (
        <NoResults nameSearch={props.nameSearch} filterCount={props.filterCount} onClear={props.onClear} />
      ) : null}
    </>
  );
}
