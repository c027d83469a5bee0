/**
 * The numeric product types (storefront §3 Product.type). 4 is the moulding sold by length and the shop's
 * default filter. See docs/decisions/002-product-types-and-demo-data.md.
 */
export const PRODUCT_TYPES = [
  { value: 4, name: 'Mouldings', frameType: 'MOULDING' },
  { value: 1, name: 'Mats', frameType: 'MATS' },
  { value: 2, name: 'Glass', frameType: 'GLASS' },
  { value: 3, name: 'Fillets', frameType: 'MOULDING' },
  { value: 5, name: 'Hardware', frameType: 'HARDWARE' },
  { value: 6, name: 'Foam Board', frameType: 'MATS' },
  { value: 13, name: 'Readymade Frames', frameType: 'HARDWARE' },
  { value: 14, name: 'Supplies', frameType: 'HARDWARE' },
] as const;

export const MOULDING_TYPE = 4;
export const DEFAULT_SHOP_TYPE = MOULDING_TYPE;

/** The header's Additional Filters: three types in the left column, three in the right (storefront §2, §9). */
export const ADDITIONAL_FILTER_TYPES = {
  left: [4, 1, 2],
  right: [3, 5, 6],
} as const;

/** Types for which the shop hides the moulding filter groups (storefront §2). */
const FILTERS_HIDDEN_FOR = new Set([1, 2, 3, 6, 13, 14]);

/** Which filter groups the shop shows for a chosen product type. */
export function visibleFilterGroups(type: number | null | undefined) {
  const hidden = type !== null && type !== undefined && FILTERS_HIDDEN_FOR.has(type);
  return {
    collection: !hidden || type === 3,
    size: !hidden,
    finish: !hidden,
    style: !hidden,
    colorFamily: !hidden,
    profileType: !hidden,
  };
}

/** Types ordered by quantity only (storefront §5 Add to cart: types 1, 2, 3, 5). */
export const QUANTITY_TYPES: readonly number[] = [1, 2, 3, 5];

export function productTypeName(value: number): string | undefined {
  return PRODUCT_TYPES.find((t) => t.value === value)?.name;
}
