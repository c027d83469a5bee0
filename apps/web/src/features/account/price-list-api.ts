import { ApiError } from '../../lib/api.ts';
import { authStorage } from '../../lib/auth-storage.ts';

export interface PriceListChoice {
  collections: number[];
  types: number[];
}

/** The query of GET /api/account/price-list.{csv,pdf}: nothing for the whole catalogue. */
export function priceListQuery(choice: PriceListChoice): string {
  const params = new URLSearchParams();
  for (const id of choice.collections) params.append('collections', String(id));
  for (const type of choice.types) params.append('types', String(type));
  const text = params.toString();
  return text ? `?${text}` : '';
}

/**
 * GET /api/account/price-list.csv or .pdf with the sign-in (a plain link carries none), handed to the browser as a
 * file. The server's message (e.g. the PDF's size limit) is thrown as it is.
 */
export async function downloadPriceList(format: 'csv' | 'pdf', choice: PriceListChoice): Promise<void> {
  const token = authStorage.token;
  const res = await fetch(`/api/account/price-list.${format}${priceListQuery(choice)}`, {
    headers: token ? { Authorization: `Bearer ${token}` } : {},
  });
  if (!res.ok) {
    let message = 'The price list could not be downloaded. Please try again.';
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
  a.download =
    /filename="([^"]+)"/.exec(res.headers.get('content-disposition') ?? '')?.[1] ?? `price-list.${format}`;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
