import { notifications } from '@mantine/notifications';
import type { AddSamplesResponse } from '@mitrebox/api-contract';
import type { SampleShipping } from '@mitrebox/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../lib/call.ts';
import { CART_QUERY_KEY } from '../../lib/cart-api.ts';
import { useSession } from '../../lib/session.ts';

export const SAMPLES_QUERY_KEY = ['cart', 'samples'] as const;

/** The account's corner samples this month (price, limit, left), for a user who may order. */
export function useSampleStatus() {
  const { mayOrder } = useSession();
  return useQuery({
    queryKey: SAMPLES_QUERY_KEY,
    queryFn: () => call('GET /api/cart/samples'),
    enabled: mayOrder,
    staleTime: 60_000,
  });
}

/**
 * Corner samples into the cart (of mouldings by item #, or a collection's set): the cart's cache takes the
 * server's answer and the buyer is told what was added and what the monthly limit left out.
 */
export function useAddSamples() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: { codes?: string[]; collection?: number; shipping?: SampleShipping }) =>
      call('POST /api/cart/samples', { body }),
    onSuccess: (answer: AddSamplesResponse) => {
      client.setQueryData(CART_QUERY_KEY, answer.cart);
      client.setQueryData(SAMPLES_QUERY_KEY, answer.status);
      notifications.show({
        color: answer.leftOut > 0 ? 'yellow' : 'green',
        title: answer.added > 0 ? 'Corner samples' : undefined,
        message: answer.message,
      });
    },
    onError: (err: Error) => {
      void client.invalidateQueries({ queryKey: SAMPLES_QUERY_KEY });
      notifications.show({ color: 'red', message: err.message });
    },
  });
}
