import { Alert, Button, Group, Paper, PasswordInput, Stack, Text, TextInput, ThemeIcon } from '@mantine/core';
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

const FIELDS = ['email', 'password'] as const;

/** First-login verification ('Update Information Form', account-area §2, §4). */
export default function VerifyDataPage() {
  const session = useSession();
  const follow = useSignInOutcome();
  const vuser = session.vuser;
  const account = vuser?.accounts[0];

  const [email, setEmail] = useState(vuser?.email ?? '');
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const rule = usePasswordRule(password);

  if (!session.vtoken && !busy) return <Navigate to="/login" replace />;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    setFieldErrors({});
    if (rule.check()) return;
    setBusy(true);
    const outcome = await completeVerification(signInDeps, {
      vtoken: session.vtoken,
      vuser,
      email,
      password,
      confirmation,
    });
    if (follow(outcome)) return;
    setBusy(false);
    switch (outcome.kind) {
      case 'passwords-differ':
        setFieldErrors({ password_confirmation: outcome.message });
        notifications.show({ color: 'red', message: outcome.message });
        break;
      case 'field-errors':
        {
          // each server error as its field's plain sentence ('E-mail address is required.'), issue 10.7
          const plain = Object.fromEntries(
            Object.entries(outcome.errors).map(([field, message]) => [
              field,
              plainFieldMessage(field, message),
            ]),
          );
          setFieldErrors(plain);
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
  };

  const otherErrors = Object.entries(fieldErrors).filter(
    ([field]) => !(FIELDS as readonly string[]).includes(field) && field !== 'password_confirmation',
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
            value={email}
            onChange={(e) => setEmail(e.currentTarget.value)}
            error={fieldErrors.email}
            required
          />
          <PasswordInput
            label="Password"
            name="password"
            autoComplete="new-password"
            value={password}
            onChange={(e) => setPassword(e.currentTarget.value)}
            onBlur={rule.onBlur}
            description={messages.password.rule}
            error={fieldErrors.password ?? rule.shown}
            required
          />
          <PasswordInput
            label="Confirm Password"
            name="password_confirmation"
            autoComplete="new-password"
            value={confirmation}
            onChange={(e) => setConfirmation(e.currentTarget.value)}
            error={fieldErrors.password_confirmation}
            visibilityToggleButtonProps={{ 'aria-label': 'Show password confirmation' }}
            required
          />
          {otherErrors.map(([field, message]) => (
            <Alert key={field} color="red" icon={<IconAlertCircle aria-hidden />}>
              {plainFieldMessage(field, message)}
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
