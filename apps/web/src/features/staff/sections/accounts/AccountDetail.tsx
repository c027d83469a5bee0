import {
  Alert,
  Anchor,
  Badge,
  Button,
  Fieldset,
  Group,
  Modal,
  Paper,
  PasswordInput,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import {
  ACTIVE_TYPES,
  DISCOUNT_FIELDS,
  LOCATIONS,
  type StaffAccount,
  StaffAccountPatch,
  StaffPasswordReset,
  type StaffUserRow,
  TERMS,
} from '@mitrebox/api-contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Link, useLocation, useParams } from 'react-router';
import { ApiError } from '../../../../lib/api.ts';
import { authStorage, VIEW_AS_KEY } from '../../../../lib/auth-storage.ts';
import { call } from '../../../../lib/call.ts';
import { firstError, requestRules, showRefusal } from '../../../../lib/form-schema.ts';
import { useStaffMay } from '../../staff-api.ts';
import { AccountAgingPanel } from '../aging/AccountAgingPanel.tsx';
import { AccountColleagues } from './AccountColleagues.tsx';
import { accountsApi } from './accounts-api.ts';

const DISCOUNT_LABELS: Record<(typeof DISCOUNT_FIELDS)[number], string> = {
  bDisc: 'Discount B',
  cDisc: 'Discount C',
  gDisc: 'Discount G',
  jDisc: 'Discount J',
  lDisc: 'Discount L',
  hDisc: 'Discount H',
  mDisc: 'Discount M',
};

/** /staff/accounts/{acctnum}: terms, ActiveType, location, discount codes; its users; view the shop as it. */
export function AccountDetail() {
  const { acctnum = '' } = useParams();
  const location = useLocation();
  const account = useQuery({
    queryKey: ['staff', 'account', acctnum],
    queryFn: () => accountsApi.get(acctnum),
  });
  const [notice, setNotice] = useState<string | null>(
    (location.state as { created?: boolean } | null)?.created ? `Account ${acctnum} was created.` : null,
  );
  const mayChange = useStaffMay('accounts', 'write');
  const mayViewAs = useStaffMay('view-as', 'write');

  if (account.error)
    return (
      <Alert color="red" role="alert">
        {(account.error as Error).message}
      </Alert>
    );
  if (!account.data) return <Text role="status">Loading…</Text>;
  const a = account.data;
  return (
    <Stack>
      <Anchor component={Link} to="/staff/accounts" size="sm">
        ← Accounts
      </Anchor>
      <Group justify="space-between">
        <Title order={1}>
          {a.company}{' '}
          <Text span c="dimmed">
            ({a.acctnum})
          </Text>
        </Title>
        {mayViewAs && <ViewAsButton acctnum={a.acctnum} />}
      </Group>
      {notice && (
        <Alert
          color="green"
          role="status"
          withCloseButton
          onClose={() => setNotice(null)}
          closeButtonLabel="Dismiss"
        >
          {notice}
        </Alert>
      )}
      <Text size="sm">
        {[a.contact, a.phone, a.address1, [a.city, a.state, a.zip].filter(Boolean).join(' ')]
          .filter(Boolean)
          .join(' · ')}
      </Text>
      <AccountForm account={a} onSaved={setNotice} readOnly={!mayChange} />
      <UsersTable account={a} onDone={setNotice} readOnly={!mayChange} />
      <AccountColleagues acctnum={a.acctnum} readOnly={!mayChange} />
      <AccountAgingPanel acctnum={a.acctnum} />
    </Stack>
  );
}

function AccountForm({
  account,
  onSaved,
  readOnly,
}: {
  account: StaffAccount;
  onSaved: (m: string) => void;
  readOnly: boolean;
}) {
  const queryClient = useQueryClient();
  const initial = (): Record<string, string> => ({
    activeType: account.activeType,
    terms: account.terms,
    location: account.location,
    ...Object.fromEntries(DISCOUNT_FIELDS.map((k) => [k, account[k] ?? ''])),
  });
  /** What changed since the account was shown; an emptied discount code is sent as null. */
  const patchOf = (values: Record<string, string>) => {
    const patch: Record<string, string | null> = {};
    const before = initial();
    for (const [k, v] of Object.entries(values)) if (v !== before[k]) patch[k] = v === '' ? null : v;
    return patch as StaffAccountPatch;
  };
  const form = useForm<Record<string, string>>({
    initialValues: initial(),
    // the server's refusals stay on their fields until the next try
    clearInputErrorOnChange: false,
    validate: requestRules(StaffAccountPatch, patchOf),
  });
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset when another account is shown
  useEffect(() => form.setValues(initial()), [account.acctnum]);

  const save = form.onSubmit(
    async (values) => {
      setBusy(true);
      setError(null);
      try {
        const saved = await accountsApi.update(account.acctnum, patchOf(values));
        queryClient.setQueryData(['staff', 'account', account.acctnum], saved);
        await queryClient.invalidateQueries({ queryKey: ['staff', 'accounts'] });
        onSaved('The account is saved.');
      } catch (err) {
        showRefusal(err, form, setError);
      } finally {
        setBusy(false);
      }
    },
    // a refusal found before sending reads as the server's would: its first message above, each on its field
    (errors) => setError(firstError(errors) ?? null),
  );

  return (
    <Paper withBorder p="md" component="section" aria-labelledby="account-terms">
      <Title order={2} size="h3" id="account-terms" mb="sm">
        Terms and discounts
      </Title>
      <form onSubmit={save} noValidate>
        {/* a role that reads accounts sees the terms, unchangeable */}
        <Fieldset variant="unstyled" disabled={readOnly}>
          <Stack>
            {error && (
              <Alert color="red" role="alert">
                {error}
              </Alert>
            )}
            <SimpleGrid cols={{ base: 1, sm: 3 }}>
              <Select
                label="ActiveType"
                description="N: signed in, but may not buy"
                data={[...ACTIVE_TYPES]}
                {...form.getInputProps('activeType')}
                allowDeselect={false}
              />
              <Select
                label="Terms"
                data={[...TERMS]}
                {...form.getInputProps('terms')}
                allowDeselect={false}
              />
              <Select
                label="Default location"
                data={[...LOCATIONS]}
                {...form.getInputProps('location')}
                allowDeselect={false}
              />
              {DISCOUNT_FIELDS.map((k) => (
                <TextInput key={k} label={DISCOUNT_LABELS[k]} {...form.getInputProps(k)} />
              ))}
            </SimpleGrid>
            {!readOnly && (
              <Group>
                <Button type="submit" loading={busy}>
                  Save
                </Button>
              </Group>
            )}
          </Stack>
        </Fieldset>
      </form>
    </Paper>
  );
}

function UsersTable({
  account,
  onDone,
  readOnly,
}: {
  account: StaffAccount;
  onDone: (m: string) => void;
  readOnly: boolean;
}) {
  const queryClient = useQueryClient();
  const [resetFor, setResetFor] = useState<StaffUserRow | null>(null);
  const [error, setError] = useState<string | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['staff', 'account', account.acctnum] });
  const act = async (run: () => Promise<{ message: string }>) => {
    setError(null);
    try {
      onDone((await run()).message);
      await refresh();
    } catch (err) {
      setError((err as Error).message);
    }
  };
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="account-users">
      <Title order={2} size="h3" id="account-users" mb="sm">
        Users
      </Title>
      {error && (
        <Alert color="red" role="alert" mb="sm">
          {error}
        </Alert>
      )}
      <Table.ScrollContainer minWidth={640}>
        <Table>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Sign-in</Table.Th>
              <Table.Th>Name</Table.Th>
              <Table.Th>E-mail</Table.Th>
              <Table.Th>State</Table.Th>
              <Table.Th>Actions</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {account.users.map((u) => (
              <Table.Tr key={u.id}>
                <Table.Td>{u.username}</Table.Td>
                <Table.Td>{u.name}</Table.Td>
                <Table.Td>{u.email ?? '—'}</Table.Td>
                <Table.Td>
                  <Group gap={4}>
                    {u.locked && <Badge color="red">locked</Badge>}
                    {u.firstLogin && <Badge color="yellow">first sign-in</Badge>}
                    {!u.emailVerified && <Badge color="yellow">e-mail unverified</Badge>}
                    {u.mfaEnabled && <Badge color="blue">two-step</Badge>}
                    {u.disabled && <Badge color="gray">disabled</Badge>}
                  </Group>
                </Table.Td>
                <Table.Td>
                  <Group gap="xs" hidden={readOnly}>
                    <Button size="xs" variant="default" onClick={() => setResetFor(u)}>
                      Reset password
                    </Button>
                    <Button
                      size="xs"
                      variant="default"
                      disabled={!u.locked}
                      onClick={() => act(() => accountsApi.unlock(u.id))}
                    >
                      Unlock sign-in
                    </Button>
                  </Group>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <ResetPasswordModal
        user={resetFor}
        onClose={() => setResetFor(null)}
        onDone={(message) => {
          setResetFor(null);
          onDone(message);
          void refresh();
        }}
      />
    </Paper>
  );
}

function ResetPasswordModal(props: {
  user: StaffUserRow | null;
  onClose: () => void;
  onDone: (m: string) => void;
}) {
  const form = useForm({
    initialValues: { password: '' },
    validate: requestRules(StaffPasswordReset, ({ password }: { password: string }) => ({
      mode: 'temporary',
      password,
    })),
  });
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const user = props.user;
  const run = async (body: StaffPasswordReset) => {
    if (!user) return;
    setBusy(true);
    setError(null);
    try {
      const res = await accountsApi.resetPassword(user.id, body);
      form.reset();
      props.onDone(res.message);
    } catch (err) {
      setError((err as Error).message);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal
      opened={Boolean(user)}
      onClose={props.onClose}
      title={`Reset the password of ${user?.username ?? ''}`}
    >
      <Stack>
        {error && (
          <Alert color="red" role="alert">
            {error}
          </Alert>
        )}
        <Button
          variant="default"
          disabled={!user?.email}
          loading={busy}
          onClick={() => run({ mode: 'email' })}
        >
          E-mail a reset link to {user?.email ?? '(no e-mail)'}
        </Button>
        <form
          onSubmit={form.onSubmit(
            ({ password }) => run({ mode: 'temporary', password }),
            // the refusal shows where the server's would: above, not on the field
            (errors) => setError(firstError(errors) ?? null),
          )}
        >
          <Stack>
            <PasswordInput
              label="Temporary password"
              description="The customer chooses a new one at the next sign-in."
              autoComplete="new-password"
              {...form.getInputProps('password', { withError: false })}
            />
            <Button type="submit" loading={busy}>
              Set the temporary password
            </Button>
          </Stack>
        </form>
      </Stack>
    </Modal>
  );
}

/**
 * Opens the shop in a new tab as this account, read-only: a short-lived session the API refuses every change
 * to; the shop shows a banner while it lasts.
 */
function ViewAsButton({ acctnum }: { acctnum: string }) {
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const open = async () => {
    setBusy(true);
    setError(null);
    try {
      const view = await accountsApi.viewAs(acctnum);
      const me = await call('GET /api/me', {
        auth: { bearer: view.token },
        resetOnUnauthorized: false,
      });
      authStorage.clearAll();
      localStorage.setItem(
        VIEW_AS_KEY,
        JSON.stringify({ company: view.company, acctnum, expiresAt: view.expiresAt }),
      );
      authStorage.setToken(view.token);
      authStorage.setUser(me.user);
      window.open('/', '_blank', 'noopener');
    } catch (err) {
      setError(err instanceof ApiError ? err.message : (err as Error).message);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Stack gap={4} align="flex-end">
      <Button variant="light" loading={busy} onClick={open}>
        View the shop as this account
      </Button>
      {error && (
        <Text c="red" size="sm" role="alert">
          {error}
        </Text>
      )}
    </Stack>
  );
}
