import { describe, expect, it } from 'vitest';
import { ADDITIONAL_FILTER_TYPES, visibleFilterGroups } from './product-types.ts';

describe('shop filter groups per type (storefront §2)', () => {
  it('mouldings show every group', () => {
    expect(Object.values(visibleFilterGroups(4)).every(Boolean)).toBe(true);
    expect(Object.values(visibleFilterGroups(undefined)).every(Boolean)).toBe(true);
  });
  it.each([1, 2, 6, 13, 14])('type %i hides every group', (type) => {
    expect(Object.values(visibleFilterGroups(type)).some(Boolean)).toBe(false);
  });
  it('type 3 keeps only the collection filter', () => {
    const v = visibleFilterGroups(3);
    expect(v.collection).toBe(true);
    expect(v.size || v.finish || v.style || v.colorFamily || v.profileType).toBe(false);
  });
  it('additional filters are three and three', () => {
    expect(ADDITIONAL_FILTER_TYPES.left).toHaveLength(3);
    expect(ADDITIONAL_FILTER_TYPES.right).toHaveLength(3);
  });
});
