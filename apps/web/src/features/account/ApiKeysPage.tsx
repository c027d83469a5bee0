import {
  Alert,
  Badge,
  Button,
  Checkbox,
  Code,
  CopyButton,
  Group,
  Modal,
  Skeleton,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  SHOP_API_SCOPE_TEXT,
  SHOP_API_SCOPES,
  type ShopApiKey,
  type ShopApiScope,
} from '@mitrebox/api-contract';
import { IconCheck, IconCopy, IconInfoCircle, IconKey, IconTrash } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { LoadError } from '../../components/account-documents/DocumentParts.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { call } from '../../lib/call.ts';
import { formatDateTime } from '../../lib/format.ts';
import { useSession } from '../../lib/session.ts';
import { AccountSection } from './AccountSection.tsx';

export const ONLY_THE_OWNER_KEYS = "Only the account's owner can manage API keys.";

const keysKey = ['api-keys'] as const;
const fail = (err: unknown) =>
  notifications.show({ color: 'red', message: err instanceof Error ? err.message : String(err) });

function useApiKeys() {
  return useQuery({
    queryKey: [...keysKey, 'list'],
    queryFn: ({ signal }) => call('GET /api/account/api-keys', { signal }),
  });
}
function useApiCalls() {
  return useQuery({
    queryKey: [...keysKey, 'calls'],
    queryFn: ({ signal }) => call('GET /api/account/api-keys/calls', { signal }),
  });
}

