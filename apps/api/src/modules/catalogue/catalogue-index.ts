import { LRUCache } from 'lru-cache';
import { hasPartFilters } from './catalogue-part-filters.ts';
import { CatalogueSearch } from './catalogue-search.ts';
import type { FacetCounts, ProductCriteria, SortKey } from './product-criteria.ts';
import type { Kept } from './product-finder.ts';
import type { ProductRow } from './product-rows.ts';

/**
 * The filter and sort columns of every active product, held by the process in columns (typed arrays), in item #
 * order (docs/decisions/018). A listing page's item #s, its total and the filter groups' counts come from here
 * without a query; the page's rows, stock and prices are still read from the database, in one statement that also
 * reads the catalogue's version: the page is answered from the index only if that version is the one the index was
 * built at (index-finder.ts). Nothing here expires by time, and nothing here is per account.
 */
export interface IndexedProduct {
  code: string;
  type: number;
  frameType: string;
  collectionId: number | null;
  width: number | null;
  height: number | null;
  rabbet: number | null;
  finishName: string | null;
  styleName: string | null;
  colorFamilyId: number | null;
  profileTypeId: number | null;
  /** lower(code) and lower(display_name) as the database lowers them: the item # and name orders' keys */
  codeKey: string;
  name: string;
  /** The headline list price (the listing's price order), or null. */
  price: number | null;
}

const NONE = -1;

/** Values of a text column as small integers: the column holds ids, the dictionary their text. */
class Dictionary {
  readonly values: string[] = [];
  private readonly ids = new Map<string, number>();
  id(value: string | null): number {
    if (value === null) return NONE;
    let id = this.ids.get(value);
    if (id === undefined) {
      id = this.values.length;
      this.values.push(value);
      this.ids.set(value, id);
    }
    return id;
  }
  find(value: string): number | undefined {
    return this.ids.get(value);
  }
}

/** Item # order as PostgreSQL's `order by code` (C collation: by code point). */
const byCode = (a: IndexedProduct, b: IndexedProduct) => (a.code < b.code ? -1 : a.code > b.code ? 1 : 0);

export class CatalogueIndex {
  readonly size: number;
  private readonly codes: string[];
  private readonly type: Int32Array;
  private readonly frameType: Int32Array;
  private readonly collection: Int32Array;
  private readonly width: Float64Array;
  private readonly height: Float64Array;
  private readonly rabbet: Float64Array;
  private readonly finish: Int32Array;
  private readonly style: Int32Array;
  private readonly colorFamily: Int32Array;
  private readonly profileType: Int32Array;
  private readonly codeKeys: string[];
  private readonly names: string[];
  private readonly prices: Float64Array;
  private readonly frameTypes = new Dictionary();
  private readonly finishes = new Dictionary();
  private readonly styles = new Dictionary();
  /** Positions (item # order) of each type, of each type's collection, and of each type's finish. */
  private readonly byType = new Map<number, Int32Array>();
  private readonly byTypeCollection = new Map<string, Int32Array>();
  private readonly byTypeFinish = new Map<string, Int32Array>();
  private readonly everything: Int32Array;
  /** The filter groups' columns, in the order of `Compiled.groups`, and the largest value in each. */
  private readonly groupColumns: Int32Array[];
  private readonly groupMax: number[];
  /** Every position in a sorted order, made the first time that order is asked for. */
  private readonly orders = new Map<string, Int32Array>();
  /**
   * The totals of filter sets this index has counted: a filter set's total is the same for every page, sort and
   * account, and the index never changes (a new catalogue version is a new index), so it is exact.
   */
  private readonly totals = new Map<string, number>();
  /**
   * Product rows (without stock) read from the database in a statement that read this index's version: exact while
   * the version stands, and a new version is a new index. Filled as pages need them; the `ROWS_KEPT` used last.
   */
  readonly rows = new LRUCache<string, ProductRow>({ max: ROWS_KEPT });
  /**
   * The JSON text of each row's own fields, as listings write it (listing-json.ts): written once per row at this
   * version; those used last, up to `OWN_TEXTS_KEPT_CHARS` characters in all.
   */
  readonly ownTexts = new LRUCache<string, string>({
    maxSize: OWN_TEXTS_KEPT_CHARS,
    sizeCalculation: (text) => text.length || 1,
  });
  /**
   * Net prices of a unit worked out for these rows, per account pricing and warehouse (the key: the pricing exactly as
   * the page's statement read it, and the warehouse). A net price is a function of the row, the pricing and the
   * warehouse only; the rows are this version's and the pricing is read with every page, so a kept one is exact.
   * The `NET_PRICE_KEYS_KEPT` pricings used last, the `NET_PRICES_KEPT` products used last of each.
   */
  private readonly netPrices = new LRUCache<string, LRUCache<string, object>>({ max: NET_PRICE_KEYS_KEPT });
  /** The header search over the same positions (catalogue-search.ts). */
  private readonly search: CatalogueSearch;

