import { Alert, Button, Group, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { STAFF_ROLES, StaffUserCreate } from '@mitrebox/api-contract';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { firstError, requestRules, showRefusal } from '../../../../lib/form-schema.ts';
import { ROLE_LABELS, staffUsersApi } from './staff-users-api.ts';

/** /staff/staff-users/new: name, e-mail and role; the new user sets a password and an authenticator by mail. */
export function NewStaffUser() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const form = useForm<StaffUserCreate>({
    initialValues: { name: '', email: '', role: 'sales' },
    // the server's refusals stay on their fields until the next try
    clearInputErrorOnChange: false,
    validate: requestRules(StaffUserCreate, (values: StaffUserCreate) => values),
  });
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = form.onSubmit(
    async (values) => {
      setBusy(true);
      setError(null);
      try {
        const res = await staffUsersApi.create(values);
        await queryClient.invalidateQueries({ queryKey: ['staff', 'staff-users'] });
        navigate(`/staff/staff-users/${res.user.id}`, { state: { message: res.message } });
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
          <TextInput label="Name" required {...form.getInputProps('name')} />
          <TextInput label="E-mail" type="email" required {...form.getInputProps('email')} />
          <Select
            label="Role"
            data={STAFF_ROLES.map((r) => ({ value: r, label: ROLE_LABELS[r] }))}
            {...form.getInputProps('role', { withError: false })}
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
