import { Anchor, Badge, NativeSelect, Pagination, Skeleton, Table, Text } from '@mantine/core';
import type { Colleague } from '@mitrebox/api-contract';
import { useState } from 'react';
import { Link } from 'react-router';
import { LoadError } from '../../components/account-documents/DocumentParts.tsx';
import stacked from '../../components/stacked-table.module.css';
import { formatCurrency, formatDateTime } from '../../lib/format.ts';
import { AccountSection } from './AccountSection.tsx';
import classes from './ColleaguesPage.module.css';
import { ACTIVITY_PER_PAGE, type ActivityRow, activityLink, useActivity } from './colleagues-api.ts';

function Reference({ row }: { row: ActivityRow }) {
  const to = activityLink(row);
  const text = row.kind === 'order' ? `Order ${row.reference}` : row.reference;
  return to ? (
    <Anchor component={Link} to={to} fw={600}>
      {text}
    </Anchor>
  ) : (
    <Text span fw={600}>
      {text}
    </Text>
  );
}

/** Who placed which order and made which payment, newest first, for one user or all. */
export function ColleagueActivity({ users }: { users: Colleague[] }) {
  const [userId, setUserId] = useState<number | null>(null);
  const [page, setPage] = useState(1);
  const activity = useActivity(true, page, userId);
  const pages = Math.max(1, Math.ceil((activity.data?.total ?? 0) / ACTIVITY_PER_PAGE));
  const rows = activity.data?.data ?? [];

  return (
    <AccountSection
      title="Activity"
      id="colleagues-activity"
      aside={
        <NativeSelect
          label="Show"
          size="xs"
          className={classes.filter}
          data={[
            { value: '', label: 'Everyone' },
            ...users.map((u) => ({ value: String(u.userId), label: `${u.name} (${u.username})` })),
          ]}
          value={userId === null ? '' : String(userId)}
          onChange={(e) => {
            const v = e.currentTarget.value;
            setUserId(v ? Number(v) : null);
            setPage(1);
          }}
        />
      }
    >
      {activity.isError ? (
        <LoadError error={activity.error} onRetry={() => void activity.refetch()} />
      ) : activity.isPending ? (
        <Skeleton height={160} radius="md" />
      ) : rows.length === 0 ? (
        <Text c="dimmed">No orders placed or payments made yet.</Text>
      ) : (
        <div className={`${classes.tableCard} ${stacked.stackCard}`}>
          <Table verticalSpacing={6} aria-label="Activity" className={`${classes.activity} ${stacked.stack}`}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>When</Table.Th>
                <Table.Th>Who</Table.Th>
                <Table.Th>What</Table.Th>
                <Table.Th className={classes.num}>Amount</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((row) => (
                <Table.Tr key={`${row.kind}-${row.reference}-${row.at}`}>
                  <Table.Td data-label="When">{formatDateTime(row.at)}</Table.Td>
                  <Table.Td data-label="Who">{row.userName ?? '—'}</Table.Td>
                  <Table.Td data-label="What">
                    <Badge
                      variant="light"
                      radius="sm"
                      color={row.kind === 'order' ? 'walnut' : 'green'}
                      className={classes.badge}
                      mr={6}
                    >
                      {row.kind === 'order' ? 'Order' : 'Payment'}
                    </Badge>
                    <Reference row={row} />
                  </Table.Td>
                  <Table.Td data-label="Amount" className={classes.num}>
                    {formatCurrency(row.amount)}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </div>
      )}
      {pages > 1 ? (
        <Pagination
          mt="sm"
          size="sm"
          total={pages}
          value={page}
          onChange={setPage}
          getControlProps={(control) => ({ 'aria-label': `${control} page` })}
          getItemProps={(p) => ({ 'aria-label': `Page ${p}` })}
        />
      ) : null}
    </AccountSection>
  );
}
