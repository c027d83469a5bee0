import { Alert, Button, Group, Loader, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import type { InvitationAccepted } from '@mitrebox/api-contract';
import { messages } from '@mitrebox/domain';
import { IconAlertCircle, IconCircleCheck, IconLogin2 } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { AuthLayout } from '../../components/AuthLayout.tsx';
import { ApiError, SERVER_ERROR_MESSAGE } from '../../lib/api.ts';
import { call } from '../../lib/call.ts';
import { usePasswordRule } from './usePasswordRule.ts';

const TITLE = 'Join a trade account';
const FIELD_REQUIRED = 'Field required';

interface NewPassword {
  password: string;
  confirmation: string;
}

/** After accepting: the number to sign in with, prominently, and the way to the Sign In page. */
function Accepted({ accepted }: { accepted: InvitationAccepted }) {
  return (
    <AuthLayout title="Welcome aboard">
      <Stack gap="md">
        <Alert color="green" icon={<IconCircleCheck aria-hidden />} role="status">
          You can now work in {accepted.company} (account {accepted.acctnum}).
        </Alert>
        <Text size="lg" data-testid="invitation-username">
          Your sign-in number is <strong style={{ fontSize: '1.4em' }}>{accepted.username}</strong> — use it
          with your password on the Sign In page.
        </Text>
        <Button component={Link} to="/login" size="md" leftSection={<IconLogin2 size={18} aria-hidden />}>
          Sign In
        </Button>
      </Stack>
    </AuthLayout>
  );
}

/**
 * /invitation/{token}: the e-mailed link of a colleague invited to an account. Someone new chooses a password (the
 * same rule as every password a customer chooses); someone who already signs in with that e-mail just accepts.
 * Either way the page then shows the sign-in number.
 */
export default function InvitationPage() {
  const { token = '' } = useParams();
  const offer = useQuery({
    queryKey: ['invitation', token],
    queryFn: () => call('GET /api/invitations/:token', { params: { token }, auth: 'none' }),
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
  });
  const form = useForm<NewPassword>({
    initialValues: { password: '', confirmation: '' },
    clearInputErrorOnChange: false,
    validate: (values) =>
      offer.data?.data.existingUser
        ? {}
        : {
            password: values.password ? null : FIELD_REQUIRED,
            confirmation: !values.confirmation
              ? FIELD_REQUIRED
              : values.confirmation === values.password
                ? null
                : messages.verifyData.passwordsMustMatch,
          },
  });
  const rule = usePasswordRule(form.values.password);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [accepted, setAccepted] = useState<InvitationAccepted | null>(null);

  const submit = form.onSubmit(async ({ password }) => {
    const existing = offer.data?.data.existingUser ?? false;
    setError(null);
    if (!existing && rule.check()) return;
    setBusy(true);
    try {
      const answer = await call('POST /api/invitations/:token/accept', {
        params: { token },
        body: existing ? {} : { password },
        auth: 'none',
      });
      setAccepted(answer.data);
    } catch (err) {
      if (err instanceof ApiError) {
        setError(err.message);
        form.setErrors(err.errors ?? {});
      } else setError(SERVER_ERROR_MESSAGE);
    } finally {
      setBusy(false);
    }
  });

  if (accepted) return <Accepted accepted={accepted} />;

  if (offer.isPending) {
    return (
      <AuthLayout title={TITLE}>
        <Group gap="sm" role="status">
          <Loader size="sm" />
          <Text>Checking your invitation…</Text>
        </Group>
      </AuthLayout>
    );
  }

  if (offer.isError) {
    // unknown (404), used, withdrawn or expired (410): the server's sentence says which and what to do
    return (
      <AuthLayout title={TITLE}>
        <Alert color="red" icon={<IconAlertCircle aria-hidden />} role="alert">
          {offer.error.message}
        </Alert>
        <Button component={Link} to="/login" variant="default" mt="md">
          Go to Sign In
        </Button>
      </AuthLayout>
    );
  }

  const view = offer.data.data;
  return (
    <AuthLayout
      title={TITLE}
      description={
        <>
          <strong>{view.company}</strong> (account {view.acctnum}) invites you, {view.name}, to order and pay
          for the account on Mitrebox.
        </>
      }
    >
      <form onSubmit={submit} noValidate aria-label="Accept the invitation">
        <Stack gap="md">
          <TextInput label="E-mail" type="email" autoComplete="username" value={view.email} readOnly />
          {view.existingUser ? (
            <Text size="sm">
              You already sign in to Mitrebox with this e-mail. Accept, and the account is added to your
              sign-in: choose it from the account menu after signing in.
            </Text>
          ) : (
            <>
              <PasswordInput
                label="Choose a password"
                name="password"
                autoComplete="new-password"
                {...form.getInputProps('password')}
                onBlur={rule.onBlur}
                description={messages.password.rule}
                error={form.errors.password ?? rule.shown}
                required
              />
              <PasswordInput
                label="Repeat the password"
                name="password_confirmation"
                autoComplete="new-password"
                {...form.getInputProps('confirmation')}
                visibilityToggleButtonProps={{ 'aria-label': 'Show password confirmation' }}
                required
              />
            </>
          )}
          {error ? (
            <Alert color="red" icon={<IconAlertCircle aria-hidden />} role="alert">
              {error}
            </Alert>
          ) : null}
          <Button type="submit" size="md" fullWidth loading={busy}>
            Accept the invitation
          </Button>
        </Stack>
      </form>
    </AuthLayout>
  );
}
