import { Alert, Button, Group, Loader, Stack, Text } from '@mantine/core';
import { IconAlertCircle, IconCircleCheck } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { Link, useParams } from 'react-router';
import { AuthLayout } from '../../components/AuthLayout.tsx';
import { ApiError, SERVER_ERROR_MESSAGE } from '../../lib/api.ts';
import { authApi } from './auth-api.ts';

type State = { kind: 'checking' } | { kind: 'ok'; message: string } | { kind: 'failed'; message: string };

/** /verifyEmail/{vid}: confirms the address once (the link is single-use). */
export default function VerifyEmailPage() {
  const { vid = '' } = useParams();
  const [state, setState] = useState<State>({ kind: 'checking' });
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    authApi
      .verifyEmail(vid)
      .then((answer) =>
        setState(
          answer.success
            ? { kind: 'ok', message: answer.message }
            : { kind: 'failed', message: answer.message },
        ),
      )
      .catch((err) =>
        setState({ kind: 'failed', message: err instanceof ApiError ? err.message : SERVER_ERROR_MESSAGE }),
      );
  }, [vid]);

  return (
    <AuthLayout title="Verify your e-mail">
      {state.kind === 'checking' ? (
        <Group gap="sm" role="status">
          <Loader size="sm" />
          <Text>Confirming your e-mail address…</Text>
        </Group>
      ) : (
        <Stack gap="md">
          <Alert
            color={state.kind === 'ok' ? 'green' : 'red'}
            icon={state.kind === 'ok' ? <IconCircleCheck aria-hidden /> : <IconAlertCircle aria-hidden />}
            role={state.kind === 'ok' ? 'status' : 'alert'}
          >
            {state.message}
          </Alert>
          <Button component={Link} to="/login" size="md" fullWidth>
            Go to Sign In
          </Button>
          {state.kind === 'failed' ? (
            <Button component={Link} to="/contactUs" variant="default" size="md" fullWidth>
              Contact customer service
            </Button>
          ) : null}
        </Stack>
      )}
    </AuthLayout>
  );
}
