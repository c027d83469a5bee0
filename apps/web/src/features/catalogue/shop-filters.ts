import type { ProductFilterSet, ProductSort } from '@mitrebox/api-contract';
import {
  DEFAULT_SHOP_TYPE,
  FRACTION_OPTIONS,
  formatInches,
  formatSixteenths,
  parseRange,
  parseSixteenths,
  SEARCH_MAX_LENGTH,
  SIXTEENTHS,
  visibleFilterGroups,
} from '@mitrebox/domain';

/**
 * The shop's filter state (storefront §2 Shop screen) and its round trip through the URL, so that a copied
 * link reproduces the view and Back restores it. Pure: no React, no DOM.
 *
 * URL form (every part optional):
 *   nameSearch=text          the header's name / item # search
 *   type=4 | type=all        product type; absent = the default (4, or every type for a name search)
 *   collection=133,159       collection ids, comma-separated or repeated (collection=133&collection=159)
 *   widthFrom=1 3/8&widthTo=2  (also heightFrom/To, rabbetFrom/To) sizes in inches with fractions
 *   finish=…&style=…         repeated names
 *   color_family=3,5 profile_type=1   ids like collection
 *   fb=1                     frame-builder mode (a Select button instead of add-to-cart)
 *   sort=price&dir=desc      order of the results: code, name, width or price, ascending unless dir=desc
 */

export const RANGE_KEYS = ['width', 'height', 'rabbet'] as const;
export type RangeKey = (typeof RANGE_KEYS)[number];

export const RANGE_LABELS: Record<RangeKey, string> = {
  width: 'Width',
  height: 'Height',
  rabbet: 'Rabbet Depth',
};

/** A size range as canonical fraction text ('1 3/8'); '' when empty. 'to' empty means from = to. */
export interface SizeRange {
  from: string;
  to: string;
}

export interface ShopState {
  /** The product type; null lists every type. */
  type: number | null;
  nameSearch: string;
  collection: number[];
  width: SizeRange;
  height: SizeRange;
  rabbet: SizeRange;
  finish: string[];
  style: string[];
  color_family: number[];
  profile_type: number[];
  /** Opened from the frame builder: cards offer Select instead of add-to-cart. */
  fb: boolean;
  /** Order of the results; null = the server's default (relevance for a search, else item #). */
  sort: ProductSort | null;
  dir: 'asc' | 'desc';
}

const EMPTY_RANGE: SizeRange = { from: '', to: '' };

export const EMPTY_STATE: ShopState = {
  type: DEFAULT_SHOP_TYPE,
  nameSearch: '',
  collection: [],
  width: EMPTY_RANGE,
  height: EMPTY_RANGE,
  rabbet: EMPTY_RANGE,
  finish: [],
  style: [],
  color_family: [],
  profile_type: [],
  fb: false,
  sort: null,
  dir: 'asc',
};

const MAX_TEXT = SEARCH_MAX_LENGTH;

/** The type shown when the URL names none: mouldings, but every type for a name search. */
export function defaultType(nameSearch: string): number | null {
  return nameSearch ? null : DEFAULT_SHOP_TYPE;
}

function uniq<T>(values: T[]): T[] {
  return [...new Set(values)];
}

function parseIds(values: string[]): number[] {
  return uniq(
    values
      .flatMap((v) => v.split(','))
      .map((v) => v.trim())
      .filter((v) => /^\d{1,7}$/.test(v))
      .map(Number),
  );
}

function parseNames(values: string[]): string[] {
  return uniq(values.map((v) => v.trim()).filter((v) => v.length > 0 && v.length <= 80));
}

/** Any size text people type or a link carries ('1-3/8', '1.375', '1 3/8"') as canonical text, or ''. */
export function normalizeSize(text: string | null | undefined): string {
  const sixteenths = parseSixteenths(text ?? '');
  return sixteenths === null ? '' : formatSixteenths(sixteenths);
}

