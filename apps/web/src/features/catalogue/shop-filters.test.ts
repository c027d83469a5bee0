import { DEFAULT_SHOP_TYPE, parseRange } from '@mitrebox/domain';
import { describe, expect, it } from 'vitest';
import {
  activeFilterCount,
  activeFilters,
  clearAll,
  composeSize,
  EMPTY_STATE,
  type FilterNames,
  normalizeSize,
  parseShopParams,
  rangeLabel,
  type ShopState,
  SORT_CHOICES,
  sortChoice,
  splitSize,
  toCatalogueQuery,
  toggleValue,
  toShopParams,
  toShopSearch,
  withSortChoice,
  withType,
} from './shop-filters.ts';

const parse = (search: string) => parseShopParams(new URLSearchParams(search));

const names: FilterNames = {
  typeName: (t) => ({ 1: 'Mats', 3: 'Fillets', 4: 'Mouldings' })[t],
  collection: new Map([
    [133, 'Ferrara'],
    [159, 'Innsbruck'],
  ]),
  color_family: new Map([[3, 'Black']]),
  profile_type: new Map([[1, 'Flat']]),
};

describe('URL → filter state', () => {
  it('opens on mouldings (type 4) with nothing else set', () => {
    expect(parse('')).toEqual(EMPTY_STATE);
    expect(parse('').type).toBe(DEFAULT_SHOP_TYPE);
  });

  it('reads one collection, a comma list and repeated parameters alike', () => {
    expect(parse('collection=133').collection).toEqual([133]);
    expect(parse('collection=133,159').collection).toEqual([133, 159]);
    expect(parse('collection=133&collection=159').collection).toEqual([133, 159]);
    expect(parse('collection=133,,x,133&collection=-4').collection).toEqual([133]);
  });

  it('lists every type for a name search unless a type is named', () => {
    expect(parse('nameSearch=walnut')).toMatchObject({ nameSearch: 'walnut', type: null });
    expect(parse('nameSearch=walnut&type=1').type).toBe(1);
    expect(parse('type=all').type).toBeNull();
    expect(parse('type=banana').type).toBe(DEFAULT_SHOP_TYPE);
  });

  it('normalizes sizes to fraction text and drops what is not a size', () => {
    const s = parse('widthFrom=1-3/8&widthTo=2.5&heightFrom=abc&rabbetFrom=3/8%22');
    expect(s.width).toEqual({ from: '1 3/8', to: '2 1/2' });
    expect(s.height).toEqual({ from: '', to: '' });
    expect(s.rabbet).toEqual({ from: '3/8', to: '' });
  });

  it('drops the filters of groups the type hides (collection stays for fillets)', () => {
    const mats = parse('type=1&collection=133&widthFrom=1&finish=Black&color_family=3');
    expect(mats).toMatchObject({
      type: 1,
      collection: [],
      width: { from: '' },
      finish: [],
      color_family: [],
    });
    const fillets = parse('type=3&collection=133&widthFrom=1');
    expect(fillets.collection).toEqual([133]);
    expect(fillets.width.from).toBe('');
  });

  it('reads names, ids and frame-builder mode', () => {
    const s = parse('finish=Antique%20Gold&finish=Cherry&style=Ornate&color_family=3,5&profile_type=1&fb=1');
    expect(s.finish).toEqual(['Antique Gold', 'Cherry']);
    expect(s.style).toEqual(['Ornate']);
    expect(s.color_family).toEqual([3, 5]);
    expect(s.profile_type).toEqual([1]);
    expect(s.fb).toBe(true);
  });
});

