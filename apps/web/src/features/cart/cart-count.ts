/**
 * The cart's item count from GET /api/getCart (storefront §3: "Cart count is the list length"): the
 * answer's `count`, else the length of its `data` list.
 */
export function cartCountOf(answer: unknown): number {
  const a = (answer ?? {}) as { count?: unknown; data?: unknown };
  if (typeof a.count === 'number' && Number.isFinite(a.count)) return Math.max(0, a.count);
  return Array.isArray(a.data) ? a.data.length : 0;
}
