import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from './call.ts';

/** The query key of an account's balance: a payment invalidates ['account', 'balance']. */
export const balanceKey = (acctnum: string | null | undefined) =>
  ['account', 'balance', acctnum ?? ''] as const;

/**
 * GET /api/account/balance: what the account owes — invoices not paid or part paid, less open credits —
 * computed by the server with the one definition (@mitrebox/domain accountBalance), and its oldest invoices.
 */
export const balanceQuery = (acctnum: string | null | undefined) =>
  queryOptions({
    queryKey: balanceKey(acctnum),
    queryFn: ({ signal }) =>
      call('GET /api/account/balance', { query: acctnum ? { Acctnum: acctnum } : {}, signal }),
    staleTime: 60_000,
  });

export function useAccountBalance(acctnum: string | null | undefined) {
  return useQuery(balanceQuery(acctnum));
}
