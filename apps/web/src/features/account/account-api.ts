import type {
  AccountDetailsResponse,
  ChangePasswordRequest,
  ChangePasswordResponse,
  DiscountLabelsResponse,
  EmailChangeLinkResponse,
  ListAccountsResponse,
  UpdateUserAccountRequest,
  UpdateUserAccountResponse,
} from '@mitrebox/api-contract';
import { useMutation, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../lib/api.ts';

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

/**
 * PUT /api/admin/userAccount {email, currentPassword, code?}: asks for the change. The stored user keeps the
 * current address: the new one becomes the sign-in e-mail only when its confirmation link is opened.
 */
export function useUpdateEmail() {
  return useMutation({
    mutationFn: (body: z.infer<typeof UpdateUserAccountRequest>) =>
      api.put<UpdateEmailAnswer>('/api/admin/userAccount', body),
  });
}

/** PUT /api/admin/userPassword: a new password; the server signs the user's other sessions out. */
export function useChangePassword() {
  return useMutation({
    mutationFn: (body: z.infer<typeof ChangePasswordRequest>) =>
      api.put<z.infer<typeof ChangePasswordResponse>>('/api/admin/userPassword', body),
  });
}

export type EmailChangeLinkAnswer = z.infer<typeof EmailChangeLinkResponse>;

/** The e-mailed links of an e-mail change: the token is the credential, whoever is signed in here. */
export const emailChangeLinks = {
  confirm: (token: string) =>
    api.post<EmailChangeLinkAnswer>('/api/confirmEmailChange', { token }, { auth: 'none' }),
  undo: (token: string) =>
    api.post<EmailChangeLinkAnswer>('/api/undoEmailChange', { token }, { auth: 'none' }),
};
