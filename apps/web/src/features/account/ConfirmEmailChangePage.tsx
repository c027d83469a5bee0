import { Alert, Button, Group, Loader, Stack, Text } from '@mantine/core';
import { IconAlertCircle, IconCircleCheck } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { AuthLayout } from '../../components/AuthLayout.tsx';
import { ApiError, SERVER_ERROR_MESSAGE } from '../../lib/api.ts';
import { useSession } from '../../lib/session.ts';
import { type EmailChangeLinkAnswer, emailChangeLinks } from './account-api.ts';

type State =
  | { kind: 'checking' }
  | { kind: 'ok'; answer: EmailChangeLinkAnswer }
  | { kind: 'failed'; message: string };

/**
 * /confirmEmailChange?token=: the link mailed to a new sign-in e-mail. Opening it is the confirmation (once, within
 * 24 hours); signed in or not, whoever holds the mailbox holds the link.
 */
export default function ConfirmEmailChangePage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const { signedIn } = useSession();
  const queryClient = useQueryClient();
  const [state, setState] = useState<State>({ kind: 'checking' });
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    emailChangeLinks
      .confirm(token)
      .then((answer) => {
        setState({ kind: 'ok', answer });
        // a signed-in screen reads the new address at its next session check
        void queryClient.invalidateQueries({ queryKey: ['me'] });
      })
      .catch((err) =>
        setState({ kind: 'failed', message: err instanceof ApiError ? err.message : SERVER_ERROR_MESSAGE }),
      );
  }, [token, queryClient]);

  return (
    <AuthLayout title="Confirm your new e-mail">
      {state.kind === 'checking' ? (
        <Group gap="sm" role="status">
          <Loader size="sm" />
          <Text>Confirming your new e-mail address…</Text>
        </Group>
      ) : (
        <Stack gap="md">
          {state.kind === 'ok' ? (
            <Alert
              color="green"
              icon={<IconCircleCheck aria-hidden />}
              role="status"
              title={state.answer.message}
            >
              Sign-in e-mails, order confirmations and password resets now go to {state.answer.email}.
            </Alert>
          ) : (
            <Alert color="red" icon={<IconAlertCircle aria-hidden />} role="alert">
              {state.message}
            </Alert>
          )}
          <Button component={Link} to={signedIn ? '/Admin' : '/login'} size="md" fullWidth>
            {signedIn ? 'Go to My Account' : 'Go to Sign In'}
          </Button>
        </Stack>
      )}
    </AuthLayout>
  );
}