describe('filter state → URL', () => {
  const full: ShopState = {
    ...EMPTY_STATE,
    type: 4,
    nameSearch: 'gold',
    collection: [133, 159],
    width: { from: '1 3/8', to: '2' },
    height: { from: '1', to: '' },
    rabbet: { from: '', to: '' },
    finish: ['Antique Gold'],
    style: ['Ornate', 'Traditional'],
    color_family: [3],
    profile_type: [1, 4],
    fb: true,
    sort: 'price',
    dir: 'desc',
  };

  it('round-trips every filter', () => {
    expect(parseShopParams(toShopParams(full))).toEqual(full);
    expect(parseShopParams(toShopParams(EMPTY_STATE))).toEqual(EMPTY_STATE);
    const all = { ...EMPTY_STATE, type: null };
    expect(parseShopParams(toShopParams(all))).toEqual(all);
  });

  it('writes short, readable links', () => {
    expect(toShopSearch(EMPTY_STATE)).toBe('');
    expect(toShopSearch({ ...EMPTY_STATE, collection: [133, 159] })).toBe('?collection=133%2C159');
    expect(toShopSearch({ ...EMPTY_STATE, nameSearch: 'walnut', type: null })).toBe('?nameSearch=walnut');
    expect(toShopSearch({ ...EMPTY_STATE, nameSearch: 'walnut', type: 4 })).toBe('?nameSearch=walnut&type=4');
    expect(toShopSearch({ ...EMPTY_STATE, type: null })).toBe('?type=all');
    expect(toShopParams({ ...EMPTY_STATE, width: { from: '1 3/8', to: '' } }).get('widthFrom')).toBe('1 3/8');
  });
});

describe('filter state → API query', () => {
  it('sends type 4 and no filters by default', () => {
    expect(toCatalogueQuery(EMPTY_STATE)).toEqual({ type: 4 });
  });

  it('sends the filters as one JSON object, ranges with parseRange meaning', () => {
    const q = toCatalogueQuery({
      ...EMPTY_STATE,
      nameSearch: 'gold',
      type: null,
      collection: [133],
      width: { from: '1 3/8', to: '' },
      height: { from: '', to: '2' },
      finish: ['Cherry'],
    });
    expect(q.TopSearch).toBe('gold');
    expect(q.type).toBeUndefined();
    const filters = JSON.parse(q.filters ?? '{}');
    expect(filters).toEqual({
      collection: [133],
      width: { from: '1 3/8' },
      height: { from: '0', to: '2' },
      finish: ['Cherry'],
    });
    // 'to' empty means from = to
    expect(parseRange(filters.width)).toEqual({ min: 1.375, max: 1.375 });
    expect(parseRange(filters.height)).toEqual({ min: 0, max: 2 });
  });

  it('asks for frame-creator products in frame-builder mode', () => {
    expect(toCatalogueQuery({ ...EMPTY_STATE, fb: true }).frame_creator_active).toBe('1');
  });
});

describe('listing sort', () => {
  it('is held in the URL and sent to the server; unknown sorts are ignored', () => {
    const byWidth = withSortChoice(EMPTY_STATE, 'width-desc');
    expect(byWidth).toMatchObject({ sort: 'width', dir: 'desc' });
    expect(toShopSearch(byWidth)).toBe('?sort=width&dir=desc');
    expect(toCatalogueQuery(byWidth)).toEqual({ type: 4, sort: 'width', dir: 'desc' });
    expect(sortChoice(byWidth)).toBe('width-desc');
    expect(toShopSearch(withSortChoice(EMPTY_STATE, 'name'))).toBe('?sort=name');
    expect(parseShopParams(new URLSearchParams('sort=password&dir=desc'))).toMatchObject({
      sort: null,
      dir: 'asc',
    });
    expect(withSortChoice(byWidth, '')).toMatchObject({ sort: null, dir: 'asc' });
    for (const c of SORT_CHOICES) expect(sortChoice(withSortChoice(EMPTY_STATE, c.value))).toBe(c.value);
  });

  it('survives clearing the filters', () => {
    const s = { ...withSortChoice(EMPTY_STATE, 'price'), collection: [133] };
    expect(clearAll(s)).toMatchObject({ sort: 'price', collection: [] });
  });
});

