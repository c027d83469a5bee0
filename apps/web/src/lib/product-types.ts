import { ADDITIONAL_FILTER_TYPES, productTypeName as domainTypeName, PRODUCT_TYPES } from '@mitrebox/domain';

export type ProductType = (typeof PRODUCT_TYPES)[number];

function typesOf(values: readonly number[]): ProductType[] {
  return values.map((v) => PRODUCT_TYPES.find((t) => t.value === v)).filter((t): t is ProductType => !!t);
}

/**
 * The header's Additional Filters panel: three product types in the left column, the next three in the
 * right (storefront §2, §9). The types and their order come from @mitrebox/domain.
 */
export const ADDITIONAL_FILTER_COLUMNS: readonly [ProductType[], ProductType[]] = [
  typesOf(ADDITIONAL_FILTER_TYPES.left),
  typesOf(ADDITIONAL_FILTER_TYPES.right),
];

/** A type's name from a number or query-string value. */
export function productTypeName(value: number | string | null | undefined): string | undefined {
  if (value === null || value === undefined || value === '') return undefined;
  const n = Number(value);
  return Number.isInteger(n) ? domainTypeName(n) : undefined;
}
