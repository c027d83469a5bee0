import {
  type AddSamplesResponse,
  type CartItemInput,
  MAX_CART_LINES,
  type SampleStatus,
  type SessionUser,
} from '@mitrebox/api-contract';
import {
  pickSamples,
  type SampleShipping,
  sampleLimitMessage,
  samplesAddedMessage,
  samplesLeft,
} from '@mitrebox/domain';
import type { Config } from '../../config.ts';
import { notFound, unprocessable } from '../../platform/errors.ts';
import type { CatalogueService } from '../catalogue/catalogue.service.ts';
import type { CartService } from './cart.service.ts';
import { isSampleInput } from './sample-line.ts';

export type SampleService = ReturnType<typeof createSampleService>;

const CART_FULL = `Your cart holds ${MAX_CART_LINES} lines at most: place it or remove some lines first.`;
const NO_MOULDINGS = 'This collection has no mouldings to sample.';

/**
 * Corner samples into the cart: of the mouldings named, or one of each moulding of a collection (a sample set),
 * never past the account's monthly limit — a set adds up to the limit and says how many it left out.
 */
export function createSampleService(deps: {
  config: Config;
  cart: CartService;
  catalogue: CatalogueService;
}) {
  const { config, cart, catalogue } = deps;

  /** The lines the shopper sees now, as inputs (a line that no longer holds is not carried on). */
  async function currentInputs(user: SessionUser): Promise<CartItemInput[]> {
    const shown = await cart.getCart(user);
    return shown.data.map((i) => ({
      Code: i.Code,
      productSelection: i.productSelection,
      backtype: i.backtype,
    }));
  }

  async function codesAsked(body: { codes?: string[]; collection?: number }): Promise<string[]> {
    if (body.collection === undefined) return body.codes ?? [];
    const found = await catalogue.collectionMouldings(body.collection, MAX_CART_LINES);
    if (!found) throw notFound('There is no such collection.');
    if (found.codes.length === 0) throw unprocessable(NO_MOULDINGS);
    return found.codes;
  }

  return {
    async status(user: SessionUser): Promise<SampleStatus> {
      cart.assertMayBuy(user);
      const { inputs } = await cart.storedCart(user);
      return cart.sampleLimit.status(user, inputs.filter(isSampleInput).length);
    },

    async add(
      user: SessionUser,
      body: { codes?: string[]; collection?: number; shipping: SampleShipping },
    ): Promise<AddSamplesResponse> {
      cart.assertMayBuy(user);
      const asked = await codesAsked(body);
      const inputs = await currentInputs(user);
      const inCart = new Set(inputs.filter(isSampleInput).map((i) => i.Code));
      const now = new Date();
      const { settings, count } = await cart.sampleLimit.standing(user, inCart.size, undefined, now);
      const allowed = samplesLeft(settings, count);
      const room = Math.max(0, MAX_CART_LINES - inputs.length);
      const pick = pickSamples(asked, inCart, Math.min(allowed, room));
      if (pick.add.length === 0 && pick.leftOut > 0)
        throw unprocessable(
          allowed > 0 ? CART_FULL : sampleLimitMessage(settings, count, now, config.BUSINESS_TZ),
        );
      const added: CartItemInput[] = pick.add.map((Code) => ({
        Code,
        productSelection: { type: 'sample', quantity: 1, sampleShipping: body.shipping },
        backtype: null,
      }));
      const next =
        added.length > 0 ? await cart.updateCart(user, [...inputs, ...added]) : await cart.getCart(user);
      const result = { added: added.length, leftOut: pick.leftOut, already: pick.already };
      return {
        cart: next,
        ...result,
        message: samplesAddedMessage(result, settings.monthlyLimit),
        status: await cart.sampleLimit.status(user, inCart.size + added.length, now),
      };
    },
  };
}
