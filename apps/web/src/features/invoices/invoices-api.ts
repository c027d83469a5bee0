import type { Invoice } from '@mitrebox/api-contract';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../lib/call.ts';

export const invoiceKeys = {
  details: (invnum: string) => ['invoices', 'details', invnum] as const,
  credits: ['invoices', 'credits'] as const,
};

/** A route's invoice number: digits only, or null (no call; the page shows 'not found'). */
export function invoiceNumberParam(value: string | undefined): string | null {
  const v = (value ?? '').trim();
  return /^\d{1,10}$/.test(v) && Number(v) > 0 ? v : null;
}

/** GET /api/admin/invoices?Invoicenum=: another account's invoice (or none) answers 404. */
export function useInvoice(invnum: string | null) {
  return useQuery({
    queryKey: invoiceKeys.details(invnum ?? ''),
    queryFn: ({ signal }) => call('GET /api/admin/invoices', { query: { Invoicenum: invnum }, signal }),
    select: (answer): Invoice | null => answer.data.data[0] ?? null,
    enabled: invnum !== null,
  });
}

/** GET /api/accountCredits: the account's open credits. */
export function useCredits() {
  return useQuery({
    queryKey: invoiceKeys.credits,
    queryFn: ({ signal }) => call('GET /api/accountCredits', { signal }),
    select: (answer) => answer.data,
  });
}
