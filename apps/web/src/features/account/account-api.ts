import type { ContractRoutes, RouteAnswer, RouteInput } from '@mitrebox/api-contract';
import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { call } from '../../lib/call.ts';

type AccountDetails = RouteAnswer<ContractRoutes['GET /api/admin/accountDetails']>['data'];
export type AccountSummary = RouteAnswer<ContractRoutes['GET /admin/listAccounts']>['data'][number];
export type BillingMethod = AccountDetails['billing'][number];
export type EmailChangeLinkAnswer = RouteAnswer<ContractRoutes['POST /api/confirmEmailChange']>;

export const accountKeys = {
  list: ['account', 'list'] as const,
  details: (acctnum: string) => ['account', 'details', acctnum] as const,
  discounts: ['account', 'discounts'] as const,
  mailPreferences: ['account', 'mail-preferences'] as const,
};

/** GET /admin/listAccounts: the accounts the user may act for. */
export const accountsQuery = queryOptions({
  queryKey: accountKeys.list,
  queryFn: ({ signal }) => call('GET /admin/listAccounts', { signal }),
});
export const useAccounts = () => useQuery({ ...accountsQuery, select: (answer) => answer.data });

/** GET /api/admin/accountDetails?Acctnum=: one account with its billing methods. */
export const accountDetailsQuery = (acctnum: string | null | undefined) =>
  queryOptions({
    queryKey: accountKeys.details(acctnum ?? ''),
    queryFn: ({ signal }) =>
      call('GET /api/admin/accountDetails', { query: { Acctnum: acctnum ?? undefined }, signal }),
  });
export const useAccountDetails = (acctnum: string | null | undefined) =>
  useQuery({ ...accountDetailsQuery(acctnum), select: (answer) => answer.data });

/** GET /api/discountlbl: the account's discount levels with their names. */
export const discountLabelsQuery = queryOptions({
  queryKey: accountKeys.discounts,
  queryFn: ({ signal }) => call('GET /api/discountlbl', { signal }),
});
export const useDiscountLabels = () => useQuery({ ...discountLabelsQuery, select: (answer) => answer.data });

/** GET /api/account/mail-preferences: which e-mails the signed-in user receives. */
export const mailPreferencesQuery = queryOptions({
  queryKey: accountKeys.mailPreferences,
  queryFn: ({ signal }) => call('GET /api/account/mail-preferences', { signal }),
});

/**
 * PUT /api/admin/userAccount {email, currentPassword, code?}: asks for the change. The stored user keeps the
 * current address: the new one becomes the sign-in e-mail only when its confirmation link is opened.
 */
export function useUpdateEmail() {
  return useMutation({
    mutationFn: (body: RouteInput<ContractRoutes['PUT /api/admin/userAccount'], 'body'>) =>
      call('PUT /api/admin/userAccount', { body }),
  });
}

/** PUT /api/admin/userPassword: a new password; the server signs the user's other sessions out. */
export function useChangePassword() {
  return useMutation({
    mutationFn: (body: RouteInput<ContractRoutes['PUT /api/admin/userPassword'], 'body'>) =>
      call('PUT /api/admin/userPassword', { body }),
  });
}

/** The e-mailed links of an e-mail change: the token is the credential, whoever is signed in here. */
export const emailChangeLinks = {
  confirm: (token: string) => call('POST /api/confirmEmailChange', { body: { token }, auth: 'none' }),
  undo: (token: string) => call('POST /api/undoEmailChange', { body: { token }, auth: 'none' }),
};
