import { Button, type ButtonProps } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { AddLinesResponse } from '@mitrebox/api-contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { call } from '../../lib/call.ts';
import { CART_QUERY_KEY } from '../../lib/cart-api.ts';
import { useSession } from '../../lib/session.ts';
import { AddLinesResultModal } from './AddLinesResultModal.tsx';

/**
 * Order again: puts an order's or invoice's lines into the cart at today's prices and stock (the server re-checks
 * each through the cart's rules), then shows line by line what changed. Shown only to a user who may order.
 */
export function OrderAgainButton({
  ordnum,
  invnum,
  ...props
}: ({ ordnum: number; invnum?: never } | { invnum: number; ordnum?: never }) & ButtonProps) {
  const { mayOrder } = useSession();
  const client = useQueryClient();
  const [result, setResult] = useState<AddLinesResponse | null>(null);
  const again = useMutation({
    mutationFn: () =>
      ordnum !== undefined
        ? call('POST /api/orders/:ordnum/order-again', { params: { ordnum } })
        : call('POST /api/invoices/:invnum/order-again', { params: { invnum: invnum! } }),
    onSuccess: (answer) => {
      setResult(answer);
      void client.invalidateQueries({ queryKey: CART_QUERY_KEY });
    },
    onError: (err: Error) => notifications.show({ color: 'red', message: err.message }),
  });
  if (!mayOrder) return null;
  const what = ordnum !== undefined ? `order ${ordnum}` : `invoice ${invnum}`;
  return (
    <>
      <Button
        variant="light"
        size="xs"
        loading={again.isPending}
        onClick={() => again.mutate()}
        aria-label={`Order again: ${what}`}
        {...props}
      >
        Order again
      </Button>
      <AddLinesResultModal result={result} onClose={() => setResult(null)} />
    </>
  );
}
