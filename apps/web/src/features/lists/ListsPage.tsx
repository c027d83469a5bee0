import { Alert, Button, Group, NavLink, Stack, Text, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { AddLinesResponse } from '@mitrebox/api-contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { AddLinesResultModal } from '../../components/order-again/AddLinesResultModal.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { call } from '../../lib/call.ts';
import { CART_QUERY_KEY } from '../../lib/cart-api.ts';
import { LISTS_QUERY_KEY, listsQuery } from '../../lib/lists-api.ts';
import { ListDetail } from './ListDetail.tsx';
import classes from './ListsPage.module.css';

/** My Account → Lists: the account's standing lists, shared by its colleagues; each goes to the cart whole or in part. */
export default function ListsPage() {
  const client = useQueryClient();
  const lists = useQuery(listsQuery);
  const [chosen, setChosen] = useState<number | null>(null);
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [result, setResult] = useState<AddLinesResponse | null>(null);
  const all = lists.data?.data ?? [];
  const current = chosen ?? all[0]?.id ?? null;

  const create = useMutation({
    mutationFn: (n: string) => call('POST /api/lists', { body: { name: n } }),
    onSuccess: (answer) => {
      setName('');
      setChosen(answer.data.id);
      void client.invalidateQueries({ queryKey: LISTS_QUERY_KEY });
    },
    onError: (err: Error) => setError(err.message),
  });
  const toCart = useMutation({
    mutationFn: (args: { id: number; lineIds?: number[] }) =>
      call('POST /api/lists/:id/to-cart', { params: { id: args.id }, body: { lineIds: args.lineIds } }),
    onSuccess: (answer) => {
      setResult(answer);
      void client.invalidateQueries({ queryKey: CART_QUERY_KEY });
    },
    onError: (err: Error) => notifications.show({ color: 'red', message: err.message }),
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    if (!name.trim()) return setError('Name is required');
    create.mutate(name.trim());
  };

  return (
    <Stack gap="md">
      <PageHeader
        eyebrow="My Account"
        title="Lists"
        description="Standing lists of what you order often, shared with everyone on your account. Prices and stock are checked when a list goes to the cart."
      />
      <div className={classes.layout}>
        <nav aria-label="Your lists" className={classes.lists}>
          <Title order={2} size="h4" mb="xs">
            Your lists
          </Title>
          {all.length === 0 && !lists.isLoading && <Text c="dimmed">No lists yet.</Text>}
          {all.map((l) => (
            <NavLink
              key={l.id}
              label={l.name}
              description={`${l.lineCount} ${l.lineCount === 1 ? 'line' : 'lines'}`}
              active={l.id === current}
              onClick={() => setChosen(l.id)}
              component="button"
            />
          ))}
          <form onSubmit={submit} className={classes.newList}>
            <TextInput
              label="New list"
              placeholder="Gallery 12 x 16 job"
              value={name}
              maxLength={60}
              onChange={(e) => setName(e.currentTarget.value)}
              error={error}
            />
            <Button type="submit" mt="xs" variant="light" loading={create.isPending}>
              Make list
            </Button>
          </form>
        </nav>
        <section className={classes.detail} aria-label="List">
          {lists.isError && <Alert color="red">{(lists.error as Error).message}</Alert>}
          {current !== null ? (
            <ListDetail
              id={current}
              adding={toCart.isPending}
              onToCart={(lineIds) => toCart.mutate({ id: current, lineIds })}
              onDeleted={() => setChosen(null)}
            />
          ) : (
            <Text c="dimmed">
              Make a list, then add items to it from the shop, a product page or your cart.
            </Text>
          )}
        </section>
      </div>
      <Group>
        <AddLinesResultModal result={result} onClose={() => setResult(null)} title="List to cart" />
      </Group>
    </Stack>
  );
}
