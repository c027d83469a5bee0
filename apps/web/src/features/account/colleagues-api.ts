import type { ActivityResponse, ColleaguePatch, InvitationCreate } from '@mitrebox/api-contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../lib/call.ts';

export const colleagueKeys = {
  list: ['colleagues', 'list'] as const,
  activity: (page: number, userId: number | null) => ['colleagues', 'activity', page, userId] as const,
};

/** GET /api/account/colleagues: the account's users with their rights, and its invitations. */
export function useColleagues(enabled: boolean) {
  return useQuery({
    queryKey: colleagueKeys.list,
    queryFn: ({ signal }) => call('GET /api/account/colleagues', { signal }),
    enabled,
  });
}

export const ACTIVITY_PER_PAGE = 15;

export type ActivityRow = ActivityResponse['data'][number];

/**
 * Where a row's reference leads: an order to its details, a payment to its invoice, or to its batch when it paid
 * several ("Batch 12").
 */
export function activityLink(row: Pick<ActivityRow, 'kind' | 'reference'>): string | null {
  if (row.kind === 'order') return `/Admin/OrderDetails/${encodeURIComponent(row.reference)}`;
  const batch = /^batch\s*#?\s*(\d+)$/i.exec(row.reference.trim());
  if (batch) return `/Admin/PaymentBatch?batch=${batch[1]}`;
  const invoice = /^(?:invoice\s*#?\s*)?(\d+)$/i.exec(row.reference.trim());
  return invoice ? `/Admin/InvoiceDetails/${invoice[1]}` : null;
}

/** GET /api/account/activity: orders placed and payments made, newest first, optionally by one user. */
export function useActivity(enabled: boolean, page: number, userId: number | null) {
  return useQuery<ActivityResponse>({
    queryKey: colleagueKeys.activity(page, userId),
    queryFn: ({ signal }) =>
      call('GET /api/account/activity', {
        query: { page, perPage: ACTIVITY_PER_PAGE, userId: userId ?? undefined },
        signal,
      }),
    enabled,
    placeholderData: keepPreviousData,
  });
}

/** The owner's changes: each refreshes the list of users and invitations. */
export function useColleagueChanges() {
  const client = useQueryClient();
  const refresh = () => client.invalidateQueries({ queryKey: ['colleagues'] });
  return {
    invite: useMutation({
      mutationFn: (body: InvitationCreate) => call('POST /api/account/invitations', { body }),
      onSuccess: refresh,
    }),
    resend: useMutation({
      mutationFn: (id: number) => call('POST /api/account/invitations/:id/resend', { params: { id } }),
      onSuccess: refresh,
    }),
    revoke: useMutation({
      mutationFn: (id: number) => call('DELETE /api/account/invitations/:id', { params: { id } }),
      onSuccess: refresh,
    }),
    change: useMutation({
      mutationFn: ({ userId, patch }: { userId: number; patch: ColleaguePatch }) =>
        call('PATCH /api/account/colleagues/:userId', { params: { userId }, body: patch }),
      onSuccess: refresh,
    }),
  };
}
