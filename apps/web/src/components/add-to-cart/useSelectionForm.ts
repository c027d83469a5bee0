import { notifications } from '@mantine/notifications';
import type { AccountProduct, CartItem, CartItemInput } from '@mitrebox/api-contract';
import {
  addToCartMessages,
  estimateLine,
  LOCATION_CODES,
  type MouldingOrderType,
  messages,
  type priceLine,
  STOCK_STATE,
  validateSelection,
} from '@mitrebox/domain';
import { IconCircleCheck } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { createElement, useEffect, useId, useMemo, useRef, useState } from 'react';
import { ApiError } from '../../lib/api.ts';
import { authStorage } from '../../lib/auth-storage.ts';
import { CART_QUERY_KEY, freshCart, saveCart } from '../../lib/cart-api.ts';
import type { LocationQty } from './dialog-queries.ts';
import {
  cartErrorMessage,
  cartPayload,
  changeType,
  type DialogSelection,
  fieldMessages,
  fieldsRead,
  initialSelection,
  replaceLine,
  selectionOf,
  shippingHints,
  toCartLine,
  toCheck,
} from './selection.ts';

export interface SelectionFormProps {
  product: AccountProduct;
  stock: LocationQty;
  pricing: Parameters<typeof priceLine>[1];
  account: { Location: string | null; Shipvia: string | null } | null;
  onClose: () => void;
  max: number;
  edit: { index: number; item: CartItem } | null;
}

/** The warehouse row of a stock answer. */
export type StockRow = LocationQty['LocationQty'][string];

const locationOrder = (loc: string) => {
  const i = LOCATION_CODES.indexOf(loc as (typeof LOCATION_CODES)[number]);
  return i === -1 ? LOCATION_CODES.length : i;
};

/**
 * The dialog's selection as the buyer fills it in: the warehouses in their usual order, which field messages
 * show, the live estimate, and Add to Cart (or Update line), which sends the whole cart to the server.
 */
export function useSelectionForm({ product, stock, pricing, account, onClose, edit }: SelectionFormProps) {
  const client = useQueryClient();
  const accountLocation = stock.AccountLocs.Location || account?.Location || '';
  const rows = useMemo(
    () => Object.values(stock.LocationQty).sort((a, b) => locationOrder(a.Loc) - locationOrder(b.Loc)),
    [stock],
  );
  const [sel, setSel] = useState<DialogSelection>(() =>
    edit
      ? selectionOf(edit.item)
      : initialSelection(product, rows.some((r) => r.Loc === accountLocation) ? accountLocation : ''),
  );
  // a field's message shows once the buyer has left it (or tried to add), and then as they type
  const [touched, setTouched] = useState<Record<string, boolean>>({});
  const touch = (field: string) => setTouched((t) => (t[field] ? t : { ...t, [field]: true }));
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const errorId = useId();
  const formRef = useRef<HTMLFormElement>(null);
  // The product loads after the modal has opened (and placed focus): move focus to the first field.
  useEffect(() => {
    formRef.current?.querySelector<HTMLElement>('[data-autofocus]')?.focus();
  }, []);

  const update = (next: Partial<DialogSelection>) => {
    setError(null);
    setSel((s) => ({ ...s, ...next }));
  };
  const updateDimension = (next: Partial<DialogSelection['dimension']>) =>
    update({ dimension: { ...sel.dimension, ...next } });
  const chooseType = (type: MouldingOrderType) => {
    setError(null);
    setSel((s) => changeType(s, type));
  };

  const here = rows.find((r) => r.Loc === sel.location);
  const reads = fieldsRead(sel);
  const fieldErrors = fieldMessages(sel);
  // the same estimate as the cart line and the order: what ships, is back-ordered or cancelled, and the charge
  const estimate = useMemo(
    () =>
      estimateLine(
        product,
        pricing,
        {
          type: sel.type,
          quantity: sel.quantity,
          length: sel.length,
          dimension: sel.dimension,
          location: sel.location,
        },
        here ?? null,
        sel.backorder,
      ),
    [product, pricing, sel, here],
  );
  const state = reads ? estimate.state : STOCK_STATE.unknown;
  const split = estimate.split;
  const price = reads ? estimate.charged : null;
  const hints = shippingHints(sel, account ? { ...account, Location: accountLocation } : null);

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    if (busy) return;
    setTouched({ length: true, quantity: true, size: true });
    const message =
      validateSelection(toCheck(sel, product, accountLocation || null, state)) ??
      (state === STOCK_STATE.backordered && split.charged <= 0 ? addToCartMessages.nothingShips : null);
    if (message) {
      setError(message);
      return;
    }
    setBusy(true);
    setError(null);
    const line = toCartLine(sel, product, state);
    let payload = [line];
    let index = 0;
    try {
      const current = await freshCart(client);
      if (edit) {
        const replaced = replaceLine(current.data, line, { index: edit.index, id: edit.item.id });
        payload = replaced.lines;
        index = replaced.index;
      } else {
        payload = cartPayload(current.data, line);
        index = payload.length - 1;
      }
      const cart = await saveCart(payload);
      client.setQueryData(CART_QUERY_KEY, cart);
      authStorage.touch(Date.now());
      notifications.show({
        id: 'items-added',
        color: 'green',
        icon: createElement(IconCircleCheck, { size: 18, 'aria-hidden': true }),
        message: edit ? 'Cart line updated.' : messages.itemsAdded,
      });
      onClose();
    } catch (err) {
      setError(err instanceof ApiError ? cartErrorMessage(err, payload, index) : String(err));
    } finally {
      setBusy(false);
    }
  };

  /** The selection for a standing list: the dialog's rules that do not depend on today's stock, or their message. */
  const listLine = (): CartItemInput[] | string => {
    setTouched({ length: true, quantity: true, size: true });
    const message = validateSelection(toCheck(sel, product, accountLocation || null, STOCK_STATE.unknown));
    return message ?? [toCartLine(sel, product, state)];
  };

  return {
    listLine,
    sel,
    rows,
    accountLocation,
    here,
    update,
    updateDimension,
    chooseType,
    touched,
    touch,
    fieldErrors,
    estimate,
    state,
    price,
    reads,
    hints,
    error,
    busy,
    errorId,
    formRef,
    submit,
  };
}
