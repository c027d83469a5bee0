import { Alert, Button, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import type { InvitationCreate } from '@mitrebox/api-contract';
import { isValidEmail } from '@mitrebox/domain';
import { IconCircleCheck, IconSend } from '@tabler/icons-react';
import { useState } from 'react';
import { showRefusal } from '../../lib/form-schema.ts';
import { AccountSection } from './AccountSection.tsx';
import classes from './ColleaguesPage.module.css';
import { useColleagueChanges } from './colleagues-api.ts';
import { RightsChecks } from './RightsChecks.tsx';

const FIELD_REQUIRED = 'Field required';

/** A new colleague ordering, as a counter clerk does: the owner ticks more where it fits. */
const FIRST_RIGHTS = { order: true, pay: false, prices: false, manage: false };

/**
 * Invite a colleague: their name, their e-mail and what they may do. They receive a link (valid 72 hours, once)
 * to choose a password; the sign-in number comes with it. The storefront's own rules check before sending
 * (docs/decisions/024); anything else the server refuses comes back on its field.
 */
export function InviteColleague() {
  const { invite } = useColleagueChanges();
  const [error, setError] = useState<string | null>(null);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const form = useForm<InvitationCreate>({
    initialValues: { name: '', email: '', rights: FIRST_RIGHTS },
    validate: {
      name: (v) => (v.trim() ? null : FIELD_REQUIRED),
      email: (v) =>
        !v.trim() ? FIELD_REQUIRED : isValidEmail(v.trim()) ? null : 'Enter a valid e-mail address.',
    },
  });

  const submit = form.onSubmit((values) => {
    setError(null);
    setSentTo(null);
    invite.mutate(
      { ...values, name: values.name.trim(), email: values.email.trim() },
      {
        onSuccess: () => {
          setSentTo(values.email.trim());
          form.reset();
        },
        onError: (err) => showRefusal(err, form, setError),
      },
    );
  });

  return (
    <AccountSection title="Invite a colleague" id="colleagues-invite">
      <form onSubmit={submit} noValidate aria-label="Invite a colleague" className={classes.inviteForm}>
        <Stack gap="sm">
          <Text size="sm" c="dimmed">
            They receive a link by e-mail to choose a password. The link works once, for 72 hours.
          </Text>
          <TextInput
            label="Name"
            autoComplete="off"
            maxLength={100}
            required
            {...form.getInputProps('name')}
          />
          <TextInput
            label="E-mail"
            type="email"
            autoComplete="off"
            maxLength={200}
            required
            {...form.getInputProps('email')}
          />
          <RightsChecks
            legend="What they may do"
            value={form.values.rights}
            onChange={(rights) => form.setFieldValue('rights', rights)}
            hints
          />
          {form.errors.rights ? (
            <Text size="sm" c="red.8">
              {form.errors.rights}
            </Text>
          ) : null}
          {error ? (
            <Alert color="red" role="alert">
              {error}
            </Alert>
          ) : null}
          {sentTo ? (
            <Alert
              color="green"
              role="status"
              icon={<IconCircleCheck size={18} aria-hidden />}
              className={classes.wrap}
            >
              The invitation was sent to {sentTo}.
            </Alert>
          ) : null}
          <Button type="submit" loading={invite.isPending} leftSection={<IconSend size={16} aria-hidden />}>
            Send invitation
          </Button>
        </Stack>
      </form>
    </AccountSection>
  );
}
