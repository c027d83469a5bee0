import { Anchor, Badge, Button, Group, Title } from '@mantine/core';
import type { StaffUserSummary } from '@mitrebox/api-contract';
import { Link, Route, Routes } from 'react-router';
import { DataTable } from '../../components/DataTable.tsx';
import { NewStaffUser } from './NewStaffUser.tsx';
import { StaffUserDetail } from './StaffUserDetail.tsx';
import { formatDateTime, ROLE_LABELS, staffUsersApi } from './staff-users-api.ts';

/** /staff/staff-users/*: the staff sign-ins (admin only): the list, a new one, one with its actions. */
export default function StaffUsersSection() {
  return (
    <Routes>
      <Route index element={<StaffUserList />} />
      <Route path="new" element={<NewStaffUser />} />
      <Route path=":id" element={<StaffUserDetail />} />
    </Routes>
  );
}

function StaffUserList() {
  return (
    <>
      <Group justify="space-between" mb="md">
        <Title order={1}>Staff users</Title>
        <Button component={Link} to="/staff/staff-users/new">
          New staff user
        </Button>
      </Group>
      <DataTable<StaffUserSummary>
        caption="Staff users"
        searchLabel="Search staff users (name, e-mail)"
        queryKey={['staff', 'staff-users']}
        load={staffUsersApi.list}
        rowKey={(r) => r.id}
        initialSort={{ sort: 'name', dir: 'asc' }}
        columns={[
          {
            key: 'name',
            label: 'Name',
            sortable: true,
            render: (r) => (
              <Anchor component={Link} to={`/staff/staff-users/${r.id}`}>
                {r.name}
              </Anchor>
            ),
          },
          { key: 'email', label: 'E-mail', sortable: true },
          { key: 'role', label: 'Role', sortable: true, render: (r) => ROLE_LABELS[r.role] },
          {
            key: 'enabled',
            label: 'State',
            render: (r) => (
              <Group gap={4}>
                <Badge color={r.enabled ? 'green' : 'gray'} variant="light">
                  {r.enabled ? 'enabled' : 'disabled'}
                </Badge>
                {!r.totpEnrolled && (
                  <Badge color="walnut" variant="light">
                    set-up pending
                  </Badge>
                )}
              </Group>
            ),
          },
          {
            key: 'lastSignIn',
            label: 'Last sign-in',
            sortable: true,
            render: (r) => formatDateTime(r.lastSignIn),
          },
        ]}
      />
    </>
  );
}