  constructor(
    products: IndexedProduct[],
    /** The catalogue version the products were read at. */
    readonly version: number,
  ) {
    // read in item # order already (TimSort then only checks it); sorted here too, as code points compare
    const rows = [...products].sort(byCode);
    const n = rows.length;
    this.size = n;
    this.codes = new Array(n);
    this.codeKeys = new Array(n);
    this.names = new Array(n);
    this.type = new Int32Array(n);
    this.frameType = new Int32Array(n);
    this.collection = new Int32Array(n);
    this.width = new Float64Array(n);
    this.height = new Float64Array(n);
    this.rabbet = new Float64Array(n);
    this.finish = new Int32Array(n);
    this.style = new Int32Array(n);
    this.colorFamily = new Int32Array(n);
    this.profileType = new Int32Array(n);
    this.prices = new Float64Array(n);
    const typeLists = new Map<number, number[]>();
    const collectionLists = new Map<string, number[]>();
    const finishLists = new Map<string, number[]>();
    const push = <K>(map: Map<K, number[]>, key: K, i: number) => {
      const list = map.get(key);
      if (list) list.push(i);
      else map.set(key, [i]);
    };
    rows.forEach((p, i) => {
      this.codes[i] = p.code;
      this.codeKeys[i] = p.codeKey;
      this.names[i] = p.name;
      this.type[i] = p.type;
      this.frameType[i] = this.frameTypes.id(p.frameType);
      this.collection[i] = p.collectionId ?? NONE;
      this.width[i] = p.width ?? Number.NaN;
      this.height[i] = p.height ?? Number.NaN;
      this.rabbet[i] = p.rabbet ?? Number.NaN;
      this.finish[i] = this.finishes.id(p.finishName);
      this.style[i] = this.styles.id(p.styleName);
      this.colorFamily[i] = p.colorFamilyId ?? NONE;
      this.profileType[i] = p.profileTypeId ?? NONE;
      this.prices[i] = p.price ?? Number.NaN;
      push(typeLists, p.type, i);
      if (p.collectionId !== null) push(collectionLists, `${p.type}:${p.collectionId}`, i);
      if (this.finish[i] !== NONE) push(finishLists, `${p.type}:${this.finish[i]}`, i);
    });
    for (const [k, list] of typeLists) this.byType.set(k, Int32Array.from(list));
    for (const [k, list] of collectionLists) this.byTypeCollection.set(k, Int32Array.from(list));
    for (const [k, list] of finishLists) this.byTypeFinish.set(k, Int32Array.from(list));
    this.everything = Int32Array.from({ length: n }, (_, i) => i);
    this.groupColumns = [this.collection, this.finish, this.style, this.colorFamily, this.profileType];
    this.groupMax = this.groupColumns.map(maxOf);
    this.search = new CatalogueSearch(this.codeKeys, this.names);
    // the search sorts the names as the order by name does (lower(name), then item #): made once
    this.orders.set('name:asc', this.search.nameOrder);
  }

  /** The net prices kept for one pricing and warehouse (`netPrices`), by item #; bounded. */
  netPricesFor<T extends object>(key: string): Kept<T> {
    let kept = this.netPrices.get(key);
    if (!kept) {
      kept = new LRUCache<string, object>({ max: NET_PRICES_KEPT });
      this.netPrices.set(key, kept);
    }
    return kept as unknown as Kept<T>;
  }

  /** How many rows, row texts and net prices the index keeps now (tests, the benchmark's record). */
  kept(): { rows: number; ownTexts: number; ownTextChars: number; netPrices: number } {
    let netPrices = 0;
    for (const prices of this.netPrices.values()) netPrices += prices.size;
    return {
      rows: this.rows.size,
      ownTexts: this.ownTexts.size,
      ownTextChars: this.ownTexts.calculatedSize,
      netPrices,
    };
  }

