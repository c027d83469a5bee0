import type {
  AccountProductsResponse,
  ContractRoutes,
  FrameQuoteResponse,
  PresetPhoto,
  ProductFilterSet,
  PublicProductsResponse,
  RouteAnswer,
} from '@mitrebox/api-contract';
import {
  ARTWORK_ID,
  type BackorderOption,
  type FrameDesign,
  PART_PICKER_PAGE_SIZE,
  type PresetCategory,
} from '@mitrebox/domain';
import { keepPreviousData, queryOptions, skipToken, useQuery } from '@tanstack/react-query';
import { ApiError, toApiError } from '../../lib/api.ts';
import { authStorage } from '../../lib/auth-storage.ts';
import { call } from '../../lib/call.ts';
import { useSession } from '../../lib/session.ts';

/** The Frame Creator's calls (storefront §7 framebuilder) and their query hooks. */

type PartsPage = PublicProductsResponse | AccountProductsResponse;
export type PartProduct = PartsPage['data'][number];
export type Quote = FrameQuoteResponse;

const authFor = (signedIn: boolean) => (signedIn ? 'session' : 'none') as 'session' | 'none';

/** POST /api/framebuilder/uploadImage: the picture itself as the body (already compressed by the browser). */
type Uploaded = RouteAnswer<ContractRoutes['POST /api/framebuilder/uploadImage']>;

export async function uploadImage(blob: Blob): Promise<Uploaded> {
  const headers: Record<string, string> = {
    'Content-Type': blob.type || 'image/jpeg',
    Accept: 'application/json',
  };
  if (authStorage.token) headers.Authorization = `Bearer ${authStorage.token}`;
  let res: Response;
  try {
    res = await fetch('/api/framebuilder/uploadImage', { method: 'POST', body: blob, headers });
  } catch {
    throw new ApiError(0, 'We could not reach the server. Please check your connection and try again.');
  }
  const body = await res.json().catch(() => null);
  if (!res.ok) throw toApiError(res.status, body);
  return body as Uploaded;
}

/** POST /api/framebuilder/randomPhoto: a photograph from the configured stock-photo source, kept as an upload. */
export const randomPhoto = () => call('POST /api/framebuilder/randomPhoto');

/** Where the browser loads a design's picture from. */
export function artworkUrl(file: string | null): string | null {
  if (!file || !ARTWORK_ID.test(file)) return null;
  if (file.startsWith('preset:')) return `/api/framebuilder/presets/${file.slice(7)}.jpg`;
  return `/api/framebuilder/image/${file}.jpg`;
}

export const buildFrame = (options: FrameDesign, size = 1200) =>
  call('POST /api/framebuilder/buildFrame', { body: { options, size } });

export const saveFrame = (body: { framedata: string; name: string; id?: number | null }) =>
  call('POST /api/framebuilder/saveFrameBuilder', { body });

export const deleteSavedFrame = (id: number) =>
  call('DELETE /api/framebuilder/deleteSavedFrame/:id', { params: { id } });

export const fetchSavedFrames = () =>
  call('POST /api/framebuilder/getSavedFrames', { body: { perPage: 1000 } });

export const fetchSavedFrame = (id: number) =>
  call('POST /api/framebuilder/getSavedFrames', { body: { id, getFramedata: true } });

export const addDesignToCart = (body: {
  options: FrameDesign;
  orderType: 'join' | 'chop';
  backtype?: BackorderOption | null;
}) => call('POST /api/framebuilder/addToCart', { body });

export function useSavedFrames(open: boolean) {
  const { signedIn } = useSession();
  return useQuery({
    queryKey: ['frames', 'saved'],
    queryFn: fetchSavedFrames,
    enabled: open && signedIn,
  });
}

/** The chosen parts with colour, profile and sheet size (the drawing needs them). */
export function useDesignParts(codes: string[]) {
  return useQuery({
    queryKey: ['frames', 'parts', codes],
    queryFn: () => call('POST /api/framebuilder/parts', { body: { codes }, auth: 'none' }),
    enabled: codes.length > 0,
    staleTime: 10 * 60_000,
    placeholderData: keepPreviousData,
  });
}

/** The design's price and stock at the account's prices (signed in only). */
export function useQuote(design: FrameDesign | null, orderType: 'join' | 'chop') {
  const { signedIn } = useSession();
  return useQuery({
    queryKey: ['frames', 'quote', design, orderType],
    queryFn: design
      ? () => call('POST /api/framebuilder/quote', { body: { options: design, orderType } })
      : skipToken,
    enabled: signedIn && design !== null,
    staleTime: 30_000,
    retry: false,
    placeholderData: keepPreviousData,
  });
}

/** The category the picture step opens on. */
export const FIRST_PRESET_CATEGORY: PresetCategory = 'nature';

/** A page of the shop's photographs of one category (no session needed). */
export const presetsQuery = (category: PresetCategory, page: number) =>
  queryOptions({
    queryKey: ['frames', 'presets', category, page],
    queryFn: () => call('GET /api/framebuilder/presets', { query: { category, page }, auth: 'none' }),
    staleTime: Number.POSITIVE_INFINITY,
  });

export function usePresets(category: PresetCategory, page: number) {
  return useQuery({ ...presetsQuery(category, page), placeholderData: keepPreviousData });
}

export function usePresetCredits() {
  return useQuery({
    queryKey: ['frames', 'credits'],
    queryFn: async () => {
      const all: PresetPhoto[] = [];
      for (const category of ['nature', 'places', 'travel', 'buildings', 'animals'] as const) {
        const page = await call('GET /api/framebuilder/presets', {
          query: { category },
          auth: 'none',
        });
        all.push(...page.data);
      }
      return all;
    },
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/** The selection modal's filter groups for one kind of part, with the parts' own (core, ply, sheet, kind). */
export function useBuildFilters(frameType: 'MOULDING' | 'FILLET' | 'MATS' | 'GLASS', enabled: boolean) {
  return useQuery({
    queryKey: ['frames', 'filters', frameType],
    queryFn: () => call('POST /api/framebuilder/buildFilters', { body: { frameType }, auth: 'none' }),
    enabled,
    staleTime: 10 * 60_000,
  });
}

/**
 * The catalogue in frame-builder mode: the same product calls as the shop, one kind of part, a page at a time.
 * `type` narrows a frame type to a product type (mouldings 4, fillets 3).
 */
export function usePartProducts(
  frameType: 'MOULDING' | 'MATS' | 'GLASS',
  type: number | undefined,
  search: string,
  filters: ProductFilterSet,
  page: number,
  enabled: boolean,
) {
  const { signedIn } = useSession();
  const filterText = Object.keys(filters).length ? JSON.stringify(filters) : undefined;
  return useQuery({
    queryKey: ['frames', 'products', signedIn, frameType, type, search, filterText, page],
    queryFn: ({ signal }) => {
      const input = {
        query: {
          frameType,
          type,
          TopSearch: search || undefined,
          filters: filterText,
          frame_creator_active: '1' as const,
          items_per_page: PART_PICKER_PAGE_SIZE,
          page,
        },
        auth: authFor(signedIn),
        signal,
      };
      return signedIn ? call('GET /api/Products', input) : call('GET /api/Shop/Products', input);
    },
    enabled,
    placeholderData: keepPreviousData,
  });
}
