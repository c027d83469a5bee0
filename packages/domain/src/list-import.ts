import type { BackorderOption } from './cart-rules.ts';
import { DEFAULT_BACKORDER, type KeptSelection } from './order-again.ts';
import { parseQuickOrder, type QuickOrderLine, type QuickOrderProblem } from './quick-order.ts';

/** At most this many lines are read from one paste into a standing list. */
export const LIST_IMPORT_MAX_LINES = 200;

/**
 * Reads a pasted column of item numbers and quantities into a standing list: one "item quantity" a line,
 * separated by spaces, a comma or a tab ('FER-133-0412 20', 'FER-133-0412, 20', 'FER-133-0412\t20' — a
 * spreadsheet's two columns). Lines that cannot be read are answered by line, never guessed.
 */
export function parseListImport(text: string): { lines: QuickOrderLine[]; problems: QuickOrderProblem[] } {
  return parseQuickOrder(text, LIST_IMPORT_MAX_LINES);
}

/**
 * The selection an imported line gets. A paste carries no order type, so: a moulding is a Length order with
 * the quantity as feet (the way a frame shop counts moulding stock), anything else that many pieces; both
 * from the account's own warehouse, and when short, ship what is there and back-order the rest.
 */
export function importedSelection(
  line: { quantity: number },
  product: { isMoulding: boolean },
  accountLocation: string,
): { selection: KeptSelection; backtype: BackorderOption } {
  const selection: KeptSelection = product.isMoulding
    ? {
        type: 'length',
        length: line.quantity,
        quantity: null,
        location: accountLocation,
        instructions: null,
        dimension: null,
      }
    : {
        type: 'item',
        quantity: line.quantity,
        length: null,
        location: accountLocation,
        instructions: null,
        dimension: null,
      };
  return { selection, backtype: DEFAULT_BACKORDER };
}
