import {
  Alert,
  Group,
  Pagination,
  Table,
  Text,
  TextInput,
  UnstyledButton,
  VisuallyHidden,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import type { StaffPage } from '@mitrebox/api-contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import classes from './DataTable.module.css';

export interface DataTableQuery {
  page: number;
  pageSize: number;
  sort?: string;
  dir: 'asc' | 'desc';
  q?: string;
}

export interface DataTableColumn<T> {
  /** the sort key the API accepts (and the default cell: row[key]) */
  key: string;
  label: string;
  sortable?: boolean;
  render?: (row: T) => ReactNode;
  /** right-aligned numbers */
  numeric?: boolean;
}

export interface DataTableProps<T> {
  /** react-query key of this table (the paging, sort and search are appended) */
  queryKey: readonly unknown[];
  /** one page from the server: GET …?page&pageSize&sort&dir&q (see pagedQuery in api-contract) */
  load: (query: DataTableQuery) => Promise<StaffPage<T>>;
  columns: DataTableColumn<T>[];
  rowKey: (row: T) => string | number;
  /** the table's accessible name */
  caption: string;
  /** label of the search box; no search box when omitted */
  searchLabel?: string;
  pageSize?: number;
  initialSort?: { sort: string; dir: 'asc' | 'desc' };
  /** filters of the caller, shown beside the search box (their values belong in queryKey) */
  toolbar?: ReactNode;
  empty?: string;
}

/**
 * The back office's table: server-paged, sortable by the columns marked so, searchable. The server does the
 * paging, sorting and searching (`pagedQuery` / `staffPage` of @mitrebox/api-contract).
 */
export function DataTable<T>(props: DataTableProps<T>) {
  const { columns, pageSize = 25 } = props;
  const [page, setPage] = useState(1);
  const [sort, setSort] = useState(props.initialSort);
  const [search, setSearch] = useState('');
  const [q] = useDebouncedValue(search.trim(), 300);
  const query: DataTableQuery = {
    page,
    pageSize,
    sort: sort?.sort,
    dir: sort?.dir ?? 'asc',
    q: q || undefined,
  };
  const result = useQuery({
    queryKey: [...props.queryKey, query],
    queryFn: () => props.load(query),
    placeholderData: keepPreviousData,
  });
  const data = result.data;
  const pages = data ? Math.max(1, Math.ceil(data.total / pageSize)) : 1;

  const toggleSort = (key: string) => {
    setSort((s) =>
      s?.sort === key ? { sort: key, dir: s.dir === 'asc' ? 'desc' : 'asc' } : { sort: key, dir: 'asc' },
    );
    setPage(1);
  };

  return (
    <div className={classes.wrap}>
      {(props.searchLabel || props.toolbar) && (
        <Group align="end" gap="sm" mb="sm" wrap="wrap">
          {props.searchLabel && (
            <TextInput
              label={props.searchLabel}
              value={search}
              onChange={(e) => {
                setSearch(e.currentTarget.value);
                setPage(1);
              }}
              type="search"
              w={320}
            />
          )}
          {props.toolbar}
        </Group>
      )}
      {result.error && (
        <Alert color="red" role="alert" mb="sm">
          {(result.error as Error).message}
        </Alert>
      )}
      {/* a wide table scrolls sideways: its scrolling region takes the keyboard focus (arrow keys scroll it) */}
      <Table.ScrollContainer
        minWidth={640}
        scrollAreaProps={{
          viewportProps: { tabIndex: 0, role: 'region', 'aria-label': `${props.caption} (scrolls)` },
        }}
      >
        <Table striped highlightOnHover aria-busy={result.isFetching} className={classes.table}>
          <caption className={classes.caption}>
            {props.caption}
            {data && (
              <Text span size="sm" c="dimmed">
                {' '}
                — {data.total} in all
              </Text>
            )}
          </caption>
          <Table.Thead>
            <Table.Tr>
              {columns.map((c) => {
                const active = sort?.sort === c.key;
                const ariaSort = active ? (sort!.dir === 'asc' ? 'ascending' : 'descending') : undefined;
                return (
                  <Table.Th
                    key={c.key}
                    aria-sort={ariaSort}
                    style={c.numeric ? { textAlign: 'right' } : undefined}
                  >
                    {c.sortable ? (
                      <UnstyledButton className={classes.sort} onClick={() => toggleSort(c.key)}>
                        {c.label}
                        <span aria-hidden className={active ? undefined : classes.idle}>
                          {active ? (sort!.dir === 'asc' ? '▲' : '▼') : '↕'}
                        </span>
                        <VisuallyHidden>{active ? '' : ' (sort)'}</VisuallyHidden>
                      </UnstyledButton>
                    ) : (
                      c.label
                    )}
                  </Table.Th>
                );
              })}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {data?.rows.map((row) => (
              <Table.Tr key={props.rowKey(row)}>
                {columns.map((c) => (
                  <Table.Td key={c.key} style={c.numeric ? { textAlign: 'right' } : undefined}>
                    {c.render ? c.render(row) : String((row as Record<string, unknown>)[c.key] ?? '')}
                  </Table.Td>
                ))}
              </Table.Tr>
            ))}
            {data && data.rows.length === 0 && (
              <Table.Tr>
                <Table.Td colSpan={columns.length}>
                  <Text c="dimmed">{props.empty ?? 'Nothing matches.'}</Text>
                </Table.Td>
              </Table.Tr>
            )}
            {!data && !result.error && (
              <Table.Tr>
                <Table.Td colSpan={columns.length}>
                  <Text c="dimmed" role="status">
                    Loading…
                  </Text>
                </Table.Td>
              </Table.Tr>
            )}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {pages > 1 && (
        <Group justify="flex-end" mt="sm">
          <Pagination
            total={pages}
            value={page}
            onChange={setPage}
            getControlProps={(control) => ({ 'aria-label': `${control} page` })}
            getItemProps={(p) => ({ 'aria-label': `Page ${p}` })}
          />
        </Group>
      )}
    </div>
  );
}
