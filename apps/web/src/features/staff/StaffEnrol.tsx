import { Alert, Button, Code, Paper, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import type { StaffEnrolmentOffer, StaffEnrolmentResponse } from '@mitrebox/api-contract';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { encode } from 'uqr';
import { PageLoader } from '../../app/PageLoader.tsx';
import { ApiError, apiRequest } from '../../lib/api.ts';
import classes from './StaffApp.module.css';
import { STAFF_CODE_LABEL } from './StaffSignIn.tsx';
import { staffSession } from './staff-api.ts';

/**
 * /staff/enrol/{token}: the e-mailed set-up link of a new staff user (or one whose authenticator was reset).
 * The user chooses a password, scans the QR code (or types the secret) into an authenticator app and proves it
 * with a code; then they are signed in to the back office.
 */
export function StaffEnrol({ token }: { token: string }) {
  const navigate = useNavigate();
  const offer = useQuery({
    queryKey: ['staff-enrolment', token],
    queryFn: () =>
      apiRequest<StaffEnrolmentOffer>('/api/login/staff/enrolment/check', {
        method: 'POST',
        body: { token },
        auth: 'none',
      }),
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
  });
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    document.title = 'Set up your staff sign-in · Mitrebox';
  }, []);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!offer.data) return;
    setBusy(true);
    setError(null);
    setFieldErrors({});
    try {
      const res = await apiRequest<StaffEnrolmentResponse>('/api/login/staff/enrolment', {
        method: 'POST',
        body: {
          token,
          password,
          password_confirmation: confirmation,
          secret: offer.data.secret,
          code: code.replace(/\s/g, ''),
        },
        auth: 'none',
      });
      staffSession.set(res.token);
      navigate('/staff', { replace: true });
    } catch (err) {
      if (err instanceof ApiError) {
        setError(err.message);
        setFieldErrors(err.errors ?? {});
      } else setError('Something went wrong on our side. Please try again.');
    } finally {
      setBusy(false);
    }
  };

  return (
    <main className={classes.signIn} id="main">
      <Paper withBorder p="xl" radius="md" className={classes.enrolCard}>
        <Title order={1} size="h2" mb="xs">
          Set up your staff sign-in
        </Title>
        {offer.isPending && <PageLoader />}
        {offer.error && (
          <Alert color="red" role="alert">
            {(offer.error as Error).message}
          </Alert>
        )}
        {offer.data && (
          <form onSubmit={submit} noValidate>
            <Stack>
              <Text size="sm">
                {offer.data.name}, your sign-in is <b>{offer.data.email}</b>. Choose a password, then set up
                two-step verification: staff sign in with a code from an authenticator app as well.
              </Text>
              {error && (
                <Alert color="red" role="alert">
                  {error}
                </Alert>
              )}
              <TextInput
                label="E-mail"
                type="email"
                autoComplete="username"
                value={offer.data.email}
                readOnly
              />
              <PasswordInput
                label="New password"
                autoComplete="new-password"
                value={password}
                onChange={(e) => setPassword(e.currentTarget.value)}
                error={fieldErrors.password}
                required
              />
              <PasswordInput
                label="Repeat the password"
                autoComplete="new-password"
                value={confirmation}
                onChange={(e) => setConfirmation(e.currentTarget.value)}
                error={fieldErrors.password_confirmation}
                required
              />
              <Title order={2} size="h4">
                Authenticator app
              </Title>
              <Text size="sm">
                Scan this code with your authenticator app (for example Google Authenticator, Microsoft
                Authenticator or 1Password), or enter the key below by hand.
              </Text>
              <QrCode text={offer.data.otpauthUri} label={`QR code to set up ${offer.data.email}`} />
              <Text size="sm">
                Key:{' '}
                <Code data-testid="totp-secret">{offer.data.secret.replace(/(.{4})/g, '$1 ').trim()}</Code>
              </Text>
              <TextInput
                label={STAFF_CODE_LABEL}
                inputMode="numeric"
                autoComplete="one-time-code"
                value={code}
                onChange={(e) => setCode(e.currentTarget.value)}
                error={fieldErrors.code}
                required
              />
              <Button type="submit" loading={busy}>
                Set up and sign in
              </Button>
            </Stack>
          </form>
        )}
      </Paper>
    </main>
  );
}

/** A QR code drawn as SVG squares (no image request, no inline markup). */
function QrCode({ text, label }: { text: string; label: string }) {
  const { data, size } = encode(text, { ecc: 'M', border: 2 });
  return (
    <svg
      role="img"
      aria-label={label}
      viewBox={`0 0 ${size} ${size}`}
      width={200}
      height={200}
      shapeRendering="crispEdges"
      className={classes.qr}
    >
      <rect width={size} height={size} fill="#fff" />
      <path
        fill="#000"
        d={data.flatMap((row, y) => row.map((dark, x) => (dark ? `M${x} ${y}h1v1h-1z` : ''))).join('')}
      />
    </svg>
  );
}
