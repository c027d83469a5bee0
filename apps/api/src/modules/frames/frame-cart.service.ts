import type { CartItemInput, DesignPart, FrameQuoteResponse, SessionUser } from '@mitrebox/api-contract';
import {
  builderMouldingFeet,
  type DesignLine,
  designLines,
  designSizes,
  type FrameDesign,
  linesTotal,
  SIXTEENTHS,
} from '@mitrebox/domain';
import { unprocessable } from '../../platform/errors.ts';
import type { CartService } from '../cart/cart.service.ts';
import type { CatalogueService } from '../catalogue/catalogue.service.ts';
import { type DesignCheck, sizesOf } from './design-check.ts';
import { fieldOfLine, lineOwns } from './frames.design.ts';

/**
 * The cart lines of a design, as the domain lists them (designLines: inner moulding, moulding, fillet, mats top
 * first, glazing), each with the account's warehouse and the back-order choice.
 */
export function cartLines(
  user: SessionUser,
  d: FrameDesign,
  parts: Record<string, DesignPart>,
  orderType: 'join' | 'chop',
  backtype: CartItemInput['backtype'],
): { line: DesignLine; input: CartItemInput }[] {
  const location = user.accounts[0].Location ?? null;
  return designLines(d, sizesOf(d, parts), orderType).map((line) => ({
    line,
    input: {
      Code: line.code,
      productSelection: { ...line.selection, location, instructions: '' },
      backtype: backtype ?? null,
    } as CartItemInput,
  }));
}

/** A design in the cart: its lines quoted at the account's prices, then added, by the cart's own rules. */
export function createFrameCartService(deps: {
  catalogue: CatalogueService;
  cart: CartService;
  check: DesignCheck;
}) {
  const { catalogue, cart } = deps;
  const { judged, checked } = deps.check;

  return {
    /**
     * The design's price and stock at the account's own prices, through the cart's own rules. A part that does not
     * fit the design is not priced but answered with its reason, and the other parts are priced; only a design
     * that cannot be measured (its size) is refused whole.
     */
    async quote(user: SessionUser, d: FrameDesign, orderType: 'join' | 'chop'): Promise<FrameQuoteResponse> {
      const { parts, errors } = await judged(d);
      const lines = cartLines(user, d, parts, orderType, 'backremq');
      // a rule about no line of the design (its size, how many mats) leaves nothing to price
      const unowned = Object.keys(errors).filter((f) => !lines.some((l) => lineOwns(l.line, f)));
      if (unowned.length) throw unprocessable(errors[unowned[0]], errors);
      const codes = [...new Set(lines.map((l) => l.input.Code))];
      const stock = new Map(
        (await catalogue.accountProductsByCodes(codes, user.accounts[0])).map((p) => [p.Code, p.stock]),
      );
      const descriptions = new Map(Object.values(parts).map((p) => [p.Code, p.display_name]));
      const data: FrameQuoteResponse['data'] = [];
      for (const { line: l, input } of lines) {
        const field = Object.keys(errors).find((f) => lineOwns(l, f)) ?? null;
        const line = {
          part: l.part,
          layer: l.layer ?? null,
          label: l.label,
          Code: l.code,
          Description: descriptions.get(l.code) ?? l.code,
          field,
          stock: stock.get(l.code) ?? [],
        };
        if (field) {
          data.push({ ...line, item: null, message: errors[field] });
          continue;
        }
        // one line at a time, so that each part's own message is known
        const { items, errors: refused } = await cart.compute(user, [input]);
        data.push({ ...line, item: items[0] ?? null, message: refused['cartdata.0'] ?? null });
      }
      const moulding = designSizes(d, sizesOf(d, parts)).moulding;
      return {
        data,
        total: linesTotal(data.flatMap((l) => (l.item ? [l.item.calc.totalPrice] : []))),
        complete: data.every((l) => l.item !== null),
        builderFeet: moulding
          ? builderMouldingFeet(
              moulding.inside.width / SIXTEENTHS,
              moulding.inside.height / SIXTEENTHS,
              parts.moulding?.Width,
            )
          : 0,
      };
    },

    /** Add to Cart from a design: its lines join the cart, priced and checked by the cart's own rules. */
    async addToCart(
      user: SessionUser,
      d: FrameDesign,
      orderType: 'join' | 'chop',
      backtype: CartItemInput['backtype'],
    ) {
      cart.assertMayBuy(user);
      const parts = await checked(d);
      const lines = cartLines(user, d, parts, orderType, backtype);
      if (lines.length === 0)
        throw unprocessable('Select a moulding, mat or glazing first.', { moulding: 'required' });
      const { inputs } = await cart.storedCart(user);
      try {
        return await cart.updateCart(user, [...inputs, ...lines.map((l) => l.input)]);
      } catch (err) {
        // report the design's own line by its part rather than its place in the cart
        const fields = (err as { fields?: Record<string, string> }).fields;
        if (fields) {
          const named: Record<string, string> = {};
          for (const [k, v] of Object.entries(fields)) {
            const i = Number(k.split('.')[1]) - inputs.length;
            named[lines[i] ? fieldOfLine(lines[i].line) : k] = v;
          }
          throw unprocessable((err as Error).message, named);
        }
        throw err;
      }
    },
  };
}
