import { Alert, Button, Code, Paper, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { StaffEnrolmentRequest } from '@mitrebox/api-contract';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { encode } from 'uqr';
import { PageLoader } from '../../app/PageLoader.tsx';
import { call } from '../../lib/call.ts';
import { firstError, requestRules, showRefusal } from '../../lib/form-schema.ts';
import classes from './StaffApp.module.css';
import { STAFF_CODE_LABEL } from './StaffSignIn.tsx';
import { staffSession } from './staff-api.ts';

interface Enrolment {
  password: string;
  password_confirmation: string;
  code: string;
}

const codeDigits = (code: string) => code.replace(/\s/g, '');

/**
 * /staff/enrol/{token}: the e-mailed set-up link of a new staff user (or one whose authenticator was reset).
 * The user chooses a password, scans the QR code (or types the secret) into an authenticator app and proves it
 * with a code; then they are signed in to the back office.
 */
export function StaffEnrol({ token }: { token: string }) {
  const navigate = useNavigate();
  const offer = useQuery({
    queryKey: ['staff-enrolment', token],
    queryFn: () => call('POST /api/login/staff/enrolment/check', { body: { token }, auth: 'none' }),
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
  });
  const form = useForm<Enrolment>({
    initialValues: { password: '', password_confirmation: '', code: '' },
    // the server's refusals stay on their fields until the next try
    clearInputErrorOnChange: false,
    validate: requestRules(StaffEnrolmentRequest, (values: Enrolment) => ({
      ...values,
      code: codeDigits(values.code),
    })),
  });
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    document.title = 'Set up your staff sign-in · Mitrebox';
  }, []);

  const submit = form.onSubmit(
    async ({ password, password_confirmation, code }) => {
      if (!offer.data) return;
      setBusy(true);
      setError(null);
      try {
        const res = await call('POST /api/login/staff/enrolment', {
          body: {
            token,
            password,
            password_confirmation,
            secret: offer.data.secret,
            code: codeDigits(code),
          },
          auth: 'none',
        });
        staffSession.set(res.token);
        navigate('/staff', { replace: true });
      } catch (err) {
        showRefusal(err, form, setError);
      } finally {
        setBusy(false);
      }
    },
    // a refusal found before sending reads as the server's would: its first message above, each on its field
    (errors) => setError(firstError(errors) ?? null),
  );

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
                {...form.getInputProps('password')}
                required
              />
              <PasswordInput
                label="Repeat the password"
                autoComplete="new-password"
                {...form.getInputProps('password_confirmation')}
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
                {...form.getInputProps('code')}
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
