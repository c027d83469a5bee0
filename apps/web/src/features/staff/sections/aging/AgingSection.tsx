import { Anchor, Button, Checkbox, Group, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { StaffAgingRow } from '@mitrebox/api-contract';
import { AGING_BUCKET_LABELS, AGING_BUCKETS, formatMoney, money } from '@mitrebox/domain';
import { IconDownload } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { AgingBuckets } from '../../../../components/account-documents/AgingBuckets.tsx';
import { DataTable, type DataTableColumn } from '../../components/DataTable.tsx';
import { downloadAgingCsv, loadAging, useAgingTotals } from './aging-api.ts';

/** Dollars; a credit balance in parentheses. */
const usd = (value: string) =>
  money(value).lt(0) ? `($${formatMoney(money(value).abs())})` : `$${formatMoney(value)}`;
const usDate = (day: string) => `${day.slice(5, 7)}/${day.slice(8, 10)}/${day.slice(0, 4)}`;

/** A bucket's figure: what is more than 60 days past due in red when there is any. */
const lateFigure = (value: string) =>
  money(value).gt(0) ? (
    <Text span c="red.8" fw={700} size="sm">
      {usd(value)}
    </Text>
  ) : (
    usd(value)
  );

const COLUMNS: DataTableColumn<StaffAgingRow>[] = [
  {
    key: 'acctnum',
    label: 'Account',
    sortable: true,
    render: (r) => (
      <Anchor component={Link} to={`/staff/accounts/${encodeURIComponent(r.acctnum)}`} fw={600}>
        {r.acctnum}
      </Anchor>
    ),
  },
  { key: 'company', label: 'Company', sortable: true },
  ...AGING_BUCKETS.map(
    (b): DataTableColumn<StaffAgingRow> => ({
      key: b,
      label: AGING_BUCKET_LABELS[b],
      sortable: true,
      numeric: true,
      render: (r) => (b === 'days61to90' || b === 'over90' ? lateFigure(r.buckets[b]) : usd(r.buckets[b])),
    }),
  ),
  { key: 'creditsOpen', label: 'Credits', numeric: true, render: (r) => usd(`-${r.creditsOpen}`) },
  {
    key: 'totalDue',
    label: 'Total due',
    sortable: true,
    numeric: true,
    render: (r) => <strong>{usd(r.totalDue)}</strong>,
  },
  { key: 'oldestDays', label: 'Oldest (days)', numeric: true },
];

/**
 * /staff/aging: who owes what in which bucket, every account with a balance or an open credit — sorted by what
 * is more than 60 days past due, filtered to those accounts, searched by account or company, exported as CSV.
 */
export default function AgingSection() {
  const [over60, setOver60] = useState(false);
  const totals = useAgingTotals(over60);
  const [busy, setBusy] = useState(false);
  const t = totals.data;
  return (
    <Stack gap="md" p="md" data-testid="staff-aging">
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <div>
          <Title order={1} size="h2">
            Aging
          </Title>
          <Text size="sm" c="dimmed">
            What accounts owe by days past due{t ? ` on ${usDate(t.statementDay)}` : ''}
            {t ? ` — ${t.accounts} accounts` : ''}.
          </Text>
        </div>
        <Button
          variant="default"
          leftSection={<IconDownload size={16} aria-hidden />}
          loading={busy}
          onClick={async () => {
            setBusy(true);
            try {
              await downloadAgingCsv(over60);
            } catch (err) {
              notifications.show({ color: 'red', message: (err as Error).message });
            } finally {
              setBusy(false);
            }
          }}
        >
          Export CSV
        </Button>
      </Group>
      {t && (
        <AgingBuckets
          buckets={t.buckets}
          creditsOpen={t.creditsOpen}
          totalDue={t.totalDue}
          label="Aging of every listed account"
        />
      )}
      <DataTable<StaffAgingRow>
        queryKey={['staff', 'aging', over60]}
        load={(q) => loadAging(q, over60)}
        columns={COLUMNS}
        rowKey={(r) => r.acctnum}
        caption="Accounts by aging"
        searchLabel="Search account or company"
        initialSort={{ sort: 'over60', dir: 'desc' }}
        empty={over60 ? 'No account has anything more than 60 days past due.' : 'No account owes anything.'}
        toolbar={
          <Checkbox
            label="Only accounts over 60 days past due"
            checked={over60}
            onChange={(e) => setOver60(e.currentTarget.checked)}
            mb={8}
          />
        }
      />
    </Stack>
  );
}
