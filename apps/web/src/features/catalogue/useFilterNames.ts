import { productTypeName } from '@mitrebox/domain';
import { useMemo } from 'react';
import type { useProductFilters } from './catalogue-api.ts';
import type { FilterNames } from './shop-filters.ts';

/** The names the active-filter badges and the heading show, from the filter counts (their ids until they load). */
export function useFilterNames(filters: ReturnType<typeof useProductFilters>['data']): FilterNames {
  return useMemo(
    () => ({
      typeName: (t) => filters?.type.find((x) => x.value === t)?.name ?? productTypeName(t),
      collection: new Map((filters?.collection ?? []).map((c) => [c.id, c.name])),
      color_family: new Map((filters?.color_family ?? []).map((c) => [c.id, c.name])),
      profile_type: new Map((filters?.profile_type ?? []).map((c) => [c.id, c.name])),
    }),
    [filters],
  );
}