/** The key just made: shown this once, with a copy button; closing it is the last chance to copy. */
function NewKeyModal({ made, onClose }: { made: { name: string; key: string } | null; onClose: () => void }) {
  return (
    <Modal
      opened={Boolean(made)}
      onClose={onClose}
      title={`Your new key: ${made?.name ?? ''}`}
      centered
      size="lg"
    >
      <Stack>
        <Alert color="yellow" icon={<IconInfoCircle size={18} aria-hidden />}>
          Copy the key now and keep it in your point-of-sale software. It is shown only this once: we keep
          only a fingerprint of it.
        </Alert>
        <Code block data-testid="new-api-key" style={{ wordBreak: 'break-all', whiteSpace: 'pre-wrap' }}>
          {made?.key}
        </Code>
        <Group justify="flex-end">
          <CopyButton value={made?.key ?? ''}>
            {({ copied, copy }) => (
              <Button
                leftSection={
                  copied ? <IconCheck size={16} aria-hidden /> : <IconCopy size={16} aria-hidden />
                }
                color={copied ? 'green' : undefined}
                onClick={copy}
              >
                {copied ? 'Copied' : 'Copy key'}
              </Button>
            )}
          </CopyButton>
          <Button variant="default" onClick={onClose}>
            Done
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/** Name and scopes of a new key. */
function MakeKey({ onMade }: { onMade: (made: { name: string; key: string }) => void }) {
  const client = useQueryClient();
  const [name, setName] = useState('');
  const [scopes, setScopes] = useState<ShopApiScope[]>(['catalogue:read', 'stock:read']);
  const [errors, setErrors] = useState<{ name?: string; scopes?: string }>({});
  const make = useMutation({
    mutationFn: () => call('POST /api/account/api-keys', { body: { name, scopes } }),
    onSuccess: (res) => {
      void client.invalidateQueries({ queryKey: keysKey });
      setName('');
      onMade({ name: res.data.name, key: res.key });
    },
    onError: fail,
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const next = {
      name: name.trim() ? undefined : 'Give the key a name.',
      scopes: scopes.length ? undefined : 'Choose at least one scope.',
    };
    setErrors(next);
    if (!next.name && !next.scopes) make.mutate();
  };
  return (
    <AccountSection title="Make a key" id="api-keys-make">
      <form onSubmit={submit} noValidate>
        <Stack>
          <TextInput
            label="Name"
            description="Where the key is used, e.g. FrameReady at the counter"
            value={name}
            onChange={(e) => setName(e.currentTarget.value)}
            error={errors.name}
            maxLength={80}
            required
          />
          <Checkbox.Group
            label="What the key may do"
            value={scopes}
            onChange={(v) => setScopes(v as ShopApiScope[])}
            error={errors.scopes}
          >
            <Stack gap="xs" mt="xs">
              {SHOP_API_SCOPES.map((s) => (
                <Checkbox key={s} value={s} label={`${SHOP_API_SCOPE_TEXT[s]} (${s})`} />
              ))}
            </Stack>
          </Checkbox.Group>
          <Group>
            <Button type="submit" loading={make.isPending} leftSection={<IconKey size={16} aria-hidden />}>
              Make key
            </Button>
          </Group>
        </Stack>
      </form>
    </AccountSection>
  );
}

function KeyState({ k }: { k: ShopApiKey }) {
  return k.revoked_at ? (
    <Badge color="gray" variant="light" radius="sm">
      Revoked {formatDateTime(k.revoked_at)}
    </Badge>
  ) : (
    <Badge color="green" variant="light" radius="sm">
      Active
    </Badge>
  );
}

/** The account's keys: name, prefix, scopes, made and last used, Revoke (asked first). */
function KeyList() {
  const client = useQueryClient();
  const keys = useApiKeys();
  const [revoking, setRevoking] = useState<ShopApiKey | null>(null);
  const revoke = useMutation({
    mutationFn: (id: number) => call('DELETE /api/account/api-keys/:id', { params: { id } }),
    onSuccess: (res) => {
      void client.invalidateQueries({ queryKey: keysKey });
      notifications.show({ color: 'green', message: `${res.data.name} is revoked: it no longer works.` });
    },
    onError: fail,
    onSettled: () => setRevoking(null),
  });
  if (keys.isError) return <LoadError error={keys.error} onRetry={() => void keys.refetch()} />;
  if (!keys.data) return <Skeleton height={160} radius="md" />;
  return (
    <AccountSection title="Keys" id="api-keys-list">
      {keys.data.data.length === 0 ? (
        <Text c="dimmed">No keys yet.</Text>
      ) : (
        <Stack component="ul" gap="sm" p={0} m={0} style={{ listStyle: 'none' }} aria-label="API keys">
          {keys.data.data.map((k) => (
            <li key={k.id} data-testid={`api-key-${k.id}`}>
              <Group justify="space-between" align="flex-start" wrap="wrap" gap="xs">
                <div style={{ minWidth: 0 }}>
                  <Text fw={700} c="walnut.9">
                    {k.name} <KeyState k={k} />
                  </Text>
                  <Text size="sm" ff="monospace">
                    mbs_{k.prefix}_…
                  </Text>
                  <Text size="xs" c="dimmed">
                    {k.scopes.join(', ')}
                  </Text>
                  <Text size="xs" c="dimmed">
                    Made {formatDateTime(k.created_at)}
                    {k.created_by ? ` by ${k.created_by}` : ''} · Last used{' '}
                    {k.last_used_at ? formatDateTime(k.last_used_at) : 'never'}
                  </Text>
                </div>
                {k.revoked_at ? null : (
                  <Button
                    size="xs"
                    variant="subtle"
                    color="red"
                    leftSection={<IconTrash size={14} aria-hidden />}
                    onClick={() => setRevoking(k)}
                    aria-label={`Revoke the key ${k.name}`}
                  >
                    Revoke
                  </Button>
                )}
              </Group>
            </li>
          ))}
        </Stack>
      )}
      <Modal
        opened={Boolean(revoking)}
        onClose={() => setRevoking(null)}
        title={`Revoke ${revoking?.name ?? ''}?`}
        centered
      >
        <Text mb="lg">The software using it is refused from this moment. This cannot be undone.</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={() => setRevoking(null)} data-autofocus>
            Cancel
          </Button>
          <Button
            color="red.7"
            loading={revoke.isPending}
            onClick={() => revoking && revoke.mutate(revoking.id)}
          >
            Revoke
          </Button>
        </Group>
      </Modal>
    </AccountSection>
  );
}

/** The last calls made with the account's keys. */
function RecentCalls() {
  const calls = useApiCalls();
  if (calls.isError) return <LoadError error={calls.error} onRetry={() => void calls.refetch()} />;
  if (!calls.data) return <Skeleton height={120} radius="md" />;
  return (
    <AccountSection title="Recent calls" id="api-keys-calls">
      {calls.data.data.length === 0 ? (
        <Text c="dimmed">No calls yet.</Text>
      ) : (
        <Stack component="ul" gap={6} p={0} m={0} style={{ listStyle: 'none' }} aria-label="Recent calls">
          {calls.data.data.slice(0, 30).map((c) => (
            <Group component="li" key={c.id} gap="xs" wrap="nowrap" align="flex-start">
              <Badge color={c.status < 400 ? 'green' : 'red'} variant="light" radius="sm" w={48}>
                {c.status}
              </Badge>
              <div style={{ minWidth: 0 }}>
                <Text size="sm" ff="monospace" style={{ overflowWrap: 'anywhere' }}>
                  {c.method} {c.path}
                </Text>
                <Text size="xs" c="dimmed">
                  {formatDateTime(c.at)} · {c.key_name}
                </Text>
              </div>
            </Group>
          ))}
        </Stack>
      )}
    </AccountSection>
  );
}

/**
 * My Account → API keys: keys the owner makes for the shop's own point-of-sale software (shown once), their last
 * use, revoking, and the calls made with them. The API is described at /api/docs under "Point of sale API".
 */
export default function ApiKeysPage() {
  const { rights } = useSession();
  const [made, setMade] = useState<{ name: string; key: string } | null>(null);
  return (
    <>
      <PageHeader
        eyebrow="My Account"
        title="API keys"
        description="Connect your point-of-sale software: it reads your prices and stock and places orders with a key."
      />
      {rights.manage ? (
        <Stack gap="lg">
          <KeyList />
          <MakeKey onMade={setMade} />
          <RecentCalls />
          <Text size="sm" c="dimmed">
            How to call the API: <a href="/api/docs#/Point%20of%20sale%20API">the API description</a>.
          </Text>
          <NewKeyModal made={made} onClose={() => setMade(null)} />
        </Stack>
      ) : (
        <Alert color="gray" icon={<IconInfoCircle size={18} aria-hidden />}>
          {ONLY_THE_OWNER_KEYS}
        </Alert>
      )}
    </>
  );
}