describe('changing filters', () => {
  it('switching to mats drops the moulding filters, fillets keep the collection', () => {
    const s = { ...EMPTY_STATE, collection: [133], width: { from: '1', to: '2' }, style: ['Ornate'] };
    expect(withType(s, 1)).toMatchObject({ type: 1, collection: [], width: { from: '', to: '' }, style: [] });
    expect(withType(s, 3)).toMatchObject({ type: 3, collection: [133], style: [] });
    expect(withType(s, null)).toMatchObject({ type: null, collection: [133], style: ['Ornate'] });
  });

  it('toggles a value in a list', () => {
    expect(toggleValue([1, 2], 3, true)).toEqual([1, 2, 3]);
    expect(toggleValue([1, 2], 2, false)).toEqual([1]);
    expect(toggleValue([1, 2], 2, true)).toEqual([1, 2]);
  });

  it('clears everything but frame-builder mode', () => {
    const s = { ...EMPTY_STATE, nameSearch: 'x', type: 1, fb: true };
    expect(clearAll(s)).toEqual({ ...EMPTY_STATE, fb: true });
  });
});

describe('active filter badges', () => {
  it('names each filter and removes exactly that one', () => {
    const s: ShopState = {
      ...EMPTY_STATE,
      nameSearch: 'gold',
      type: 4,
      collection: [133, 159],
      width: { from: '1 3/8', to: '2' },
      color_family: [3],
      profile_type: [1],
      style: ['Ornate'],
    };
    const badges = activeFilters(s, names);
    expect(badges.map((b) => `${b.group}: ${b.label}`)).toEqual([
      'Search: “gold”',
      'Products: Mouldings',
      'Collection: Ferrara',
      'Collection: Innsbruck',
      'Width: 1 3/8″ – 2″',
      'Style: Ornate',
      'Color: Black',
      'Profile: Flat',
    ]);
    expect(activeFilterCount(s)).toBe(badges.length);
    const ferrara = badges.find((b) => b.key === 'collection:133');
    expect(ferrara?.remove(s).collection).toEqual([159]);
    const width = badges.find((b) => b.key === 'width');
    expect(width?.remove(s).width).toEqual({ from: '', to: '' });
    const search = badges.find((b) => b.key === 'nameSearch');
    expect(search?.remove(s)).toMatchObject({ nameSearch: '', type: 4 });
  });

  it('shows no badge for the default type', () => {
    expect(activeFilters(EMPTY_STATE, names)).toEqual([]);
    expect(activeFilterCount(EMPTY_STATE)).toBe(0);
    expect(activeFilters({ ...EMPTY_STATE, type: 1 }, names).map((b) => b.label)).toEqual(['Mats']);
  });
});

describe('size inputs', () => {
  it('labels ranges the way parseRange reads them', () => {
    expect(rangeLabel({ from: '1 3/8', to: '' })).toBe('1 3/8″');
    expect(rangeLabel({ from: '1 3/8', to: '2' })).toBe('1 3/8″ – 2″');
    expect(rangeLabel({ from: '2', to: '1' })).toBe('1″ – 2″');
    expect(rangeLabel({ from: '', to: '2' })).toBe('up to 2″');
    expect(rangeLabel({ from: '', to: '' })).toBe('');
  });

  it('composes and splits whole inches and sixteenths', () => {
    expect(composeSize('1', 6)).toBe('1 3/8');
    expect(composeSize('', 4)).toBe('1/4');
    expect(composeSize('2', 0)).toBe('2');
    expect(composeSize('', 0)).toBe('');
    expect(composeSize('1a', 8)).toBe('1 1/2');
    expect(splitSize('1 3/8')).toEqual({ whole: '1', fraction: 6 });
    expect(splitSize('1/4')).toEqual({ whole: '', fraction: 4 });
    expect(splitSize('')).toEqual({ whole: '', fraction: 0 });
    expect(normalizeSize('1-1/2"')).toBe('1 1/2');
    expect(normalizeSize('nope')).toBe('');
  });
});
