import type { ContactRequest } from '@mitrebox/api-contract';
import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { ApiError } from '../../lib/api.ts';
import { authStorage } from '../../lib/auth-storage.ts';
import { call } from '../../lib/call.ts';

export { useSettings } from '../../lib/shared-queries.ts';

/** The open positions: the careers page's first data (its route's loader and the server's render: ADR 013). */
export const careersQuery = queryOptions({
  queryKey: ['careers'],
  queryFn: async ({ signal }) => (await call('GET /api/career', { auth: 'none', signal })).data,
  staleTime: 5 * 60_000,
});

export function useCareers() {
  return useQuery(careersQuery);
}

export function useDocuments() {
  return useQuery({
    queryKey: ['documents'],
    queryFn: async ({ signal }) =>
      (await call('GET /api/pdfUserList', { query: { active: 1 }, signal })).data,
  });
}

export function useNewAccountInfo() {
  return useQuery({
    queryKey: ['new-account'],
    queryFn: ({ signal }) => call('GET /api/newAccount', { auth: 'none', signal }),
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export function useContactForm() {
  return useQuery({
    queryKey: ['contact-us'],
    queryFn: ({ signal }) => call('GET /api/contact-us', { auth: 'none', signal }),
    staleTime: 30 * 60_000,
  });
}

export function useSendContact() {
  return useMutation({
    mutationFn: (body: ContactRequest) => call('POST /api/contact-us', { body, auth: 'none' }),
  });
}

/** The file name of a Content-Disposition header, or the fallback. */
export function dispositionFileName(header: string | null, fallback: string): string {
  const match = header ? /filename="([^"]+)"/.exec(header) : null;
  return match?.[1] ?? fallback;
}

/** Downloads a signed-in document (GET /api/pdfDownload) and hands it to the browser as a file. */
export async function downloadDocument(id: number, fallbackName: string): Promise<void> {
  const token = authStorage.token;
  const res = await fetch(`/api/pdfDownload?active=1&dlid=${id}`, {
    headers: token ? { Authorization: `Bearer ${token}` } : {},
  });
  if (!res.ok) {
    let message = 'The document could not be downloaded.';
    try {
      message = ((await res.json()) as { message?: string }).message ?? message;
    } catch {
      // not JSON
    }
    throw new ApiError(res.status, message);
  }
  const blob = await res.blob();
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = dispositionFileName(res.headers.get('content-disposition'), fallbackName);
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