  /** The item # of every product the index holds, in item # order. */
  allCodes(): readonly string[] {
    return this.codes;
  }

  /**
   * Whether the index answers these criteria: every listing and every search, sorted or not, and their counts —
   * but for the Frame Creator's part filters (core, ply, sheet, kind), worked out from several columns in SQL.
   */
  static answers(c: ProductCriteria): boolean {
    return !hasPartFilters(c);
  }

  /**
   * The item #s of one page of a listing and the listing's total: the same rows, in the same order, as
   * `listingQueries()` gives (item # order, or the chosen sort with the item # breaking ties). One pass over the
   * candidates, counting every match and keeping only the page's.
   */
  page(c: ProductCriteria, page: number, perPage: number): { codes: string[]; total: number } {
    const q = this.compile(c);
    const from = (page - 1) * perPage;
    const to = from + perPage;
    if (c.search && !c.sort) {
      // the header search: every match in the search's order (catalogue-search.ts), filtered as a listing
      const found = this.search.matches(c.search, (i) => this.passes(q, i), to);
      return { codes: found.positions.slice(from, to).map((i) => this.codes[i]!), total: found.total };
    }
    // a sorted search: the search's matches, in the sort's order
    const searched = c.search ? this.searched(c.search) : undefined;
    // the total of this filter set, if an earlier page of it (any page, any account) counted it in this index
    const totalKey = filterSetKey(c);
    const known = this.totals.get(totalKey);
    const kept: number[] = [];
    let total = 0;
    // the candidates in the page's order: a sort's order of every product, the type's products in item # order, or
    // each chosen collection's products (each list in item # order, merged as walked: no sort of the matches)
    const walk = (list: Int32Array) => {
      for (let k = 0; k < list.length; k++) {
        const i = list[k]!;
        if (searched && searched[i] !== 1) continue;
        if (!this.passes(q, i)) continue;
        if (total >= from && total < to) kept.push(i);
        total++;
        // with the total known, the walk stops at the page's end
        if (known !== undefined && total >= to) return;
      }
    };
    if (c.type !== undefined && (c.collection?.length || c.finish?.length) && !c.sort) {
      // the chosen collections' lists, else the chosen finishes' (a finish is one of a few dozen: far fewer
      // candidates than the whole type)
      const lists: Int32Array[] = [];
      const keys = c.collection?.length
        ? [...new Set(c.collection)].map((id) => this.byTypeCollection.get(`${c.type}:${id}`))
        : [...new Set(c.finish)].map((name) => {
            const id = this.finishes.find(name);
            return id === undefined ? undefined : this.byTypeFinish.get(`${c.type}:${id}`);
          });
      for (const list of keys) if (list) lists.push(list);
      if (lists.length === 1) walk(lists[0]!);
      else if (lists.length > 1) walk(mergedInOrder(lists));
    } else
      walk(
        c.sort
          ? this.order(c.sort, c.dir === 'desc')
          : c.type !== undefined
            ? (this.byType.get(c.type) ?? new Int32Array(0))
            : this.everything,
      );
    if (known !== undefined) total = known;
    if (known === undefined) {
      if (this.totals.size >= TOTALS_KEPT) this.totals.clear();
      this.totals.set(totalKey, total);
    }
    return { codes: kept.map((i) => this.codes[i]!), total };
  }

