import {
  Alert,
  Badge,
  Button,
  Checkbox,
  Code,
  CopyButton,
  Group,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { ERP_SCOPES, type ErpScope } from '@mitrebox/api-contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { formatNumericDateTime } from '../../../../lib/format.ts';
import { staffCall } from '../../staff-api.ts';

const when = (v: string | null) => (v ? formatNumericDateTime(v) : '—');

/** /staff/erp-keys: the ERP connection's API keys. Admins make and revoke them; a new key is shown once. */
export default function ErpKeysSection() {
  const client = useQueryClient();
  const keys = useQuery({
    queryKey: ['staff', 'erp-keys'],
    queryFn: () => staffCall('GET /api/staff/erp-keys'),
  });
  const [name, setName] = useState('');
  const [scopes, setScopes] = useState<ErpScope[]>([]);
  const [made, setMade] = useState<{ key: string; name: string } | null>(null);
  const create = useMutation({
    mutationFn: () => staffCall('POST /api/staff/erp-keys', { body: { name, scopes } }),
    onSuccess: (r) => {
      setMade({ key: r.key, name: r.data.name });
      setName('');
      setScopes([]);
      void client.invalidateQueries({ queryKey: ['staff', 'erp-keys'] });
    },
  });
  const revoke = useMutation({
    mutationFn: (id: number) => staffCall('DELETE /api/staff/erp-keys/:id', { params: { id } }),
    onSuccess: () => void client.invalidateQueries({ queryKey: ['staff', 'erp-keys'] }),
  });

  return (
    <Stack gap="lg">
      <Title order={1}>ERP keys</Title>
      <section aria-labelledby="new-key">
        <Title order={2} size="h3" id="new-key" mb="xs">
          New key
        </Title>
        <Group align="end" wrap="wrap">
          <TextInput label="Name" value={name} onChange={(e) => setName(e.currentTarget.value)} w={280} />
          <Checkbox.Group
            label="Scopes"
            value={scopes}
            onChange={(checked) => setScopes(ERP_SCOPES.filter((s) => checked.includes(s)))}
          >
            <Group gap="md" mt={6}>
              {ERP_SCOPES.map((s) => (
                <Checkbox key={s} value={s} label={s} />
              ))}
            </Group>
          </Checkbox.Group>
          <Button
            onClick={() => create.mutate()}
            loading={create.isPending}
            disabled={!name.trim() || scopes.length === 0}
          >
            Make key
          </Button>
        </Group>
        {create.error && (
          <Alert color="red" role="alert" mt="sm">
            {(create.error as Error).message}
          </Alert>
        )}
        {made && (
          <Alert color="green" role="status" mt="sm" title={`Key “${made.name}” made`}>
            <Text size="sm" mb="xs">
              Copy it now: it is shown only this once (the shop keeps only its hash).
            </Text>
            <Group>
              <Code data-testid="new-erp-key">{made.key}</Code>
              <CopyButton value={made.key}>
                {({ copied, copy }) => (
                  <Button size="xs" variant="default" onClick={copy}>
                    {copied ? 'Copied' : 'Copy'}
                  </Button>
                )}
              </CopyButton>
            </Group>
          </Alert>
        )}
      </section>
      {keys.error && (
        <Alert color="red" role="alert">
          {(keys.error as Error).message}
        </Alert>
      )}
      <Table.ScrollContainer minWidth={720}>
        <Table striped>
          <caption>API keys of the ERP connection</caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Name</Table.Th>
              <Table.Th>Key starts</Table.Th>
              <Table.Th>Scopes</Table.Th>
              <Table.Th>Made</Table.Th>
              <Table.Th>Last used</Table.Th>
              <Table.Th>State</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {(keys.data?.data ?? []).map((k) => (
              <Table.Tr key={k.id}>
                <Table.Td>{k.name}</Table.Td>
                <Table.Td>
                  <Code>mbx_{k.prefix}_…</Code>
                </Table.Td>
                <Table.Td>
                  <Group gap={4}>
                    {k.scopes.map((s) => (
                      <Badge key={s} variant="light" color="dark">
                        {s}
                      </Badge>
                    ))}
                  </Group>
                </Table.Td>
                <Table.Td>
                  {when(k.created_at)}
                  {k.created_by ? ` by ${k.created_by}` : ''}
                </Table.Td>
                <Table.Td>{when(k.last_used_at)}</Table.Td>
                <Table.Td>
                  {k.revoked_at ? (
                    `Revoked ${when(k.revoked_at)}`
                  ) : (
                    <Button
                      size="xs"
                      color="red"
                      variant="light"
                      aria-label={`Revoke ${k.name}`}
                      loading={revoke.isPending && revoke.variables === k.id}
                      onClick={() => revoke.mutate(k.id)}
                    >
                      Revoke
                    </Button>
                  )}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {revoke.error && (
        <Alert color="red" role="alert">
          {(revoke.error as Error).message}
        </Alert>
      )}
    </Stack>
  );
}
