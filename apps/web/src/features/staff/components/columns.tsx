import { Badge } from '@mantine/core';
import { formatNumericDate } from '../../../lib/format.ts';
import type { DataTableColumn } from './DataTable.tsx';

/** Whether a row is shown in the shop, as a badge: green with `shown`, grey with `hidden`. */
export function shownColumn<T extends { active: boolean }>(
  shown: string,
  hidden: string,
): DataTableColumn<T> {
  return {
    key: 'active',
    label: 'Shown',
    render: (r) => (r.active ? <Badge color="green">{shown}</Badge> : <Badge color="gray">{hidden}</Badge>),
  };
}

/** The day a row was added (sortable), as the back office writes dates. */
export function addedColumn<T extends { createdAt: string }>(label: string): DataTableColumn<T> {
  return {
    key: 'createdAt',
    label,
    sortable: true,
    render: (r) => formatNumericDate(r.createdAt),
  };
}
