/** Available = on hand − committed, rounded, never below 0 (storefront §4 Stock state). */
export function availableQty(
  onhand: number | string | null | undefined,
  committed: number | string | null | undefined,
): number {
  const value = Math.round(Number(onhand ?? 0) - Number(committed ?? 0));
  return Number.isFinite(value) && value > 0 ? value : 0;
}

/** 'Not stocked in this location': a non-moulding item with nothing available at the account's warehouse. */
export function isStockedAt(frameType: string, availableHere: number): boolean {
  return frameType === 'MOULDING' || availableHere > 0;
}

/**
 * The stock state of a selection by name (storefront §4): unknown until the warehouse's stock is read, in
 * stock, or back-ordered (more asked than is available, or none on hand). The values are the API's stockState.
 */
export const STOCK_STATE = { unknown: 0, inStock: 1, backordered: 2 } as const;