function parseType(raw: string | null, nameSearch: string): number | null {
  if (raw === null || raw.trim() === '') return defaultType(nameSearch);
  if (raw.trim().toLowerCase() === 'all') return null;
  const n = Number(raw);
  return Number.isInteger(n) && n > 0 && n < 100 ? n : defaultType(nameSearch);
}

/** Filters of groups hidden for a type do not apply (their inputs are not on screen). */
export function withoutHiddenGroups(state: ShopState): ShopState {
  const visible = visibleFilterGroups(state.type);
  return {
    ...state,
    collection: visible.collection ? state.collection : [],
    width: visible.size ? state.width : EMPTY_RANGE,
    height: visible.size ? state.height : EMPTY_RANGE,
    rabbet: visible.size ? state.rabbet : EMPTY_RANGE,
    finish: visible.finish ? state.finish : [],
    style: visible.style ? state.style : [],
    color_family: visible.colorFamily ? state.color_family : [],
    profile_type: visible.profileType ? state.profile_type : [],
  };
}

export function parseShopParams(params: URLSearchParams): ShopState {
  const nameSearch = (params.get('nameSearch') ?? '').trim().slice(0, MAX_TEXT);
  const range = (key: RangeKey): SizeRange => ({
    from: normalizeSize(params.get(`${key}From`)),
    to: normalizeSize(params.get(`${key}To`)),
  });
  return withoutHiddenGroups({
    type: parseType(params.get('type'), nameSearch),
    nameSearch,
    collection: parseIds(params.getAll('collection')),
    width: range('width'),
    height: range('height'),
    rabbet: range('rabbet'),
    finish: parseNames(params.getAll('finish')),
    style: parseNames(params.getAll('style')),
    color_family: parseIds(params.getAll('color_family')),
    profile_type: parseIds(params.getAll('profile_type')),
    fb: params.get('fb') === '1',
    ...parseSort(params.get('sort'), params.get('dir')),
  });
}

/**
 * The contract's sorts (PRODUCT_SORTS), by type only: a value imported from @mitrebox/api-contract brings its
 * zod schemas into the shop's code, and building them costs ~0.5 s of a phone's main thread (ADR 013). The
 * record's type makes TypeScript fail when the contract gains or loses a sort.
 */
const KNOWN_SORTS: Record<ProductSort, true> = { code: true, name: true, width: true, price: true };

function parseSort(sort: string | null, dir: string | null): Pick<ShopState, 'sort' | 'dir'> {
  const known = sort !== null && Object.hasOwn(KNOWN_SORTS, sort) ? (sort as ProductSort) : null;
  return { sort: known, dir: known && dir === 'desc' ? 'desc' : 'asc' };
}

/** The sort choices of the Shop's toolbar, each a sort and a direction. */
export const SORT_CHOICES = [
  { value: '', label: 'Best match / Item #' },
  { value: 'code', label: 'Item #' },
  { value: 'name', label: 'Name A–Z' },
  { value: 'width', label: 'Width: narrow first' },
  { value: 'width-desc', label: 'Width: wide first' },
  { value: 'price', label: 'Price: low to high' },
  { value: 'price-desc', label: 'Price: high to low' },
] as const;

/** A state's sort as one of SORT_CHOICES' values. */
export function sortChoice(state: Pick<ShopState, 'sort' | 'dir'>): string {
  if (!state.sort) return '';
  return state.dir === 'desc' ? `${state.sort}-desc` : state.sort;
}

/** A choice of SORT_CHOICES into the state's sort and direction. */
export function withSortChoice(state: ShopState, choice: string): ShopState {
  const [sort, dir] = choice.split('-');
  return { ...state, ...parseSort(sort ?? null, dir ?? null) };
}

