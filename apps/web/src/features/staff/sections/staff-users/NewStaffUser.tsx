import { Alert, Button, Group, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { STAFF_ROLES, type StaffRole } from '@mitrebox/api-contract';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useNavigate } from 'react-router';
import { ApiError } from '../../../../lib/api.ts';
import { ROLE_LABELS, staffUsersApi } from './staff-users-api.ts';

/** /staff/staff-users/new: name, e-mail and role; the new user sets a password and an authenticator by mail. */
export function NewStaffUser() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<StaffRole>('sales');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setError(null);
    setErrors({});
    try {
      const res = await staffUsersApi.create({ name, email, role });
      await queryClient.invalidateQueries({ queryKey: ['staff', 'staff-users'] });
      navigate(`/staff/staff-users/${res.user.id}`, { state: { message: res.message } });
    } catch (err) {
      if (err instanceof ApiError) {
        setError(err.message);
        setErrors(err.errors ?? {});
      } else setError('Something went wrong on our side. Please try again.');
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <Title order={1} mb="md">
        New staff user
      </Title>
      <form onSubmit={submit} noValidate>
        <Stack maw={480}>
          {error && (
            <Alert color="red" role="alert">
              {error}
            </Alert>
          )}
          <TextInput
            label="Name"
            required
            value={name}
            onChange={(e) => setName(e.currentTarget.value)}
            error={errors.name}
          />
          <TextInput
            label="E-mail"
            type="email"
            required
            value={email}
            onChange={(e) => setEmail(e.currentTarget.value)}
            error={errors.email}
          />
          <Select
            label="Role"
            data={STAFF_ROLES.map((r) => ({ value: r, label: ROLE_LABELS[r] }))}
            value={role}
            onChange={(v) => setRole((v as StaffRole | null) ?? 'sales')}
            allowDeselect={false}
          />
          <Text size="sm" c="dimmed">
            The new user gets an e-mail with a link to choose a password and set up an authenticator app (the
            link works for 72 hours).
          </Text>
          <Group>
            <Button type="submit" loading={busy}>
              Create and send the set-up link
            </Button>
          </Group>
        </Stack>
      </form>
    </>
  );
}