  /**
   * The filter groups' counts: each group's values among the products that pass every active filter but the
   * group's own (as `facetCounts()` counts them, one query per group).
   */
  facetCounts(c: ProductCriteria): FacetCounts {
    const q = this.compile(c);
    const columns = this.groupColumns;
    const counts = this.groupMax.map((max) => new Int32Array(max + 2));
    // with a search, its matches (whatever the filters: each group's own filter is left out of its counts)
    const list = c.search
      ? Int32Array.from(this.search.matches(c.search, () => true).positions)
      : c.type !== undefined
        ? (this.byType.get(c.type) ?? new Int32Array(0))
        : this.everything;
    for (let k = 0; k < list.length; k++) {
      const i = list[k]!;
      if (!this.passesBase(q, i)) continue;
      // which groups' own filters this product fails: none → it counts in every group; one → only in that one
      let failed = -1;
      let fails = 0;
      for (let g = 0; g < 5 && fails < 2; g++) {
        const mask = q.groups[g];
        if (mask && mask[columns[g]![i]! + 1] !== 1) {
          failed = g;
          fails++;
        }
      }
      if (fails === 0) for (let g = 0; g < 5; g++) counts[g]![columns[g]![i]! + 1]!++;
      else if (fails === 1) counts[failed]![columns[failed]![i]! + 1]!++;
    }
    // slot 0 holds the products without a value (not counted, as `… is not null` in SQL)
    const entries = (g: number, name: (id: number) => string) => {
      const m = new Map<string, number>();
      counts[g]!.forEach((n, slot) => {
        if (slot > 0 && n > 0) m.set(name(slot - 1), n);
      });
      return m;
    };
    return {
      collection: entries(0, String),
      finish: entries(1, (id) => this.finishes.values[id]!),
      style: entries(2, (id) => this.styles.values[id]!),
      colorFamily: entries(3, String),
      profileType: entries(4, String),
    };
  }

  /** Positions matching a search (1), whatever the filters. */
  private searched(text: string): Uint8Array {
    const mark = new Uint8Array(this.size);
    for (const i of this.search.matches(text, () => true).positions) mark[i] = 1;
    return mark;
  }

  /** The criteria as flat values a tight loop tests (the WHERE of `conditions()` without the search). */
  private compile(c: ProductCriteria): Compiled {
    const ids = (g: number, wanted: (number | undefined)[] | undefined) => {
      if (!wanted?.length) return null;
      // a value no product has matches nothing; the mask is indexed by value + 1 (slot 0: no value)
      const mask = new Uint8Array(this.groupMax[g]! + 2);
      for (const v of wanted) if (v !== undefined && v >= 0 && v + 1 < mask.length) mask[v + 1] = 1;
      return mask;
    };
    const texts = (dict: Dictionary, values: string[] | undefined) => values?.map((v) => dict.find(v));
    const range = (r: { min: number; max: number } | null | undefined): [number, number] | null =>
      r ? [r.min - 1 / 32, r.max + 1 / 32] : null;
    const frameBuilder = new Uint8Array(this.frameTypes.values.length + 1);
    for (const t of ['MOULDING', 'MATS']) {
      const id = this.frameTypes.find(t);
      if (id !== undefined) frameBuilder[id] = 1;
    }
    return {
      type: c.type ?? NO_TEST,
      frameType: c.frameType ? (this.frameTypes.find(c.frameType) ?? NOTHING) : NO_TEST,
      groups: [
        ids(0, c.collection),
        ids(1, texts(this.finishes, c.finish)),
        ids(2, texts(this.styles, c.style)),
        ids(3, c.colorFamily),
        ids(4, c.profileType),
      ],
      width: range(c.width),
      height: range(c.height),
      rabbet: range(c.rabbet),
      frameBuilder: c.frameBuilderImage ? frameBuilder : null,
      frameCreator: Boolean(c.frameCreator),
    };
  }

  /** Every test but the filter groups'. */
  private passesBase(q: Compiled, i: number): boolean {
    if (q.type !== NO_TEST && this.type[i] !== q.type) return false;
    if (q.frameType !== NO_TEST && this.frameType[i] !== q.frameType) return false;
    // sizes with half a sixteenth of slack, as the SQL compares them; a product without the size never matches
    if (q.width && !(this.width[i]! >= q.width[0] && this.width[i]! <= q.width[1])) return false;
    if (q.height && !(this.height[i]! >= q.height[0] && this.height[i]! <= q.height[1])) return false;
    if (q.rabbet && !(this.rabbet[i]! >= q.rabbet[0] && this.rabbet[i]! <= q.rabbet[1])) return false;
    if (q.frameBuilder && q.frameBuilder[this.frameType[i]!] !== 1) return false;
    if (q.frameCreator && !(this.type[i]! >= 1 && this.type[i]! <= 4)) return false;
    return true;
  }

  private passes(q: Compiled, i: number): boolean {
    if (!this.passesBase(q, i)) return false;
    const g = q.groups;
    if (g[0] && g[0][this.collection[i]! + 1] !== 1) return false;
    if (g[1] && g[1][this.finish[i]! + 1] !== 1) return false;
    if (g[2] && g[2][this.style[i]! + 1] !== 1) return false;
    if (g[3] && g[3][this.colorFamily[i]! + 1] !== 1) return false;
    if (g[4] && g[4][this.profileType[i]! + 1] !== 1) return false;
    return true;
  }

