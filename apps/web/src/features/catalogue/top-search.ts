import type { PublicProduct } from '@mitrebox/api-contract';
import { SEARCH_MAX_LENGTH, TOP_SEARCH_PAGE_SIZE } from '@mitrebox/domain';
import { orFallbackOn404 } from '../../lib/api.ts';
import { call } from '../../lib/call.ts';

/** The fields of a product the header's search list shows (signed-in answers carry more). */
export type TopSearchProduct = Pick<
  PublicProduct,
  'Code' | 'display_name' | 'Description' | 'FrameType' | 'type'
>;

/**
 * GET /api/Shop/Products (anonymous) or /api/Products (signed in) with TopSearch, page 1 and 10 items.
 * A 404 (a server without the catalogue) reads as "no products".
 */
export async function fetchTopSearch(
  text: string,
  options: { signedIn: boolean; type?: number | null; signal?: AbortSignal },
): Promise<TopSearchProduct[]> {
  const input = {
    query: {
      TopSearch: text.trim().slice(0, SEARCH_MAX_LENGTH),
      type: options.type ?? undefined,
      page: 1,
      items_per_page: TOP_SEARCH_PAGE_SIZE,
    },
    signal: options.signal,
  };
  const answer = await orFallbackOn404<{ data: TopSearchProduct[] }>(
    options.signedIn ? call('GET /api/Products', input) : call('GET /api/Shop/Products', input),
    { data: [] },
  );
  return Array.isArray(answer?.data) ? answer.data.filter((p) => p && typeof p.Code === 'string') : [];
}

/** /shop?nameSearch={text}, keeping the product type chosen in Additional Filters. */
export function shopSearchPath(text: string, type?: number | null): string {
  const params = new URLSearchParams({ nameSearch: text });
  if (type) params.set('type', String(type));
  return `/shop?${params.toString()}`;
}

export function productPath(code: string): string {
  return `/Shop/${encodeURIComponent(code)}`;
}
