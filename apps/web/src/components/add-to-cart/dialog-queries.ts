import type {
  AccountProductDetailsResponse,
  ContractRoutes,
  LocationQtyResponse,
  RouteAnswer,
} from '@mitrebox/api-contract';
import { messages } from '@mitrebox/domain';
import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { call } from '../../lib/call.ts';

/** The add-to-cart dialog's reads: the product's account prices, its stock per warehouse, the account's levels. */

export type ProductDetails = z.infer<typeof AccountProductDetailsResponse>;
export type LocationQty = z.infer<typeof LocationQtyResponse>;

/** GET /api/getProductDetailsByCode: the account's list prices and discounts for one product. */
export function useProductDetails(code: string | null, enabled: boolean) {
  return useQuery({
    queryKey: ['productDetails', code],
    queryFn: async () =>
      accountDetails(await call('GET /api/getProductDetailsByCode', { query: { Code: code ?? '' } })),
    enabled: enabled && Boolean(code),
    staleTime: 60_000,
  });
}

type DetailsAnswer = RouteAnswer<ContractRoutes['GET /api/getProductDetailsByCode']>;

/** The signed-in form of the answer, with prices and stock; a visitor's form means the sign-in has ended. */
function accountDetails(answer: DetailsAnswer): ProductDetails {
  if (isAccountDetails(answer)) return answer;
  throw new Error(messages.session.notLoggedIn);
}

const isAccountDetails = (answer: DetailsAnswer): answer is ProductDetails =>
  Object.values(answer.products).every((product) => 'stock' in product);

/** GET /api/getLocationQty: stock per warehouse, always read fresh when the dialog opens. */
export function useLocationQty(code: string | null, enabled: boolean) {
  return useQuery({
    queryKey: ['locationQty', code],
    queryFn: () => call('GET /api/getLocationQty', { query: { Code: code ?? '' } }),
    enabled: enabled && Boolean(code),
    staleTime: 0,
  });
}

/** The account's glass and mat levels (G_Disc, B_Disc) for the price preview of glass, mats and board. */
export function useAccountLevels(enabled: boolean) {
  return useQuery({
    queryKey: ['accountDetails', 'levels'],
    queryFn: async () => {
      const { data } = await call('GET /api/admin/accountDetails', { query: {} });
      return { glassCode: data.G_Disc, matCode: data.B_Disc };
    },
    enabled,
    staleTime: 10 * 60_000,
  });
}
