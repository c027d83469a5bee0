import { Anchor, Badge, Button, Group, Title } from '@mantine/core';
import type { StaffAccountRow } from '@mitrebox/api-contract';
import { Link } from 'react-router';
import { DataTable } from '../../components/DataTable.tsx';
import { useStaffMay } from '../../staff-api.ts';
import { accountsApi } from './accounts-api.ts';

export function AccountList() {
  const mayChange = useStaffMay('accounts', 'write');
  return (
    <>
      <Group justify="space-between" mb="md">
        <Title order={1}>Accounts</Title>
        {mayChange && (
          <Button component={Link} to="/staff/accounts/new">
            New account
          </Button>
        )}
      </Group>
      <DataTable<StaffAccountRow>
        caption="Accounts"
        searchLabel="Search accounts (number, company, city, e-mail)"
        queryKey={['staff', 'accounts']}
        load={accountsApi.list}
        rowKey={(r) => r.acctnum}
        initialSort={{ sort: 'acctnum', dir: 'asc' }}
        columns={[
          {
            key: 'acctnum',
            label: 'Account',
            sortable: true,
            render: (r) => (
              <Anchor component={Link} to={`/staff/accounts/${r.acctnum}`}>
                {r.acctnum}
              </Anchor>
            ),
          },
          { key: 'company', label: 'Company', sortable: true },
          {
            key: 'city',
            label: 'City',
            sortable: true,
            render: (r) => [r.city, r.state].filter(Boolean).join(', '),
          },
          { key: 'terms', label: 'Terms', sortable: true },
          {
            key: 'activeType',
            label: 'Active',
            sortable: true,
            render: (r) => (
              <Badge color={r.activeType === 'N' ? 'red' : 'green'} variant="light">
                {r.activeType}
              </Badge>
            ),
          },
          { key: 'location', label: 'Location' },
          { key: 'users', label: 'Users', numeric: true },
        ]}
      />
    </>
  );
}