/** The canonical query string of a state (parseShopParams(toShopParams(s)) equals s). */
export function toShopParams(state: ShopState): URLSearchParams {
  const s = withoutHiddenGroups(state);
  const params = new URLSearchParams();
  if (s.nameSearch) params.set('nameSearch', s.nameSearch);
  if (s.type !== defaultType(s.nameSearch)) params.set('type', s.type === null ? 'all' : String(s.type));
  if (s.collection.length) params.set('collection', s.collection.join(','));
  for (const key of RANGE_KEYS) {
    if (s[key].from) params.set(`${key}From`, s[key].from);
    if (s[key].to) params.set(`${key}To`, s[key].to);
  }
  for (const f of s.finish) params.append('finish', f);
  for (const f of s.style) params.append('style', f);
  if (s.color_family.length) params.set('color_family', s.color_family.join(','));
  if (s.profile_type.length) params.set('profile_type', s.profile_type.join(','));
  if (s.fb) params.set('fb', '1');
  if (s.sort) params.set('sort', s.sort);
  if (s.sort && s.dir === 'desc') params.set('dir', 'desc');
  return params;
}

/** '?…' or '' — for links and navigate(). */
export function toShopSearch(state: ShopState): string {
  const text = toShopParams(state).toString();
  return text ? `?${text}` : '';
}

/** The query of GET /api/Shop/Products and /api/ProductFilters for a state (without the page). */
export interface CatalogueQuery {
  TopSearch?: string;
  type?: number;
  /** ProductFilterSet as JSON; absent when no filter is set. */
  filters?: string;
  frame_creator_active?: '1';
  sort?: ProductSort;
  dir?: 'desc';
}

export function toCatalogueQuery(state: ShopState): CatalogueQuery {
  const s = withoutHiddenGroups(state);
  const filters: ProductFilterSet = {};
  if (s.collection.length) filters.collection = s.collection;
  for (const key of RANGE_KEYS) {
    if (s[key].from || s[key].to) {
      filters[key] = s[key].to ? { from: s[key].from || '0', to: s[key].to } : { from: s[key].from };
    }
  }
  if (s.finish.length) filters.finish = s.finish;
  if (s.style.length) filters.style = s.style;
  if (s.color_family.length) filters.color_family = s.color_family;
  if (s.profile_type.length) filters.profile_type = s.profile_type;
  const query: CatalogueQuery = {};
  if (s.nameSearch) query.TopSearch = s.nameSearch;
  if (s.type !== null) query.type = s.type;
  if (Object.keys(filters).length) query.filters = JSON.stringify(filters);
  if (s.fb) query.frame_creator_active = '1';
  if (s.sort) query.sort = s.sort;
  if (s.sort && s.dir === 'desc') query.dir = 'desc';
  return query;
}

/** Chooses a type; the filters of groups the new type hides are dropped. */
export function withType(state: ShopState, type: number | null): ShopState {
  return withoutHiddenGroups({ ...state, type });
}

export function toggleValue<T>(list: T[], value: T, on: boolean): T[] {
  const has = list.includes(value);
  if (on && !has) return [...list, value];
  if (!on && has) return list.filter((v) => v !== value);
  return list;
}

/** Everything off: the default view (frame-builder mode stays). */
export function clearAll(state: ShopState): ShopState {
  return { ...EMPTY_STATE, fb: state.fb, sort: state.sort, dir: state.dir };
}

/** Filters a person set (the type counts only when it differs from the default). */
export function hasActiveFilters(state: ShopState): boolean {
  return activeFilterCount(state) > 0;
}

export function activeFilterCount(state: ShopState): number {
  const s = withoutHiddenGroups(state);
  return (
    (s.nameSearch ? 1 : 0) +
    (s.type !== defaultType(s.nameSearch) ? 1 : 0) +
    s.collection.length +
    RANGE_KEYS.filter((k) => s[k].from || s[k].to).length +
    s.finish.length +
    s.style.length +
    s.color_family.length +
    s.profile_type.length
  );
}

const inch = (text: string) => `${text}″`;

/**
 * A range as people read it, with parseRange's meaning: 'to' empty is exactly 'from' ('1 3/8″'), an empty
 * 'from' reads 'up to 2″', otherwise '1 3/8″ – 2″'.
 */
