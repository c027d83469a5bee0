import { useQuery } from '@tanstack/react-query';
import { ApiError } from '../../lib/api.ts';
import { authStorage } from '../../lib/auth-storage.ts';
import { call } from '../../lib/call.ts';

export const statementKeys = { statement: ['account', 'statement'] as const };

/** GET /api/account/statement: the account's open invoices aged by days past due, open credits, total due. */
export function useStatement() {
  return useQuery({
    queryKey: statementKeys.statement,
    queryFn: ({ signal }) => call('GET /api/account/statement', { query: {}, signal }),
  });
}

/** GET /api/account/statement.pdf with the sign-in (a plain link carries none), handed to the browser as a file. */
export async function downloadStatementPdf(fallbackName: string): Promise<void> {
  const token = authStorage.token;
  const res = await fetch('/api/account/statement.pdf', {
    headers: token ? { Authorization: `Bearer ${token}` } : {},
  });
  if (!res.ok) {
    let message = 'The statement could not be downloaded. Please try again.';
    try {
      message = ((await res.json()) as { message?: string }).message ?? message;
    } catch {
      // not JSON
    }
    throw new ApiError(res.status, message);
  }
  const url = URL.createObjectURL(await res.blob());
  const a = document.createElement('a');
  a.href = url;
  a.download = /filename="([^"]+)"/.exec(res.headers.get('content-disposition') ?? '')?.[1] ?? fallbackName;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
