import { Alert, Anchor, Button, Group, Loader, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { messages } from '@mitrebox/domain';
import {
  IconAlertCircle,
  IconCircleCheck,
  IconClockHour4,
  IconMailForward,
  IconShieldLock,
} from '@tabler/icons-react';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { Link, Navigate, useLocation, useParams, useSearchParams } from 'react-router';
import { AuthLayout } from '../../components/AuthLayout.tsx';
import { ApiError } from '../../lib/api.ts';
import { authStorage } from '../../lib/auth-storage.ts';
import { useSession } from '../../lib/session.ts';
import { authApi } from './auth-api.ts';
import { signInDeps } from './deps.ts';
import { signInWithExternalToken, signInWithPassword, verifySession } from './sign-in.ts';
import { useSignInOutcome } from './useSignInOutcome.ts';

type Step = 'credentials' | 'mfa' | 'external';

/** A message handed to the sign-in screen: `?msg=` or navigation state `{ msg }`. */
function useRouteMessage(): string | null {
  const [params] = useSearchParams();
  const location = useLocation();
  const state = location.state as { msg?: unknown } | null;
  const fromState = typeof state?.msg === 'string' ? state.msg : null;
  return params.get('msg') || fromState;
}

export const MFA_CODE_MESSAGE = 'Enter the 6-digit code from your authenticator app.';

const codeDigits = (code: string) => code.replace(/\s/g, '');

/** The code as typed: digits and spaces, at most 7 characters ('123 456'). */
const typedCode = (text: string) => text.replace(/[^\d\s]/g, '').slice(0, 7);

export default function LoginPage() {
  const { extoken } = useParams();
  const [params] = useSearchParams();
  const session = useSession();
  const routeMessage = useRouteMessage();
  const expired = params.get('expired') === '1';
  const follow = useSignInOutcome();

  const [step, setStep] = useState<Step>(() =>
    extoken ? 'external' : session.token && !session.user ? 'mfa' : 'credentials',
  );
  // a field's message stays until the next try, as the sign-in always showed it
  const credentials = useForm({
    initialValues: { username: '', password: '' },
    clearInputErrorOnChange: false,
  });
  const verification = useForm({
    initialValues: { code: '' },
    clearInputErrorOnChange: false,
    validate: ({ code }: { code: string }) => ({
      code: /^\d{6}$/.test(codeDigits(code)) ? null : MFA_CODE_MESSAGE,
    }),
  });
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  /** Solving the server's proof-of-work challenge before the sign-in goes again. */
  const [checking, setChecking] = useState(false);
  const [resend, setResend] = useState<{ busy: boolean; ok?: boolean; message?: string }>({ busy: false });
  const usernameRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);
  const codeRef = useRef<HTMLInputElement>(null);
  const externalStarted = useRef(false);

  // /login/{extoken}: exchange the external token once, then continue as after any sign-in.
  useEffect(() => {
    if (!extoken || externalStarted.current) return;
    externalStarted.current = true;
    void signInWithExternalToken(signInDeps, extoken).then((outcome) => {
      if (follow(outcome)) return;
      if (outcome.kind === 'mfa-required') setStep('mfa');
      else {
        setStep('credentials');
        if (outcome.kind === 'error') setError(outcome.message);
      }
    });
  }, [extoken, follow]);

  // The focus starts in the box the person types into next: the account number, or the two-step code.
  useEffect(() => {
    if (step === 'mfa') codeRef.current?.focus();
    else if (step === 'credentials') usernameRef.current?.focus({ preventScroll: true });
  }, [step]);

  if (session.signedIn && step !== 'external' && !busy) return <Navigate to="/" replace />;

  const resendVerification = async () => {
    setResend({ busy: true });
    try {
      const { username, password } = credentials.getValues();
      const answer = await authApi.resendVerification(username, password);
      setResend({ busy: false, ok: answer.success, message: answer.message });
    } catch (err) {
      setResend({ busy: false, ok: false, message: err instanceof ApiError ? err.message : String(err) });
    }
  };

  const signIn = credentials.onSubmit(
    async ({ username, password }) => {
      setBusy(true);
      const outcome = await signInWithPassword(signInDeps, username, password, () => setChecking(true));
      setChecking(false);
      if (follow(outcome)) return;
      setBusy(false);
      if (outcome.kind === 'invalid') {
        credentials.setFieldError(outcome.field, outcome.message);
        (outcome.field === 'password' ? passwordRef : usernameRef).current?.focus();
      } else if (outcome.kind === 'mfa-required') {
        setStep('mfa');
      } else if (outcome.kind === 'error') {
        setError(outcome.message);
      }
    },
    (errors) => (errors.username ? usernameRef : passwordRef).current?.focus(),
  );
  const submitCredentials = (event: FormEvent<HTMLFormElement>) => {
    setError(null);
    setResend({ busy: false });
    signIn(event);
  };

  const verify = verification.onSubmit(
    async ({ code }) => {
      setBusy(true);
      const outcome = await verifySession(signInDeps, codeDigits(code));
      if (follow(outcome)) return;
      setBusy(false);
      if (outcome.kind === 'error') {
        verification.setFieldError('code', outcome.message);
        codeRef.current?.select();
      }
    },
    () => codeRef.current?.focus(),
  );
  const submitCode = (event: FormEvent<HTMLFormElement>) => {
    setError(null);
    verify(event);
  };

  const switchAccount = () => {
    authStorage.setToken(null);
    verification.reset();
    credentials.clearErrors();
    setError(null);
    setStep('credentials');
  };

  if (step === 'external') {
    return (
      <AuthLayout title="Sign In">
        <Group gap="sm" role="status" aria-live="polite">
          <Loader size="sm" />
          <Text>Signing you in…</Text>
        </Group>
      </AuthLayout>
    );
  }

  if (step === 'mfa') {
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
          {routeMessage ? (
            <Alert color="green" icon={<IconCircleCheck aria-hidden />} role="status">
              {routeMessage}
            </Alert>
          ) : null}
          {expired && !routeMessage ? (
            <Alert color="walnut" icon={<IconClockHour4 aria-hidden />} role="status">
              {messages.session.expired}
            </Alert>
          ) : null}
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
          {error ? (
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
          ) : null}
          {resend.message ? (
            <Alert
              color={resend.ok ? 'green' : 'red'}
              icon={resend.ok ? <IconCircleCheck aria-hidden /> : <IconAlertCircle aria-hidden />}
              role="status"
            >
              {resend.message}
            </Alert>
          ) : null}
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