export function rangeLabel(range: SizeRange): string {
  let parsed: { min: number; max: number } | null;
  try {
    parsed = parseRange(range);
  } catch {
    return '';
  }
  if (!parsed) return '';
  const min = formatInches(parsed.min);
  const max = formatInches(parsed.max);
  if (!range.from && range.to) return `up to ${inch(max)}`;
  return parsed.min === parsed.max ? inch(min) : `${inch(min)} – ${inch(max)}`;
}

/** Whole inches and a fraction in sixteenths (the two inputs of a range end) as canonical text. */
export function composeSize(whole: string, fraction: number): string {
  const w = whole.replace(/\D/g, '');
  const f = Number.isInteger(fraction) && fraction > 0 && fraction < SIXTEENTHS ? fraction : 0;
  if (w === '' && f === 0) return '';
  return formatSixteenths(Number(w || '0') * SIXTEENTHS + f);
}

/** Canonical text back to the two inputs ('1 3/8' → { whole: '1', fraction: 6 }). */
export function splitSize(text: string): { whole: string; fraction: number } {
  const sixteenths = parseSixteenths(text);
  if (sixteenths === null) return { whole: '', fraction: 0 };
  const whole = Math.floor(sixteenths / SIXTEENTHS);
  const fraction = Math.round(sixteenths - whole * SIXTEENTHS);
  return { whole: whole === 0 && fraction > 0 ? '' : String(whole), fraction };
}

/** The fraction choices of the range inputs ('0' reads as none). */
export const FRACTION_SELECT_DATA = FRACTION_OPTIONS.map((o) => ({
  value: String(o.value),
  label: o.value === 0 ? '—' : o.label,
}));

export interface ActiveFilter {
  /** Stable key for React and tests. */
  key: string;
  group: string;
  label: string;
  /** The state without this filter. */
  remove: (state: ShopState) => ShopState;
}

export interface FilterNames {
  typeName: (type: number) => string | undefined;
  collection: Map<number, string>;
  color_family: Map<number, string>;
  profile_type: Map<number, string>;
}

/** The removable badges above the results. */
export function activeFilters(state: ShopState, names: FilterNames): ActiveFilter[] {
  const s = withoutHiddenGroups(state);
  const out: ActiveFilter[] = [];
  if (s.nameSearch) {
    out.push({
      key: 'nameSearch',
      group: 'Search',
      label: `“${s.nameSearch}”`,
      remove: (st) => ({ ...st, nameSearch: '', type: st.type === null ? DEFAULT_SHOP_TYPE : st.type }),
    });
  }
  if (s.type !== defaultType(s.nameSearch)) {
    out.push({
      key: 'type',
      group: 'Products',
      label: s.type === null ? 'All products' : (names.typeName(s.type) ?? `Type ${s.type}`),
      remove: (st) => withType(st, defaultType(st.nameSearch)),
    });
  }
  for (const id of s.collection) {
    out.push({
      key: `collection:${id}`,
      group: 'Collection',
      label: names.collection.get(id) ?? `#${id}`,
      remove: (st) => ({ ...st, collection: st.collection.filter((v) => v !== id) }),
    });
  }
  for (const key of RANGE_KEYS) {
    const label = rangeLabel(s[key]);
    if (label) {
      out.push({
        key,
        group: RANGE_LABELS[key],
        label,
        remove: (st) => ({ ...st, [key]: EMPTY_RANGE }),
      });
    }
  }
  for (const group of ['finish', 'style'] as const) {
    for (const value of s[group]) {
      out.push({
        key: `${group}:${value}`,
        group: group === 'finish' ? 'Finish' : 'Style',
        label: value,
        remove: (st) => ({ ...st, [group]: st[group].filter((v) => v !== value) }),
      });
    }
  }
  for (const group of ['color_family', 'profile_type'] as const) {
    for (const id of s[group]) {
      out.push({
        key: `${group}:${id}`,
        group: group === 'color_family' ? 'Color' : 'Profile',
        label: names[group].get(id) ?? `#${id}`,
        remove: (st) => ({ ...st, [group]: st[group].filter((v) => v !== id) }),
      });
    }
  }
  return out;
}

export const EMPTY_SIZE_RANGE = EMPTY_RANGE;
