import type {
  AccountDetailsResponse,
  DiscountLabelsResponse,
  ListAccountsResponse,
  UpdateUserAccountResponse,
} from '@mitrebox/api-contract';
import { useMutation, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../lib/api.ts';
import { authStorage } from '../../lib/auth-storage.ts';

export type AccountDetails = z.infer<typeof AccountDetailsResponse>['data'];
export type AccountSummary = z.infer<typeof ListAccountsResponse>['data'][number];
export type BillingMethod = AccountDetails['billing'][number];
export type DiscountLabel = z.infer<typeof DiscountLabelsResponse>['data'][number];
export type UpdateEmailAnswer = z.infer<typeof UpdateUserAccountResponse>;

export const accountKeys = {
  list: ['account', 'list'] as const,
  details: (acctnum: string) => ['account', 'details', acctnum] as const,
  discounts: ['account', 'discounts'] as const,
};

/** GET /admin/listAccounts: the accounts the user may act for. */
export function useAccounts() {
  return useQuery({
    queryKey: accountKeys.list,
    queryFn: ({ signal }) => api.get<z.infer<typeof ListAccountsResponse>>('/admin/listAccounts', { signal }),
    select: (answer) => answer.data,
  });
}

/** GET /api/admin/accountDetails?Acctnum=: one account with its billing methods. */
export function useAccountDetails(acctnum: string | null | undefined) {
  return useQuery({
    queryKey: accountKeys.details(acctnum ?? ''),
    queryFn: ({ signal }) =>
      api.get<z.infer<typeof AccountDetailsResponse>>('/api/admin/accountDetails', {
        query: { Acctnum: acctnum },
        signal,
      }),
    select: (answer) => answer.data,
  });
}

/** GET /api/discountlbl: the account's discount levels with their names. */
export function useDiscountLabels() {
  return useQuery({
    queryKey: accountKeys.discounts,
    queryFn: ({ signal }) => api.get<z.infer<typeof DiscountLabelsResponse>>('/api/discountlbl', { signal }),
    select: (answer) => answer.data,
  });
}

/** PUT /api/admin/userAccount {email}; on success the stored user carries the new address too. */
export function useUpdateEmail() {
  return useMutation({
    mutationFn: (email: string) => api.put<UpdateEmailAnswer>('/api/admin/userAccount', { email }),
    onSuccess: (_answer, email) => {
      const user = authStorage.user;
      if (user) authStorage.setUser({ ...user, email: email.trim() });
    },
  });
}
