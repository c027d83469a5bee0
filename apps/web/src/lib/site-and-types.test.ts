import { describe, expect, it } from 'vitest';
import { ADDITIONAL_FILTER_COLUMNS, productTypeName } from './product-types.ts';
import { splitAddress, toSiteInfo } from './site.ts';

describe('Additional Filters', () => {
  it('has three types in each column', () => {
    expect(ADDITIONAL_FILTER_COLUMNS[0]).toHaveLength(3);
    expect(ADDITIONAL_FILTER_COLUMNS[1]).toHaveLength(3);
    const all = [...ADDITIONAL_FILTER_COLUMNS[0], ...ADDITIONAL_FILTER_COLUMNS[1]].map((t) => t.name).sort();
    expect(all).toEqual(['Fillets', 'Foam Board', 'Glass', 'Hardware', 'Mats', 'Mouldings']);
  });

  it('names a type from a query value', () => {
    expect(productTypeName('4')).toBe('Mouldings');
    expect(productTypeName(1)).toBe('Mats');
    expect(productTypeName('x')).toBeUndefined();
    expect(productTypeName(null)).toBeUndefined();
  });
});

describe('site facts', () => {
  it('splits the address after the street', () => {
    expect(splitAddress('4400 Tchoupitoulas St, New Orleans, LA 70115')).toEqual([
      '4400 Tchoupitoulas St',
      'New Orleans, LA 70115',
    ]);
    expect(splitAddress('One line')).toEqual(['One line']);
  });

  it('maps GET /api/site', () => {
    const info = toSiteInfo({
      companyName: 'Co',
      companyAddress: '1 Main St, Town, ST 00000',
      phone: '800-000-0000',
      stagingBanner: true,
      imageBaseUrl: '/cdn',
      businessTimeZone: 'America/New_York',
      locations: [
        {
          Loc: 'C',
          Name: 'New Orleans',
          Addr1: 'x',
          Addr2: null,
          City: 'New Orleans',
          State: 'LA',
          Zip: '70115',
          Phone: null,
        },
      ],
    });
    expect(info.stagingBanner).toBe(true);
    expect(info.warehouses).toEqual([
      { code: 'C', name: 'New Orleans', street: 'x', city: 'New Orleans', state: 'LA', zip: '70115' },
    ]);
  });
});
