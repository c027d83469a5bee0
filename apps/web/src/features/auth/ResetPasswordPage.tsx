import { Alert, Anchor, Button, Group, Loader, PasswordInput, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { messages, RESET_REDIRECT_DELAY_MS } from '@mitrebox/domain';
import { IconAlertCircle, IconCircleCheck } from '@tabler/icons-react';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { AuthLayout } from '../../components/AuthLayout.tsx';
import { ApiError, SERVER_ERROR_MESSAGE } from '../../lib/api.ts';
import { authApi } from './auth-api.ts';
import { usePasswordRule } from './usePasswordRule.ts';

export const FIELD_REQUIRED = 'Field required';

interface NewPassword {
  password: string;
  confirmation: string;
}

/** Server password errors, one per line (account-area §8). */
export function resetErrorText(err: unknown): string {
  if (err instanceof ApiError) {
    const body = err.body as { data?: { data?: { password?: unknown } } } | null;
    const list = body?.data?.data?.password;
    if (Array.isArray(list) && list.length > 0) return list.map(String).join('\n');
    return err.message;
  }
  return SERVER_ERROR_MESSAGE;
}

/** /reset-password/{token}/{email}: checks the link on arrival, then takes the new password twice. */
export default function ResetPasswordPage() {
  const { token = '', email = '' } = useParams();
  const navigate = useNavigate();
  const [checked, setChecked] = useState(false);
  const form = useForm<NewPassword>({
    initialValues: { password: '', confirmation: '' },
    // 'Field required' stays until the next try
    clearInputErrorOnChange: false,
    validate: (values: NewPassword) => ({
      password: values.password ? null : FIELD_REQUIRED,
      confirmation: values.confirmation ? null : FIELD_REQUIRED,
    }),
  });
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  const [busy, setBusy] = useState(false);
  const started = useRef(false);
  const rule = usePasswordRule(form.values.password);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    authApi
      .resetPasswordCheck(token, email)
      .then(() => setChecked(true))
      .catch(() => navigate('/login', { replace: true }));
  }, [token, email, navigate]);

  useEffect(() => {
    if (!done) return;
    const timer = window.setTimeout(
      () => navigate('/login', { replace: true, state: { msg: messages.resetPassword.done } }),
      RESET_REDIRECT_DELAY_MS,
    );
    return () => window.clearTimeout(timer);
  }, [done, navigate]);

  const send = form.onSubmit(async ({ password, confirmation }) => {
    if (rule.check()) return;
    setBusy(true);
    try {
      const answer = await authApi.resetPassword({
        token,
        email,
        password,
        password_confirmation: confirmation,
      });
      if (answer.data.status === 'passwords.reset') setDone(true);
      else setError(answer.data.data?.password?.join('\n') || SERVER_ERROR_MESSAGE);
    } catch (err) {
      setError(resetErrorText(err));
    } finally {
      setBusy(false);
    }
  });
  const submit = (event: FormEvent<HTMLFormElement>) => {
    setError(null);
    send(event);
  };

  if (!checked) {
    return (
      <AuthLayout title="Reset Password">
        <Group gap="sm" role="status">
          <Loader size="sm" />
          <Text>Checking your reset link…</Text>
        </Group>
      </AuthLayout>
    );
  }

  if (done) {
    return (
      <AuthLayout title="Reset Password">
        <Alert color="green" icon={<IconCircleCheck aria-hidden />} role="status">
          {messages.resetPassword.done}
        </Alert>
        <Text size="sm" c="dimmed" mt="md">
          Taking you to the sign-in page…{' '}
          <Anchor component={Link} to="/login" size="sm">
            Sign in now
          </Anchor>
        </Text>
      </AuthLayout>
    );
  }

  return (
    <AuthLayout title="Reset Password" description={`Choose a new password for ${email}.`}>
      <form onSubmit={submit} noValidate aria-label="Reset password">
        <Stack gap="md">
          <PasswordInput
            label="New password"
            name="password"
            autoComplete="new-password"
            {...form.getInputProps('password')}
            onBlur={rule.onBlur}
            description={messages.password.rule}
            error={form.errors.password ?? rule.shown}
            required
          />
          <PasswordInput
            label="Confirm new password"
            name="password_confirmation"
            autoComplete="new-password"
            {...form.getInputProps('confirmation')}
            visibilityToggleButtonProps={{ 'aria-label': 'Show password confirmation' }}
            required
          />
          {error ? (
            <Alert color="red" icon={<IconAlertCircle aria-hidden />} role="alert">
              <span style={{ whiteSpace: 'pre-line' }}>{error}</span>
            </Alert>
          ) : null}
          <Button type="submit" size="md" fullWidth loading={busy}>
            Reset Password
          </Button>
        </Stack>
      </form>
    </AuthLayout>
  );
}
