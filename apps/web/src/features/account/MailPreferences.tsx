import { Alert, Skeleton, Stack, Switch, Text } from '@mantine/core';
import { MAIL_KIND_TEXT, type MailKind } from '@mitrebox/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { LoadError } from '../../components/account-documents/DocumentParts.tsx';
import { call } from '../../lib/call.ts';
import { useSession } from '../../lib/session.ts';
import { AccountSection } from './AccountSection.tsx';
import { mailPreferencesQuery } from './account-api.ts';

/** Which e-mails a user can receive here: order news with the order right, invoices with the pay right. */
const ORDER_KINDS: MailKind[] = ['orderConfirmation', 'orderShipped', 'backorderReleased'];
const PAY_KINDS: MailKind[] = ['invoiceIssued', 'monthlyStatement'];

/**
 * My Account → E-mails: a switch for each e-mail the shop sends the signed-in user. Each switch saves on its own
 * (PUT /api/account/mail-preferences); the e-mails' unsubscribe links turn the same switches off.
 */
export function MailPreferences() {
  const { rights } = useSession();
  const client = useQueryClient();
  const preferences = useQuery({ ...mailPreferencesQuery, select: (answer) => answer.data });
  const save = useMutation({
    mutationFn: (change: Partial<Record<MailKind, boolean>>) =>
      call('PUT /api/account/mail-preferences', { body: change }),
    onSuccess: (answer) => client.setQueryData(mailPreferencesQuery.queryKey, answer),
  });
  const kinds = [...(rights.order ? ORDER_KINDS : []), ...(rights.pay ? PAY_KINDS : [])];

  return (
    <AccountSection title="E-mails" id="my-account-emails">
      {preferences.isError ? (
        <LoadError error={preferences.error} onRetry={() => void preferences.refetch()} />
      ) : !preferences.data ? (
        <Skeleton height={220} radius="md" />
      ) : (
        <Stack gap="md">
          <Text size="sm" c="dimmed">
            Choose the e-mails we send you. Each one also has a link to stop it.
          </Text>
          {kinds.map((kind) => {
            const pending = save.isPending && save.variables && kind in save.variables;
            return (
              <Switch
                key={kind}
                checked={pending ? Boolean(save.variables?.[kind]) : preferences.data[kind]}
                onChange={(event) => save.mutate({ [kind]: event.currentTarget.checked })}
                disabled={Boolean(pending)}
                label={MAIL_KIND_TEXT[kind].label}
                description={MAIL_KIND_TEXT[kind].description}
                size="md"
              />
            );
          })}
          {save.isError ? (
            <Alert color="red" variant="light" role="alert">
              {save.error instanceof Error
                ? save.error.message
                : 'Your choice was not saved. Please try again.'}
            </Alert>
          ) : null}
        </Stack>
      )}
    </AccountSection>
  );
}
