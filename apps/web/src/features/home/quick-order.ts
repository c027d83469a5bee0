import type { CartItem, CartItemInput } from '@mitrebox/api-contract';
import type { QuickOrderLine, QuickOrderProblem } from '@mitrebox/domain';
import type { QueryClient } from '@tanstack/react-query';
import { ApiError } from '../../lib/api.ts';
import { CART_QUERY_KEY, freshCart, saveCart } from '../../lib/cart-api.ts';

/** The server's answer for a code it does not sell (cart rules), said as a quick order means it. */
const NO_LONGER_SOLD = 'This item is no longer available.';

/** A cart line as the cart keeps its input. */
const inputOf = (item: CartItem): CartItemInput => ({
  Code: item.Code,
  productSelection: item.productSelection,
  backtype: item.backtype,
});

/**
 * A quick-order line as a cart line: feet of length for a moulding, pieces for anything else (the server
 * reads whichever the product takes), from the account's own warehouse; what is not in stock ships later.
 */
export function quickOrderInput(line: QuickOrderLine, location: string | null | undefined): CartItemInput {
  return {
    Code: line.code,
    productSelection: { length: line.quantity, quantity: line.quantity, location: location ?? null },
    backtype: 'backremq',
  };
}

/**
 * Adds the lines to the cart through the cart's own call (POST /api/updateCart re-checks and re-prices
 * everything): lines the server refuses are reported by their line, the others are added.
 */
export async function addQuickOrder(
  client: QueryClient,
  lines: QuickOrderLine[],
  location: string | null | undefined,
): Promise<{ added: QuickOrderLine[]; problems: QuickOrderProblem[] }> {
  const cart = await freshCart(client);
  const existing = cart.data.map(inputOf);
  let pending = lines;
  const problems: QuickOrderProblem[] = [];
  for (let attempt = 0; attempt < 2 && pending.length > 0; attempt++) {
    try {
      const saved = await saveCart([...existing, ...pending.map((l) => quickOrderInput(l, location))]);
      client.setQueryData(CART_QUERY_KEY, saved);
      return { added: pending, problems };
    } catch (err) {
      if (!(err instanceof ApiError) || err.status !== 422 || !err.errors) throw err;
      const refused = new Map<number, string>();
      for (const [field, message] of Object.entries(err.errors)) {
        const index = Number(field.replace(/^cartdata\./, '')) - existing.length;
        if (Number.isInteger(index) && index >= 0 && index < pending.length) refused.set(index, message);
      }
      if (refused.size === 0) throw err;
      for (const [index, message] of refused) {
        const line = pending[index] as QuickOrderLine;
        problems.push({
          line: line.line,
          text: `${line.code} ${line.quantity}`,
          message: message === NO_LONGER_SOLD ? `We have no item # ${line.code}.` : message,
        });
      }
      pending = pending.filter((_, i) => !refused.has(i));
    }
  }
  return {
    added: [],
    problems: [
      ...problems,
      ...pending.map((l) => ({ line: l.line, text: l.code, message: 'Not added: please try again.' })),
    ],
  };
}
