import {
  Alert,
  Button,
  Checkbox,
  Group,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import type { StandingListDetail } from '@mitrebox/api-contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { call } from '../../lib/call.ts';
import { LISTS_QUERY_KEY, listQuery } from '../../lib/lists-api.ts';
import { PasteImport } from './ListImport.tsx';
import classes from './ListsPage.module.css';

type Line = StandingListDetail['lines'][number];

/** A line's amount, typed in place and kept when the field is left (feet of a length line, else how many). */
function AmountField({ listId, line }: { listId: number; line: Line }) {
  const client = useQueryClient();
  const [value, setValue] = useState(String(line.amount));
  const [error, setError] = useState<string | null>(null);
  const save = useMutation({
    mutationFn: (amount: string) =>
      call('PATCH /api/lists/:id/lines/:lineId', {
        params: { id: listId, lineId: line.id },
        body: { amount },
      }),
    onSuccess: (answer) => {
      setError(null);
      client.setQueryData(listQuery(listId).queryKey, answer);
    },
    onError: (err: Error) => setError(err.message),
  });
  const keep = () => {
    if (value.trim() !== String(line.amount)) save.mutate(value.trim());
  };
  return (
    <TextInput
      className={classes.amount}
      size="xs"
      inputMode="decimal"
      aria-label={line.unit === 'ft' ? `Feet of ${line.Code}` : `Quantity of ${line.Code}`}
      rightSection={line.unit === 'ft' ? <Text size="xs">ft</Text> : null}
      value={value}
      onChange={(e) => setValue(e.currentTarget.value)}
      onBlur={keep}
      onKeyDown={(e) => e.key === 'Enter' && keep()}
      error={error}
    />
  );
}

/** One standing list: its lines with amounts to edit, ticks, to the cart, rename, delete, and a paste import. */
export function ListDetail({
  id,
  adding,
  onToCart,
  onDeleted,
}: {
  id: number;
  adding: boolean;
  onToCart: (lineIds?: number[]) => void;
  onDeleted: () => void;
}) {
  const client = useQueryClient();
  const list = useQuery(listQuery(id));
  const [ticked, setTicked] = useState<Set<number>>(new Set());
  const refresh = () => client.invalidateQueries({ queryKey: LISTS_QUERY_KEY });

  const remove = useMutation({
    mutationFn: (lineId: number) => call('DELETE /api/lists/:id/lines/:lineId', { params: { id, lineId } }),
    onSuccess: () => void refresh(),
  });

  if (list.isError) return <Alert color="red">{(list.error as Error).message}</Alert>;
  const data = list.data?.data;
  if (!data) return <Text c="dimmed">Loading…</Text>;
  const lines = data.lines;
  const tickedIds = lines.filter((l) => ticked.has(l.id)).map((l) => l.id);
  const toggle = (lineId: number, on: boolean) =>
    setTicked((s) => {
      const next = new Set(s);
      if (on) next.add(lineId);
      else next.delete(lineId);
      return next;
    });

  return (
    <Stack gap="md">
      <ListHeading id={id} name={data.name} onDeleted={onDeleted} />

      {lines.length === 0 ? (
        <Text c="dimmed">This list is empty. Add items from the shop or paste item numbers below.</Text>
      ) : (
        <div className={classes.tableWrap}>
          <Table verticalSpacing="xs" aria-label={`Lines of ${data.name}`}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>
                  <Checkbox
                    aria-label="Tick every line"
                    checked={tickedIds.length === lines.length}
                    indeterminate={tickedIds.length > 0 && tickedIds.length < lines.length}
                    onChange={(e) =>
                      setTicked(e.currentTarget.checked ? new Set(lines.map((l) => l.id)) : new Set())
                    }
                  />
                </Table.Th>
                <Table.Th>Item</Table.Th>
                <Table.Th>Amount</Table.Th>
                <Table.Th>
                  <VisuallyHidden>Remove</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {lines.map((line) => (
                <Table.Tr key={line.id}>
                  <Table.Td>
                    <Checkbox
                      aria-label={`Tick ${line.Code}`}
                      checked={ticked.has(line.id)}
                      onChange={(e) => toggle(line.id, e.currentTarget.checked)}
                    />
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm" fw={600}>
                      {line.Code}
                    </Text>
                    <Text size="sm">{line.Description ?? 'No longer sold'}</Text>
                    <Text size="xs" c="dimmed">
                      {line.asked}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <AmountField key={`${line.id}-${line.amount}`} listId={id} line={line} />
                  </Table.Td>
                  <Table.Td>
                    <Button
                      variant="subtle"
                      color="red"
                      size="compact-xs"
                      aria-label={`Remove ${line.Code}`}
                      onClick={() => remove.mutate(line.id)}
                    >
                      Remove
                    </Button>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </div>
      )}

      <Group gap="sm">
        <Button
          variant="light"
          disabled={tickedIds.length === 0}
          loading={adding}
          onClick={() => onToCart(tickedIds)}
        >
          Add ticked to cart
        </Button>
        <Button disabled={lines.length === 0} loading={adding} onClick={() => onToCart()}>
          Add all to cart
        </Button>
      </Group>

      <PasteImport listId={id} onAdded={() => void refresh()} />
    </Stack>
  );
}

/** The list's name with Rename and Delete. */
function ListHeading({ id, name: current, onDeleted }: { id: number; name: string; onDeleted: () => void }) {
  const client = useQueryClient();
  const [name, setName] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const refresh = () => client.invalidateQueries({ queryKey: LISTS_QUERY_KEY });
  const rename = useMutation({
    mutationFn: (n: string) => call('PATCH /api/lists/:id', { params: { id }, body: { name: n } }),
    onSuccess: () => {
      setName(null);
      void refresh();
    },
    onError: (err: Error) => setError(err.message),
  });
  const drop = useMutation({
    mutationFn: () => call('DELETE /api/lists/:id', { params: { id } }),
    onSuccess: () => {
      onDeleted();
      void refresh();
    },
  });
  return (
    <Group justify="space-between" align="flex-end" wrap="wrap">
      {name === null ? (
        <Title order={2} size="h3">
          {current}
        </Title>
      ) : (
        <TextInput
          label="List name"
          value={name}
          maxLength={60}
          onChange={(e) => setName(e.currentTarget.value)}
          error={error}
        />
      )}
      <Group gap="xs">
        {name === null ? (
          <Button variant="subtle" size="xs" onClick={() => setName(current)}>
            Rename
          </Button>
        ) : (
          <Button size="xs" onClick={() => rename.mutate(name.trim())} loading={rename.isPending}>
            Save name
          </Button>
        )}
        <Button
          variant="subtle"
          color="red"
          size="xs"
          onClick={() => window.confirm(`Delete the list “${current}”?`) && drop.mutate()}
        >
          Delete list
        </Button>
      </Group>
    </Group>
  );
}
