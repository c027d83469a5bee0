import { Alert, Button, Group, Paper, PasswordInput, Stack, Text, TextInput, ThemeIcon } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { messages, plainFieldMessage } from '@mitrebox/domain';
import { IconAlertCircle, IconBuildingStore } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { Navigate } from 'react-router';
import { AuthLayout } from '../../components/AuthLayout.tsx';
import { useSession } from '../../lib/session.ts';
import { signInDeps } from './deps.ts';
import { completeVerification } from './sign-in.ts';
import { usePasswordRule } from './usePasswordRule.ts';
import { useSignInOutcome } from './useSignInOutcome.ts';

const FIELDS = ['email', 'password', 'password_confirmation'] as const;

interface Details {
  email: string;
  password: string;
  password_confirmation: string;
}

/** First-login verification ('Update Information Form', account-area §2, §4). */
export default function VerifyDataPage() {
  const session = useSession();
  const follow = useSignInOutcome();
  const vuser = session.vuser;
  const account = vuser?.accounts[0];

  const form = useForm<Details>({
    initialValues: { email: vuser?.email ?? '', password: '', password_confirmation: '' },
    // the server's refusals stay on their fields until the next try
    clearInputErrorOnChange: false,
    // the new password is judged by the shared password rule below, in its own sentences
  });
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const rule = usePasswordRule(form.values.password);

  if (!session.vtoken && !busy) return <Navigate to="/login" replace />;

  const send = form.onSubmit(async ({ email, password, password_confirmation }) => {
    if (rule.check()) return;
    setBusy(true);
    const outcome = await completeVerification(signInDeps, {
      vtoken: session.vtoken,
      vuser,
      email,
      password,
      confirmation: password_confirmation,
    });
    if (follow(outcome)) return;
    setBusy(false);
    switch (outcome.kind) {
      case 'passwords-differ':
        form.setErrors({ password_confirmation: outcome.message });
        notifications.show({ color: 'red', message: outcome.message });
        break;
      case 'field-errors':
        {
          // each server error as its field's plain sentence ('E-mail address is required.'), never the
          // validator's text
          const plain = Object.fromEntries(
            Object.entries(outcome.errors).map(([field, message]) => [
              field,
              plainFieldMessage(field, message),
            ]),
          );
          form.setErrors(plain);
          for (const message of Object.values(plain)) notifications.show({ color: 'red', message });
        }
        break;
      case 'error':
      case 'invalid':
        setError(outcome.message);
        break;
      default:
        break;
    }
  });
  const submit = (event: FormEvent<HTMLFormElement>) => {
    setError(null);
    send(event);
  };

  const otherErrors = Object.entries(form.errors).filter(
    ([field]) => !(FIELDS as readonly string[]).includes(field),
  );

  return (
    <AuthLayout
      title="Update Information Form"
      description="Before your first order, confirm the e-mail address we should use and choose your own password."
    >
      <Paper bg="walnut.0" p="md" radius="sm" withBorder={false} mb="lg">
        <Group wrap="nowrap" align="flex-start" gap="sm">
          <ThemeIcon size={38} radius="sm" color="walnut.7" aria-hidden>
            <IconBuildingStore size={22} />
          </ThemeIcon>
          <div>
            <Text fw={700} c="walnut.9">
              Welcome{vuser?.name ? `, ${vuser.name}` : ''}!
            </Text>
            {account ? (
              <Text size="sm" c="linen.7">
                Account {account.Acctnum} · {account.Company}
              </Text>
            ) : null}
            <Text size="sm" mt={4}>
              After you update your details you will be signed in straight away.
            </Text>
          </div>
        </Group>
      </Paper>
      <form onSubmit={submit} noValidate aria-label="Update information">
        <Stack gap="md">
          <TextInput
            label="Email"
            type="email"
            name="email"
            autoComplete="email"
            {...form.getInputProps('email')}
            required
          />
          <PasswordInput
            label="Password"
            name="password"
            autoComplete="new-password"
            {...form.getInputProps('password')}
            onBlur={rule.onBlur}
            description={messages.password.rule}
            error={form.errors.password ?? rule.shown}
            required
          />
          <PasswordInput
            label="Confirm Password"
            name="password_confirmation"
            autoComplete="new-password"
            {...form.getInputProps('password_confirmation')}
            visibilityToggleButtonProps={{ 'aria-label': 'Show password confirmation' }}
            required
          />
          {otherErrors.map(([field, message]) => (
            <Alert key={field} color="red" icon={<IconAlertCircle aria-hidden />}>
              {plainFieldMessage(field, String(message))}
            </Alert>
          ))}
          {error ? (
            <Alert color="red" icon={<IconAlertCircle aria-hidden />} role="alert">
              {error}
            </Alert>
          ) : null}
          <Button type="submit" size="md" fullWidth loading={busy}>
            Update and Login
          </Button>
        </Stack>
      </form>
    </AuthLayout>
  );
}
