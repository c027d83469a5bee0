import { Anchor, Badge, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { formatMoney } from '@mitrebox/domain';
import { useState } from 'react';
import { Link, Route, Routes, useSearchParams } from 'react-router';
import { DataTable } from '../../components/DataTable.tsx';
import { OrderDetail } from './OrderDetail.tsx';
import { day, ordersApi, STATUS_COLORS, STATUS_LABELS, type StaffOrderRow } from './orders-api.ts';

/** /staff/orders/*: orders of every account (paged, sorted, searched on the server) and one with its lines. */
export default function OrdersSection() {
  return (
    <Routes>
      <Route index element={<OrderList />} />
      <Route path=":ordnum" element={<OrderDetail />} />
    </Routes>
  );
}

function OrderList() {
  const [params, setParams] = useSearchParams();
  const [account, setAccount] = useState(params.get('acctnum') ?? '');
  const [acctnum] = useDebouncedValue(account.trim(), 300);
  return (
    <>
      <Title order={1} mb="md">
        Orders
      </Title>
      <DataTable<StaffOrderRow>
        caption="Orders of all accounts"
        searchLabel="Search (order or account number)"
        queryKey={['staff', 'orders', acctnum]}
        load={(q) => ordersApi.list(q, acctnum)}
        rowKey={(r) => r.ordnum}
        initialSort={{ sort: 'ordDate', dir: 'desc' }}
        toolbar={
          <TextInput
            label="Account"
            inputMode="numeric"
            w={160}
            value={account}
            onChange={(e) => {
              const value = e.currentTarget.value;
              setAccount(value);
              setParams(value.trim() ? { acctnum: value.trim() } : {}, { replace: true });
            }}
          />
        }
        columns={[
          {
            key: 'ordnum',
            label: 'Order #',
            sortable: true,
            render: (r) => (
              <Anchor component={Link} to={`/staff/orders/${r.ordnum}`}>
                {r.ordnum}
              </Anchor>
            ),
          },
          {
            key: 'acctnum',
            label: 'Account',
            sortable: true,
            render: (r) => (
              <>
                {r.acctnum}
                {r.company && (
                  <Text span size="sm" c="dimmed" display="block">
                    {r.company}
                  </Text>
                )}
              </>
            ),
          },
          { key: 'ordDate', label: 'Date', sortable: true, render: (r) => day(r.ordDate) },
          { key: 'custPo', label: 'PO', sortable: true, render: (r) => r.custPo ?? '' },
          {
            key: 'status',
            label: 'Status',
            sortable: true,
            render: (r) => (
              <Badge color={STATUS_COLORS[r.status]} variant="light">
                {STATUS_LABELS[r.status]}
              </Badge>
            ),
          },
          {
            key: 'invTotal',
            label: 'Total',
            sortable: true,
            numeric: true,
            render: (r) => formatMoney(r.invTotal),
          },
        ]}
      />
    </>
  );
}
