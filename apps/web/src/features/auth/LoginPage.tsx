import { Alert, Anchor, Button, Group, Loader, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { messages } from '@mitrebox/domain';
import {
  IconAlertCircle,
  IconCircleCheck,
  IconClockHour4,
  IconMailForward,
  IconShieldLock,
} from '@tabler/icons-react';
import { Link, Navigate, useLocation, useSearchParams } from 'react-router';
import { AuthLayout } from '../../components/AuthLayout.tsx';
import { useSession } from '../../lib/session.ts';
import { type LoginSteps, MFA_CODE_MESSAGE, useLoginSteps } from './useLoginSteps.ts';

/** A message handed to the sign-in screen: `?msg=` or navigation state `{ msg }`. */
function useRouteMessage(): string | null {
  const [params] = useSearchParams();
  const location = useLocation();
  const state = location.state as { msg?: unknown } | null;
  const fromState = typeof state?.msg === 'string' ? state.msg : null;
  return params.get('msg') || fromState;
}

/** The code as typed: digits and spaces, at most 7 characters ('123 456'). */
const typedCode = (text: string) => text.replace(/[^\d\s]/g, '').slice(0, 7);

/** /login: the account number and password, then the two-step code; /login/{extoken}: an external sign-on. */
export default function LoginPage() {
  const session = useSession();
  const steps = useLoginSteps();

  if (session.signedIn && steps.step !== 'external' && !steps.busy) return <Navigate to="/" replace />;
  if (steps.step === 'external') return <SigningIn />;
  if (steps.step === 'mfa') return <CodeStep {...steps} />;
  return <CredentialsStep {...steps} />;
}

/** While an external sign-on token is exchanged. */
function SigningIn() {
  return (
    <AuthLayout title="Sign In">
      <Group gap="sm" role="status" aria-live="polite">
        <Loader size="sm" />
        <Text>Signing you in…</Text>
      </Group>
    </AuthLayout>
  );
}

/** The two-step code of an account that has one. */
function CodeStep({ verification, codeRef, submitCode, switchAccount, busy }: LoginSteps) {
  return (
    <AuthLayout title="Two-step verification" description={MFA_CODE_MESSAGE}>
      <form onSubmit={submitCode} noValidate aria-label="Verification code">
        <Stack gap="md">
          <TextInput
            ref={codeRef}
            label="Authentication code"
            placeholder="123456"
            {...verification.getInputProps('code')}
            onChange={(e) => verification.setFieldValue('code', typedCode(e.currentTarget.value))}
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={7}
            leftSection={<IconShieldLock size={18} aria-hidden />}
            styles={{ input: { letterSpacing: '0.3em', fontVariantNumeric: 'tabular-nums' } }}
          />
          <Button type="submit" size="md" fullWidth loading={busy}>
            Verify and sign in
          </Button>
          <Anchor component="button" type="button" onClick={switchAccount} size="sm">
            Sign in with a different account
          </Anchor>
        </Stack>
      </form>
    </AuthLayout>
  );
}

/** The account number and password, with what the screen was handed and what the last try answered. */
function CredentialsStep(steps: LoginSteps) {
  const { credentials, usernameRef, passwordRef, submitCredentials, checking, busy } = steps;
  return (
    <AuthLayout
      title="Sign In"
      description="Trade customers sign in with their account number."
      footer={
        <>
          New to Mitrebox?{' '}
          <Anchor component={Link} to="/newAccount" fw={600}>
            Apply for a trade account
          </Anchor>
        </>
      }
    >
      <form onSubmit={submitCredentials} noValidate aria-label="Sign in">
        <Stack gap="md">
          <HandedMessage />
          <TextInput
            ref={usernameRef}
            label="Username (account #)"
            name="username"
            {...credentials.getInputProps('username')}
            autoComplete="username"
            autoCapitalize="off"
            spellCheck={false}
            data-autofocus
          />
          <PasswordInput
            ref={passwordRef}
            label="Password"
            name="password"
            {...credentials.getInputProps('password')}
            autoComplete="current-password"
          />
          <SignInRefusal {...steps} />
          <ResendAnswer {...steps} />
          {checking ? (
            <Group gap="sm" justify="center" role="status" aria-live="polite">
              <Loader size="xs" />
              <Text size="sm">{messages.login.checkingBrowser}</Text>
            </Group>
          ) : null}
          <Button type="submit" size="md" fullWidth loading={busy}>
            Log In
          </Button>
          <Anchor component={Link} to="/forgot_password" ta="center" size="sm" fw={500}>
            Forgot your password?
          </Anchor>
        </Stack>
      </form>
    </AuthLayout>
  );
}

/** What the screen was handed (`?msg=`, or the state of the screen that sent here), else "session expired". */
function HandedMessage() {
  const routeMessage = useRouteMessage();
  const [params] = useSearchParams();
  if (routeMessage) {
    return (
      <Alert color="green" icon={<IconCircleCheck aria-hidden />} role="status">
        {routeMessage}
      </Alert>
    );
  }
  if (params.get('expired') !== '1') return null;
  return (
    <Alert color="walnut" icon={<IconClockHour4 aria-hidden />} role="status">
      {messages.session.expired}
    </Alert>
  );
}

/** Why the last sign-in failed; an unconfirmed e-mail is offered its confirmation link again. */
function SignInRefusal({ error, resend, resendVerification }: LoginSteps) {
  if (!error) return null;
  return (
    <Alert color="red" icon={<IconAlertCircle aria-hidden />} role="alert">
      {error}
      {error === messages.login.emailUnverified ? (
        <Stack gap={6} mt="xs" align="flex-start">
          <Text size="sm">Can't find the e-mail? We can send you a new confirmation link.</Text>
          <Button
            type="button"
            variant="light"
            color="red"
            size="xs"
            leftSection={<IconMailForward size={16} aria-hidden />}
            loading={resend.busy}
            onClick={resendVerification}
          >
            {messages.verifyEmail.resendButton}
          </Button>
        </Stack>
      ) : null}
    </Alert>
  );
}

/** The answer to "send the confirmation link again". */
function ResendAnswer({ resend }: LoginSteps) {
  if (!resend.message) return null;
  return (
    <Alert
      color={resend.ok ? 'green' : 'red'}
      icon={resend.ok ? <IconCircleCheck aria-hidden /> : <IconAlertCircle aria-hidden />}
      role="status"
    >
      {resend.message}
    </Alert>
  );
}
