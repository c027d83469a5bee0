import { Alert, Anchor, Badge, Button, Group, Modal, Paper, Select, Stack, Text, Title } from '@mantine/core';
import { STAFF_ROLES, type StaffRole, type StaffUserSummary } from '@mitrebox/api-contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useLocation, useParams } from 'react-router';
import { PageLoader } from '../../../../app/PageLoader.tsx';
import { fetchStaffMe } from '../../staff-api.ts';
import { formatDateTime, ROLE_LABELS, staffUsersApi } from './staff-users-api.ts';

type Act = (run: () => Promise<{ message: string; user?: StaffUserSummary }>) => Promise<void>;
type Confirm = 'disable' | 'reset' | null;

/** What each part that changes the user is given: the user, the one way to act, and whether it is busy. */
interface ActionProps {
  user: StaffUserSummary;
  act: Act;
  busy: boolean;
}

/** What the user is: e-mail, enabled or not, authenticator set up or not, last sign-in, created. */
function StaffUserFacts({ user: u }: { user: StaffUserSummary }) {
  return (
    <Paper withBorder p="md">
      <Stack gap="xs">
        <Text>
          <b>E-mail:</b> {u.email}
        </Text>
        <Group gap="xs">
          <Text>
            <b>State:</b>
          </Text>
          <Badge color={u.enabled ? 'green' : 'gray'} variant="light">
            {u.enabled ? 'enabled' : 'disabled'}
          </Badge>
          <Badge color={u.totpEnrolled ? 'blue' : 'walnut'} variant="light">
            {u.totpEnrolled ? 'authenticator set up' : 'set-up pending'}
          </Badge>
        </Group>
        <Text>
          <b>Last sign-in:</b> {formatDateTime(u.lastSignIn)}
        </Text>
        <Text>
          <b>Created:</b> {formatDateTime(u.createdAt)}
        </Text>
      </Stack>
    </Paper>
  );
}

/** The role, chosen and saved (not one's own). */
function RoleSection({
  user: u,
  self,
  chosen,
  onChoose,
  act,
  busy,
}: ActionProps & { self: boolean; chosen: StaffRole; onChoose: (role: StaffRole | null) => void }) {
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="staff-user-role">
      <Title order={2} size="h3" id="staff-user-role" mb="sm">
        Role
      </Title>
      {self && (
        <Text size="sm" c="dimmed" mb="xs">
          You cannot change your own role or disable your own sign-in.
        </Text>
      )}
      <Group align="end">
        <Select
          label="Role"
          data={STAFF_ROLES.map((r) => ({ value: r, label: ROLE_LABELS[r] }))}
          value={chosen}
          onChange={(v) => onChoose(v as StaffRole | null)}
          allowDeselect={false}
          disabled={self}
        />
        <Button
          onClick={() => act(() => staffUsersApi.change(u.id, { role: chosen }))}
          disabled={self || chosen === u.role}
          loading={busy}
        >
          Save the role
        </Button>
      </Group>
    </Paper>
  );
}

/** Disable or enable the sign-in, and reset the authenticator (both disabling and resetting ask first). */
function SignInSection({
  user: u,
  self,
  onConfirm,
  act,
  busy,
}: ActionProps & { self: boolean; onConfirm: (confirm: Confirm) => void }) {
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="staff-user-access">
      <Title order={2} size="h3" id="staff-user-access" mb="sm">
        Sign-in
      </Title>
      <Group>
        {u.enabled ? (
          <Button color="red" variant="outline" disabled={self} onClick={() => onConfirm('disable')}>
            Disable the sign-in
          </Button>
        ) : (
          <Button
            variant="default"
            loading={busy}
            onClick={() => act(() => staffUsersApi.change(u.id, { enabled: true }))}
          >
            Enable the sign-in
          </Button>
        )}
        <Button variant="default" disabled={!u.enabled} onClick={() => onConfirm('reset')}>
          Reset the authenticator
        </Button>
      </Group>
    </Paper>
  );
}

/** Asks before the sign-in is disabled or the authenticator removed: both sign the user out at once. */
function ConfirmDialog({
  user: u,
  confirm,
  onConfirm,
  act,
  busy,
}: ActionProps & { confirm: Confirm; onConfirm: (confirm: Confirm) => void }) {
  return (
    <Modal
      opened={confirm !== null}
      onClose={() => onConfirm(null)}
      title={confirm === 'disable' ? `Disable ${u.name}?` : `Reset the authenticator of ${u.name}?`}
    >
      <Text mb="md">
        {confirm === 'disable'
          ? 'They are signed out at once and cannot sign in until the sign-in is enabled again.'
          : 'They are signed out at once and get an e-mail with a link to set up an authenticator (and a password) again.'}
      </Text>
      <Group justify="flex-end">
        <Button variant="default" onClick={() => onConfirm(null)}>
          Cancel
        </Button>
        <Button
          color={confirm === 'disable' ? 'red' : undefined}
          loading={busy}
          onClick={() =>
            act(() =>
              confirm === 'disable'
                ? staffUsersApi.change(u.id, { enabled: false })
                : staffUsersApi.resetTotp(u.id),
            )
          }
        >
          {confirm === 'disable' ? 'Disable' : 'Reset'}
        </Button>
      </Group>
    </Modal>
  );
}

/** /staff/staff-users/{id}: one staff user: role, disable or enable, reset the authenticator. */
export function StaffUserDetail() {
  const id = Number(useParams().id);
  const location = useLocation();
  const queryClient = useQueryClient();
  const user = useQuery({
    queryKey: ['staff', 'staff-user', id],
    queryFn: () => staffUsersApi.get(id),
    enabled: Number.isInteger(id) && id > 0,
  });
  const me = useQuery({ queryKey: ['staff', 'me'], queryFn: fetchStaffMe, retry: false });
  const [message, setMessage] = useState<string | null>(
    (location.state as { message?: string } | null)?.message ?? null,
  );
  const [error, setError] = useState<string | null>(null);
  const [role, setRole] = useState<StaffRole | null>(null);
  const [confirm, setConfirm] = useState<Confirm>(null);
  const [busy, setBusy] = useState(false);

  const act: Act = async (run) => {
    setBusy(true);
    setError(null);
    setMessage(null);
    try {
      const res = await run();
      setMessage(res.message);
      setRole(null);
      await queryClient.invalidateQueries({ queryKey: ['staff', 'staff-user', id] });
      await queryClient.invalidateQueries({ queryKey: ['staff', 'staff-users'] });
    } catch (err) {
      setError((err as Error).message);
    } finally {
      setBusy(false);
      setConfirm(null);
    }
  };

  if (user.isPending) return <PageLoader />;
  if (user.error)
    return (
      <Alert color="red" role="alert">
        {(user.error as Error).message}
      </Alert>
    );
  const u = user.data;
  const self = me.data?.id === u.id;
  const actions: ActionProps = { user: u, act, busy };

  return (
    <Stack maw={720}>
      <Anchor component={Link} to="/staff/staff-users" size="sm">
        ← Staff users
      </Anchor>
      <Title order={1}>{u.name}</Title>
      <div aria-live="polite">
        {message && (
          <Alert color="green" role="status">
            {message}
          </Alert>
        )}
      </div>
      {error && (
        <Alert color="red" role="alert">
          {error}
        </Alert>
      )}
      <StaffUserFacts user={u} />
      <RoleSection {...actions} self={self} chosen={role ?? u.role} onChoose={setRole} />
      <SignInSection {...actions} self={self} onConfirm={setConfirm} />
      <ConfirmDialog {...actions} confirm={confirm} onConfirm={setConfirm} />
    </Stack>
  );
}
