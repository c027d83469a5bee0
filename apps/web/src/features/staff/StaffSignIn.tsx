import { Alert, Button, Paper, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { messages } from '@mitrebox/domain';
import { useEffect, useRef } from 'react';
import classes from './StaffApp.module.css';
import { type StaffSignInState, useStaffSignIn } from './useStaffSignIn.ts';

export const STAFF_CODE_LABEL = 'Code from your authenticator app';

/** /staff when signed out: e-mail and password, then the TOTP code (required for staff). */
export function StaffSignIn() {
  const signIn = useStaffSignIn();

  useEffect(() => {
    document.title = 'Staff sign-in · Mitrebox';
  }, []);

  return (
    <main className={classes.signIn} id="main">
      <Paper withBorder p="xl" radius="md" className={classes.signInCard}>
        <Title order={1} size="h2" mb="xs">
          Mitrebox back office
        </Title>
        <Text c="dimmed" size="sm" mb="lg">
          Staff sign in with their e-mail address, password and a code from their authenticator app.
        </Text>
        {signIn.error && (
          <Alert color="red" role="alert" mb="md">
            {signIn.error}
          </Alert>
        )}
        {signIn.step === 'credentials' ? <CredentialsStep {...signIn} /> : <CodeStep {...signIn} />}
      </Paper>
    </main>
  );
}

/** The first step: e-mail and password (focused when it shows). */
function CredentialsStep({ credentials, signIn, checking, busy }: StaffSignInState) {
  const emailRef = useRef<HTMLInputElement>(null);
  useEffect(() => emailRef.current?.focus(), []);
  return (
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
  );
}

/** The second step: the code from the authenticator app (focused when it shows). */
function CodeStep({ verification, verify, busy }: StaffSignInState) {
  const codeRef = useRef<HTMLInputElement>(null);
  useEffect(() => codeRef.current?.focus(), []);
  return (
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
  );
}
