import { Alert, Button, Stack, Text } from '@mantine/core';
import { IconAlertCircle, IconCircleCheck } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { AuthLayout } from '../../components/AuthLayout.tsx';
import { ApiError, SERVER_ERROR_MESSAGE } from '../../lib/api.ts';
import { authStorage } from '../../lib/auth-storage.ts';
import { call } from '../../lib/call.ts';
import { emailChangeLinks } from './account-api.ts';

type State = { kind: 'asking' } | { kind: 'ok'; message: string } | { kind: 'failed'; message: string };

/**
 * The undo ends the account's sessions: if this browser's session was one of them, forget it here and now,
 * without the 401 that would take the screen away from the answer.
 */
async function forgetEndedSession(): Promise<void> {
  if (!authStorage.token) return;
  try {
    await call('GET /api/me', { resetOnUnauthorized: false });
  } catch (err) {
    if (err instanceof ApiError && err.status === 401) authStorage.clearAll();
  }
}

/**
 * /undoEmailChange?token=: the link mailed to the old address when someone asks to change the sign-in e-mail
 * (7 days, once). It waits for a press rather than acting on arrival: a mail scanner that opens links must not
 * undo a change its owner wanted.
 */
export default function UndoEmailChangePage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [state, setState] = useState<State>({ kind: 'asking' });
  const [busy, setBusy] = useState(false);

  const undo = async () => {
    setBusy(true);
    try {
      const answer = await emailChangeLinks.undo(token);
      await forgetEndedSession();
      setState({ kind: 'ok', message: answer.message });
    } catch (err) {
      setState({ kind: 'failed', message: err instanceof ApiError ? err.message : SERVER_ERROR_MESSAGE });
    } finally {
      setBusy(false);
    }
  };

  return (
    <AuthLayout title="Undo the e-mail change">
      {state.kind === 'asking' ? (
        <Stack gap="md">
          <Text>
            This puts back the e-mail address this link was sent to, stops the change and signs every session
            of your account out, here and on other devices.
          </Text>
          <Button size="md" fullWidth loading={busy} onClick={() => void undo()}>
            Undo the change
          </Button>
        </Stack>
      ) : (
        <Stack gap="md">
          <Alert
            color={state.kind === 'ok' ? 'green' : 'red'}
            icon={state.kind === 'ok' ? <IconCircleCheck aria-hidden /> : <IconAlertCircle aria-hidden />}
            role={state.kind === 'ok' ? 'status' : 'alert'}
          >
            {state.message}
          </Alert>
          {state.kind === 'ok' ? (
            <Button component={Link} to="/forgot_password" size="md" fullWidth>
              Choose a new password
            </Button>
          ) : null}
          <Button
            component={Link}
            to="/login"
            variant={state.kind === 'ok' ? 'default' : 'filled'}
            size="md"
            fullWidth
          >
            Go to Sign In
          </Button>
        </Stack>
      )}
    </AuthLayout>
  );
}