  /**
   * Every position in a sorted order, as `sortOrder()` has it: the key ascending or descending with products
   * without one last, then the item # ascending. Made the first time that order is asked for.
   */
  private order(key: SortKey, desc: boolean): Int32Array {
    const name = `${key}:${desc ? 'desc' : 'asc'}`;
    const known = this.orders.get(name);
    if (known) return known;
    const order = Int32Array.from(this.everything);
    const sign = desc ? -1 : 1;
    const compareKey: (a: number, b: number) => number =
      key === 'name' || key === 'code'
        ? (a, b) => {
            const keys = key === 'name' ? this.names : this.codeKeys;
            const x = keys[a]!;
            const y = keys[b]!;
            return x < y ? -sign : x > y ? sign : 0;
          }
        : (a, b) => {
            const column = key === 'width' ? this.width : this.prices;
            const x = column[a]!;
            const y = column[b]!;
            const xn = Number.isNaN(x);
            const yn = Number.isNaN(y);
            if (xn || yn) return xn === yn ? 0 : xn ? 1 : -1; // nulls last either way
            return (x - y) * sign;
          };
    // positions are in item # order, so the item # breaks ties by position
    order.sort((a, b) => compareKey(a, b) || a - b);
    this.orders.set(name, order);
    return order;
  }
}

/** Ascending lists of distinct positions as one ascending list (a collection's products are in no other). */
function mergedInOrder(lists: Int32Array[]): Int32Array {
  let n = 0;
  for (const list of lists) n += list.length;
  const out = new Int32Array(n);
  const at = new Int32Array(lists.length);
  for (let o = 0; o < n; o++) {
    let best = -1;
    let value = 0;
    for (let l = 0; l < lists.length; l++) {
      const list = lists[l]!;
      if (at[l]! < list.length && (best < 0 || list[at[l]!]! < value)) {
        best = l;
        value = list[at[l]!]!;
      }
    }
    out[o] = value;
    at[best]!++;
  }
  return out;
}

/**
 * What an index keeps beside its columns, bounded whatever the catalogue's size and however many products buyers
 * look at (docs/decisions/018, "What is kept"): rows (about 0.7 KB of heap each), their own fields' texts (about
 * 0.9 KB each), net prices (about 0.1 KB each) — at most about 20 + 24 + 10 MB. Up to 30,000 products every row is
 * kept; at 100,000 the rows of the pages buyers ask for most, the others read with their page.
 */
export const ROWS_KEPT = 30_000;
const OWN_TEXTS_KEPT_CHARS = 24_000_000;
/** Net prices: for this many pricings and warehouses (the ones used last), this many products each. */
const NET_PRICE_KEYS_KEPT = 16;
const NET_PRICES_KEPT = 6_000;

/** How many filter sets' totals an index keeps (then it starts again). */
const TOTALS_KEPT = 20_000;

/** The criteria that decide a listing's total (not its sort or direction), as a key. */
function filterSetKey(c: ProductCriteria): string {
  return JSON.stringify([
    c.search,
    c.type,
    c.frameType,
    c.collection,
    c.width,
    c.height,
    c.rabbet,
    c.finish,
    c.style,
    c.colorFamily,
    c.profileType,
    Boolean(c.frameBuilderImage),
    Boolean(c.frameCreator),
  ]);
}

/** A criterion not given, and one no product can meet (a frame type no product has). */
const NO_TEST = -2;
const NOTHING = -3;

interface Compiled {
  type: number;
  frameType: number;
  /** Per filter group (collection, finish, style, colour family, profile type): value + 1 → 1 when wanted. */
  groups: (Uint8Array | null)[];
  /** Size ranges with their slack; null when not filtered. */
  width: [number, number] | null;
  height: [number, number] | null;
  rabbet: [number, number] | null;
  frameBuilder: Uint8Array | null;
  frameCreator: boolean;
}

function maxOf(column: Int32Array): number {
  let max = -1;
  for (let i = 0; i < column.length; i++) if (column[i]! > max) max = column[i]!;
  return max;
}
