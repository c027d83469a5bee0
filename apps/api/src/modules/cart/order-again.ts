import type { AddLinesResponse, CartItem, CartItemInput, SessionUser } from '@mitrebox/api-contract';
import { MAX_CART_LINES } from '@mitrebox/api-contract';
import {
  type BackorderOption,
  describeSelection,
  type KeptSelection,
  type LineResult,
  lineChanges,
  NOT_ADDED,
  type PastLine,
  selectionOfPastLine,
  summarizeLines,
} from '@mitrebox/domain';
import type { Db } from '../../platform/db.ts';
import { notFound } from '../../platform/errors.ts';
import type { CatalogueService } from '../catalogue/catalogue.service.ts';
import { invoiceDetails } from '../invoices/invoices.service.ts';
import type { OrdersService } from '../orders/orders.service.ts';
import { NO_LONGER_SOLD } from './cart.pricing.ts';
import type { CartService } from './cart.service.ts';

/** A line kept somewhere (a past order, an invoice, a standing list) to be put into the cart again. */
export interface KeptLine {
  Code: string;
  Description: string | null;
  /** Null when the kept line cannot be read as a selection (an unknown order type): reported, never guessed. */
  selection: KeptSelection | null;
  backtype: BackorderOption | null;
  /** The net unit price paid then (order and invoice lines); null for a list line. */
  wasUnitPrice: string | null;
}

/**
 * Puts kept lines into the signed-in account's cart, each re-checked and re-priced by the cart's rules exactly as
 * the add-to-cart dialog's line would be, and answers line by line what became of it and what changed today. A
 * line the cart refuses is reported with the cart's message and not added; nothing is added at another size.
 */
export function createAddKeptLines(cart: CartService) {
  return async function addKeptLines(user: SessionUser, kept: KeptLine[]): Promise<AddLinesResponse> {
    cart.assertMayBuy(user);
    const { inputs: existing } = await cart.storedCart(user);
    const asked = kept.map((k): CartItemInput | null =>
      k.selection ? { Code: k.Code, productSelection: { ...k.selection }, backtype: k.backtype } : null,
    );
    const all = [...existing, ...asked.filter((a): a is CartItemInput => a !== null)];
    const { items, errors } = await cart.compute(user, all);
    // compute answers the accepted lines in order and the refused ones by index
    const itemAt = new Map<number, CartItem>();
    let next = 0;
    all.forEach((_, i) => {
      if (!errors[`cartdata.${i}`]) itemAt.set(i, items[next++]!);
    });
    const keep: CartItemInput[] = existing.filter((_, i) => itemAt.has(i));
    let index = existing.length;
    const results: LineResult[] = kept.map((k, n) => {
      const base = {
        Code: k.Code,
        Description: k.Description,
        asked: k.selection ? describeSelection(k.selection) : '',
        changes: [],
      };
      if (!asked[n]) return { ...base, outcome: 'refused', message: NOT_ADDED.unknownType };
      const at = index++;
      const item = itemAt.get(at);
      if (!item) {
        const message = errors[`cartdata.${at}`] ?? NO_LONGER_SOLD;
        return message === NO_LONGER_SOLD
          ? { ...base, outcome: 'noLongerSold', message: NOT_ADDED.noLongerSold }
          : { ...base, outcome: 'refused', message: `${message} — not added` };
      }
      if (keep.length >= MAX_CART_LINES) return { ...base, outcome: 'refused', message: NOT_ADDED.cartFull };
      keep.push({ Code: item.Code, productSelection: item.productSelection, backtype: item.backtype });
      const changes = lineChanges({
        wasUnitPrice: k.wasUnitPrice,
        nowUnitPrice: item.calc.unitPrice,
        unit: item.calc.unit,
        stockState: item.stockState,
        locationName: item.locationName,
        available: item.available,
        backorder: item.backtype,
      });
      return { ...base, Description: item.Description, outcome: 'added', message: null, changes };
    });
    if (results.some((r) => r.outcome === 'added')) await cart.updateCart(user, keep);
    return summarizeLines(results);
  };
}

export type AddKeptLines = ReturnType<typeof createAddKeptLines>;

/** A past order's or invoice's line as a kept line. */
function keptOfPast(
  line: PastLine & { description: string | null; unitPrice: string },
  fallbackLocation: string | null,
): KeptLine {
  const read = selectionOfPastLine(line, fallbackLocation);
  return {
    Code: line.code,
    Description: line.description,
    selection: read?.selection ?? null,
    backtype: read?.backtype ?? null,
    wasUnitPrice: line.unitPrice,
  };
}

/** Order again: a past order's or invoice's lines into the cart at today's prices and stock. */
export function createOrderAgain(deps: {
  db: Db;
  cart: CartService;
  orders: OrdersService;
  catalogue: CatalogueService;
}) {
  const addKeptLines = createAddKeptLines(deps.cart);
  // the cart is the signed-in account's: only that account's documents go into it
  const cartAccount = (user: SessionUser) => user.accounts[0]?.Acctnum;

  return {
    addKeptLines,

    async order(user: SessionUser, ordnum: number): Promise<AddLinesResponse> {
      const order = await deps.orders.orderDetails(user, ordnum);
      if (order.Acctnum !== cartAccount(user)) throw notFound('Order not found');
      const lines = order.items.map((it) =>
        keptOfPast(
          {
            code: it.Code,
            description: it.Description,
            unitPrice: it.UnitPrice,
            pcode: it.Pcode,
            qty: it.Qty,
            footage: it.Footage,
            hInt: it.H_Int,
            hFrac: it.H_Frac,
            wInt: it.W_Int,
            wFrac: it.W_Frac,
            location: it.Location,
            instructions: it.Instructions,
            backorder: it.Backorder,
          },
          order.location?.Loc ?? null,
        ),
      );
      return addKeptLines(user, lines);
    },

    async invoice(user: SessionUser, invnum: number): Promise<AddLinesResponse> {
      const acctnum = cartAccount(user);
      const invoice = acctnum
        ? await invoiceDetails(deps.db, invnum, [acctnum], await deps.catalogue.locations())
        : undefined;
      if (!invoice) throw notFound('Invoice not found');
      // an invoice line keeps no warehouse or back-order choice: the invoice's warehouse, the default choice
      const lines = invoice.invoice_items.map((it) =>
        keptOfPast(
          {
            code: it.Code,
            description: it.Description,
            unitPrice: it.UnitPrice,
            pcode: it.Pcode,
            qty: it.Qty,
            footage: it.Footage,
            hInt: it.H_Int,
            hFrac: it.H_Frac,
            wInt: it.W_Int,
            wFrac: it.W_Frac,
            location: null,
            instructions: it.Instructions,
            backorder: null,
          },
          invoice.location?.Loc ?? null,
        ),
      );
      return addKeptLines(user, lines);
    },
  };
}

export type OrderAgain = ReturnType<typeof createOrderAgain>;
