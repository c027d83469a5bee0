import { Alert, Button, Paper, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import {
  StaffLoginRequest,
  type StaffLoginResponse,
  TokenLoginRequest,
  type TokenLoginResponse,
} from '@mitrebox/api-contract';
import { messages } from '@mitrebox/domain';
import { useEffect, useRef, useState } from 'react';
import { ApiError, apiRequest } from '../../lib/api.ts';
import { isChallengeAnswer } from '../../lib/challenge-answer.ts';
import { firstError, requestRules } from '../../lib/form-schema.ts';
import classes from './StaffApp.module.css';
import { staffSession } from './staff-api.ts';

export const STAFF_CODE_LABEL = 'Code from your authenticator app';

const codeDigits = (code: string) => code.replace(/\s/g, '');

/** /staff when signed out: e-mail and password, then the TOTP code (required for staff). */
export function StaffSignIn() {
  const [step, setStep] = useState<'credentials' | 'code'>('credentials');
  // the server's refusals stay on their fields until the next try
  const credentials = useForm({
    initialValues: { email: '', password: '' },
    clearInputErrorOnChange: false,
    validate: requestRules(StaffLoginRequest, (values: { email: string; password: string }) => values),
  });
  const verification = useForm({
    initialValues: { code: '' },
    clearInputErrorOnChange: false,
    validate: requestRules(TokenLoginRequest, ({ code }: { code: string }) => ({ code: codeDigits(code) })),
  });
  const [pending, setPending] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [checking, setChecking] = useState(false);
  const emailRef = useRef<HTMLInputElement>(null);
  const codeRef = useRef<HTMLInputElement>(null);

  useEffect(() => {
    document.title = 'Staff sign-in · Mitrebox';
    (step === 'code' ? codeRef : emailRef).current?.focus();
  }, [step]);

  const fail = (err: unknown, form: typeof credentials | typeof verification) => {
    if (err instanceof ApiError) {
      setError(err.message);
      form.setErrors(err.errors ?? {});
    } else setError('Something went wrong on our side. Please try again.');
  };
  // a refusal found before sending reads as the server's would: its first message above, each on its field
  const refuse = (errors: Record<string, unknown>) => setError(firstError(errors) ?? null);

  const signIn = credentials.onSubmit(async ({ email, password }) => {
    setBusy(true);
    setError(null);
    try {
      const send = (proofOfWork?: string) =>
        apiRequest<StaffLoginResponse>('/api/login/staff', {
          method: 'POST',
          body: proofOfWork ? { email, password, proofOfWork } : { email, password },
          auth: 'none',
        });
      let res: StaffLoginResponse;
      try {
        res = await send();
      } catch (err) {
        // too many wrong passwords for this address from strangers: this browser proves its work and asks again
        if (!(err instanceof ApiError) || err.status !== 428 || !isChallengeAnswer(err.body)) throw err;
        setChecking(true);
        const { solveProofOfWork } = await import('../../lib/proof-of-work.ts');
        const proofOfWork = await solveProofOfWork(err.body.challenge).catch(() => null);
        setChecking(false);
        if (!proofOfWork) throw new ApiError(428, messages.login.challengeFailed);
        res = await send(proofOfWork);
      }
      setPending(res.token);
      setStep('code');
    } catch (err) {
      fail(err, credentials);
    } finally {
      setBusy(false);
    }
  }, refuse);

  const verify = verification.onSubmit(async ({ code }) => {
    if (!pending) return;
    setBusy(true);
    setError(null);
    try {
      const res = await apiRequest<TokenLoginResponse>('/api/tokenLogin', {
        method: 'POST',
        body: { code: codeDigits(code) },
        auth: { bearer: pending },
        resetOnUnauthorized: false,
      });
      if (res.login) staffSession.set(pending);
      else setError('That code is not valid. Please try again.');
    } catch (err) {
      if (err instanceof ApiError && (err.status === 401 || err.status === 429) && err.status === 401) {
        setStep('credentials');
        setPending(null);
      }
      fail(err, verification);
    } finally {
      setBusy(false);
    }
  }, refuse);

  return (
    <main className={classes.signIn} id="main">
      <Paper withBorder p="xl" radius="md" className={classes.signInCard}>
        <Title order={1} size="h2" mb="xs">
          Mitrebox back office
        </Title>
        <Text c="dimmed" size="sm" mb="lg">
          Staff sign in with their e-mail address, password and a code from their authenticator app.
        </Text>
        {error && (
          <Alert color="red" role="alert" mb="md">
            {error}
          </Alert>
        )}
        {step === 'credentials' ? (
          <form onSubmit={signIn} noValidate>
            <Stack>
              <TextInput
                ref={emailRef}
                label="E-mail"
                type="email"
                autoComplete="username"
                {...credentials.getInputProps('email')}
                required
              />
              <PasswordInput
                label="Password"
                autoComplete="current-password"
                {...credentials.getInputProps('password')}
                required
              />
              {checking ? (
                <Text size="sm" role="status">
                  {messages.login.checkingBrowser}
                </Text>
              ) : null}
              <Button type="submit" loading={busy}>
                Sign in
              </Button>
            </Stack>
          </form>
        ) : (
          <form onSubmit={verify} noValidate>
            <Stack>
              <TextInput
                ref={codeRef}
                label={STAFF_CODE_LABEL}
                inputMode="numeric"
                autoComplete="one-time-code"
                {...verification.getInputProps('code')}
                required
              />
              <Button type="submit" loading={busy}>
                Verify
              </Button>
            </Stack>
          </form>
        )}
      </Paper>
    </main>
  );
}
