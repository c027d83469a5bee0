/**
 * The header search answered from the catalogue index (docs/decisions/018, "The header search from the catalogue index"):
 * built with the index from the same item #s and names, in the index's positions (item # order). A search is then
 * work in JS that grows with its matches, not with the catalogue; the page's rows are read by item # as a listing's.
 *
 * The order, as the SQL search (`searchQueries()`) gives it, but for several words (every one is needed):
 *   0. the exact item #,
 *   1. item #s starting with the text, by item #,
 *   2. one to three letters: names starting with the text, by name;
 *      four or more: names having every word of the text as the start of one of their words, or (a word of four
 *      letters or more) as a near word — pg_trgm's word similarity of at least 0.5 ('walnot' → Walnut) — nearest
 *      first (a whole word before a word it starts, before a typo), then by item #. Not looked for when the text
 *      is an item #.
 *   3. two or three letters or digits: names with another word starting with them, by item #;
 *      four or more: item #s containing the text, by item #.
 * A product keeps its first place. Every match is counted: the total is exact.
 */

/** A character of a word, as pg_trgm and the search split words: runs of letters and digits. */
const LETTER_OR_DIGIT = /[\p{L}\p{N}]/u;

/** Calls `each` with every word of `text` (runs of letters and digits); plain ASCII without a regular expression. */
function forEachWord(text: string, each: (word: string) => void): void {
  let from = -1;
  for (let k = 0; k <= text.length; ) {
    let width = 1;
    let inWord = false;
    if (k < text.length) {
      const c = text.charCodeAt(k);
      if (c < 128) inWord = (c >= 48 && c <= 57) || (c >= 97 && c <= 122) || (c >= 65 && c <= 90);
      else {
        const point = text.codePointAt(k)!;
        if (point > 0xffff) width = 2;
        inWord = LETTER_OR_DIGIT.test(String.fromCodePoint(point));
      }
    }
    if (inWord) {
      if (from < 0) from = k;
    } else if (from >= 0) {
      each(text.slice(from, k));
      from = -1;
    }
    k += width;
  }
}

/** The words of a text as pg_trgm splits them: runs of letters and digits, in any script. */
export function wordsOf(text: string): string[] {
  const out: string[] = [];
  forEachWord(text, (w) => out.push(w));
  return out;
}

/** Three characters of an item # as one number (for the map of item # pieces; no string made per piece). */
const pieceKey = (text: string, k: number) =>
  text.charCodeAt(k) * 4294967296 + text.charCodeAt(k + 1) * 65536 + text.charCodeAt(k + 2);
/** pg_trgm's `word_similarity_threshold`, as the SQL search sets it. */
export const WORD_SIMILARITY_THRESHOLD = 0.5;

/** The trigrams of one word as pg_trgm makes them: two spaces before, one after ('oak' → '  o', ' oa', 'oak', 'ak '). */
export function trigramsOf(word: string): string[] {
  const padded = `  ${word} `;
  const out: string[] = [];
  for (let k = 0; k + 3 <= padded.length; k++) out.push(padded.slice(k, k + 3));
  return out;
}

/**
 * pg_trgm's `word_similarity(query, word)` of one query word against one word: the best, over every continuous
 * extent of the word's trigrams, of shared trigrams / trigrams of either (each counted once).
 */
export function wordSimilarity(queryTrigrams: ReadonlySet<string>, wordTrigrams: readonly string[]): number {
  let best = 0;
  const q = queryTrigrams.size;
  if (q === 0) return 0;
  for (let from = 0; from < wordTrigrams.length; from++) {
    const seen = new Set<string>();
    let shared = 0;
    for (let to = from; to < wordTrigrams.length; to++) {
      const t = wordTrigrams[to]!;
      if (seen.has(t)) continue;
      seen.add(t);
      if (queryTrigrams.has(t)) shared++;
      const s = shared / (q + seen.size - shared);
      if (s > best) best = s;
    }
  }
  return best;
}

/** First position in `order` whose key is not below `text` (keys compare by code point, as `~<~` does). */
function lowerBound(order: Int32Array, keyOf: (i: number) => string, text: string): number {
  let lo = 0;
  let hi = order.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (keyOf(order[mid]!) < text) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** A query word's matching vocabulary words, nearest first, and their distances (wordsNear). */
interface Near {
  ids: Int32Array;
  distances: Float64Array;
  /** How many names those words have in all (a name with two of them counted twice). */
  names: number;
}

/**
 * How many vocabulary ids the query words' matches kept by a search structure may hold in all (about 12 bytes
 * each): the words buyers type recur across searches ('gold', 'walnut', 'black …'), and a structure never changes.
 */
const NEAR_IDS_KEPT = 500_000;

/** Ids of a list of lists, packed: list k is `items[start[k] .. start[k + 1])`. */
interface Packed {
  start: Int32Array;
  items: Int32Array;
}

export class CatalogueSearch {
  private readonly n: number;
  /** Positions by lower(item #), and by lower(name); ties by position. */
  private readonly codeOrder: Int32Array;
  /** (The index's order by name too: the same sort.) */
  readonly nameOrder: Int32Array;
  /** The names' words (the vocabulary), their ids by word, and the ids in word order. */
  private readonly words: string[] = [];
  private readonly wordIds = new Map<string, number>();
  private readonly wordOrder: Int32Array;
  /** Each word's positions (ascending), each position's words, and each trigram's words. */
  private readonly postings: Packed;
  private readonly wordsOfName: Packed;
  private readonly wordsOfTrigram = new Map<string, Int32Array>();
  /** Each item #'s positions by its three-letter pieces (no padding): what an item # containing the text needs. */
  private readonly codesOfPiece = new Map<number, Int32Array>();
  /** Scratch for one search: shared trigrams per word, distances per word (one array per query word). */
  private readonly shared: Uint16Array;
  private readonly distances: Float64Array[] = [];
  /** wordsNear's answers by query word, up to NEAR_IDS_KEPT ids in all (then it starts again). */
  private readonly nearKept = new Map<string, Near>();
  private nearIdsKept = 0;
  /** The trigrams of the words a search has compared (at most the vocabulary). */
  private readonly trigramCache: string[][] = [];
  /** A mark per position for one search (the search number), so a product is taken once. */
  private readonly taken: Uint32Array;
  private searchNumber = 0;

  constructor(
    /** lower(item #) and lower(name) of every indexed product, in the index's positions. */
    private readonly codeKeys: readonly string[],
    private readonly names: readonly string[],
  ) {
    const n = codeKeys.length;
    this.n = n;
    this.taken = new Uint32Array(n);
    this.codeOrder = sortedPositions(n, codeKeys);
    this.nameOrder = sortedPositions(n, names);

    // each name's word ids, packed as they come (no list per name), and how many names have each word
    const nameStart = new Int32Array(n + 1);
    const nameWords: number[] = [];
    const counts: number[] = [];
    for (let i = 0; i < n; i++) {
      const from = nameWords.length;
      forEachWord(names[i]!, (w) => {
        let id = this.wordIds.get(w);
        if (id === undefined) {
          id = this.words.length;
          this.words.push(w);
          this.wordIds.set(w, id);
          counts.push(0);
        }
        for (let k = from; k < nameWords.length; k++) if (nameWords[k] === id) return;
        nameWords.push(id);
        counts[id]!++;
      });
      nameStart[i + 1] = nameWords.length;
    }
    this.wordsOfName = { start: nameStart, items: Int32Array.from(nameWords) };
    // each word's names, ascending: filled in position order
    const postStart = new Int32Array(counts.length + 1);
    for (let id = 0; id < counts.length; id++) postStart[id + 1] = postStart[id]! + counts[id]!;
    const postItems = new Int32Array(postStart[counts.length]!);
    const fill = postStart.slice(0, counts.length);
    for (let i = 0; i < n; i++)
      for (let k = nameStart[i]!; k < nameStart[i + 1]!; k++) postItems[fill[nameWords[k]!]!++] = i;
    this.postings = { start: postStart, items: postItems };
    this.wordOrder = sortedPositions(this.words.length, this.words);

    const byTrigram = new Map<string, number[]>();
    this.words.forEach((w, id) => {
      for (const t of new Set(trigramsOf(w))) {
        const list = byTrigram.get(t);
        if (list) list.push(id);
        else byTrigram.set(t, [id]);
      }
    });
    for (const [t, ids] of byTrigram) this.wordsOfTrigram.set(t, Int32Array.from(ids));
    this.shared = new Uint16Array(this.words.length);

    const byPiece = new Map<number, number[]>();
    for (let i = 0; i < n; i++) {
      const key = codeKeys[i]!;
      let last = -1;
      for (let k = 0; k + 3 <= key.length; k++) {
        const piece = pieceKey(key, k);
        if (piece === last) continue;
        last = piece;
        const list = byPiece.get(piece);
        if (!list) byPiece.set(piece, [i]);
        else if (list[list.length - 1] !== i) list.push(i);
      }
    }
    for (const [piece, list] of byPiece) this.codesOfPiece.set(piece, Int32Array.from(list));
  }

  /** The vocabulary's size (for the record and tests). */
  get vocabularySize(): number {
    return this.words.length;
  }

  /**
   * The products matching `text` that `keep` keeps (the listing's filters), in the search's order: the first
   * `limit` of them, and how many there are. `text` is the buyer's text, trimmed.
   */
  matches(
    text: string,
    keep: (i: number) => boolean,
    limit = Number.POSITIVE_INFINITY,
  ): { positions: number[]; total: number } {
    const q = text.toLowerCase();
    const out: number[] = [];
    let total = 0;
    if (!q) return { positions: out, total };
    this.searchNumber = (this.searchNumber + 1) >>> 0 || 1;
    if (this.searchNumber === 1) this.taken.fill(0);
    const mark = this.searchNumber;
    const taken = this.taken;
    const take = (i: number) => {
      if (taken[i] === mark) return;
      taken[i] = mark;
      if (!keep(i)) return;
      if (total++ < limit) out.push(i);
    };

    // 0 and 1: the exact item # (the lowest key starting with the text), then the item #s starting with it
    let isItemNumber = false;
    for (let k = lowerBound(this.codeOrder, (i) => this.codeKeys[i]!, q); k < this.n; k++) {
      const i = this.codeOrder[k]!;
      const key = this.codeKeys[i]!;
      if (!key.startsWith(q)) break;
      if (key === q) isItemNumber = true;
      take(i);
    }

    if (q.length <= 3) {
      // 2: names starting with the text, by name
      for (let k = lowerBound(this.nameOrder, (i) => this.names[i]!, q); k < this.n; k++) {
        const i = this.nameOrder[k]!;
        if (!this.names[i]!.startsWith(q)) break;
        take(i);
      }
      // 3: two or three letters or digits: another word of the name starting with them, by item #
      if (/^[\p{L}\p{N}]{2,3}$/u.test(q)) for (const i of this.namesWithWordStarting(q)) take(i);
      return { positions: out, total };
    }

    // 2: names with every word, nearest first (an item # typed in full is the answer: no names for it)
    if (!isItemNumber) this.namesWithEveryWord(q, keep, take);
    // 3: item #s containing the text, by item #
    for (const i of this.codesContaining(q)) take(i);
    return { positions: out, total };
  }

  /** Positions of the names with a word starting with `prefix`, ascending. */
  private namesWithWordStarting(prefix: string): Int32Array {
    const { start, items } = this.postings;
    const lists: Int32Array[] = [];
    let size = 0;
    for (const id of this.wordsStarting(prefix)) {
      const list = items.subarray(start[id]!, start[id + 1]!);
      lists.push(list);
      size += list.length;
    }
    if (lists.length === 1) return lists[0]!;
    const all = new Int32Array(size);
    let at = 0;
    for (const list of lists) {
      all.set(list, at);
      at += list.length;
    }
    return all.sort(); // repeats (a name with two such words) are taken once
  }

  /** Ids of the vocabulary's words starting with `prefix`. */
  private *wordsStarting(prefix: string): Generator<number> {
    const order = this.wordOrder;
    for (let k = lowerBound(order, (id) => this.words[id]!, prefix); k < order.length; k++) {
      const id = order[k]!;
      if (!this.words[id]!.startsWith(prefix)) return;
      yield id;
    }
  }

  /**
   * A query word's matching vocabulary words and their distance: 0 the word itself; a word it starts; a near word
   * (four letters or more), 1 - word similarity. Nearest first.
   */
  private wordsNear(queryWord: string): Near {
    let near = this.nearKept.get(queryWord);
    if (near) return near;
    near = this.findWordsNear(queryWord);
    if (this.nearIdsKept + near.ids.length > NEAR_IDS_KEPT) {
      this.nearKept.clear();
      this.nearIdsKept = 0;
    }
    this.nearKept.set(queryWord, near);
    this.nearIdsKept += near.ids.length + 1;
    return near;
  }

  private findWordsNear(queryWord: string): Near {
    const found = new Map<number, number>();
    const qTrigrams = new Set(trigramsOf(queryWord));
    // a word it starts: every trigram of the query word but its last is in the word's first ones
    for (const id of this.wordsStarting(queryWord))
      found.set(id, this.words[id] === queryWord ? 0 : 1 / qTrigrams.size);
    if (queryWord.length >= 4) {
      // near words: those sharing at least half the query word's trigrams (a similarity of 0.5 needs that many)
      const shared = this.shared;
      const touched: number[] = [];
      for (const t of qTrigrams) {
        const ids = this.wordsOfTrigram.get(t);
        if (!ids) continue;
        for (let k = 0; k < ids.length; k++) {
          const id = ids[k]!;
          if (shared[id]++ === 0) touched.push(id);
        }
      }
      for (const id of touched) {
        const count = shared[id]!;
        shared[id] = 0;
        if (count * 2 < qTrigrams.size || found.get(id) === 0) continue;
        const s = wordSimilarity(qTrigrams, this.trigramsOfWord(id));
        if (s >= WORD_SIMILARITY_THRESHOLD - 1e-9 && 1 - s < (found.get(id) ?? 1)) found.set(id, 1 - s);
      }
    }
    const ids = Int32Array.from(found.keys()).sort((a, b) => found.get(a)! - found.get(b)! || a - b);
    const { start } = this.postings;
    let names = 0;
    for (const id of ids) names += start[id + 1]! - start[id]!;
    return { ids, distances: Float64Array.from(ids, (id) => found.get(id)!), names };
  }

  private trigramsOfWord(id: number): string[] {
    let list = this.trigramCache[id];
    if (!list) {
      list = trigramsOf(this.words[id]!);
      this.trigramCache[id] = list;
    }
    return list;
  }

  /** Names having every word of the text (a word they start with, or a near word), nearest first, then by item #. */
  private namesWithEveryWord(q: string, keep: (i: number) => boolean, take: (i: number) => void): void {
    const queryWords = [...new Set(wordsOf(q))];
    if (queryWords.length === 0) return;
    const per = queryWords.map((w) => this.wordsNear(w));
    const { start, items } = this.postings;
    if (per.length === 1) {
      this.byDistance(per[0]!, take);
      return;
    }
    // several words: the candidates are the names of the query word with the fewest; each is checked for the
    // others through its own words, its distance the sum of each query word's nearest
    let rarest = 0;
    for (let k = 1; k < per.length; k++) if (per[k]!.names < per[rarest]!.names) rarest = k;
    const fewest = per[rarest]!.names;
    if (fewest === 0) return;
    // the rarest word's distances tested last: a candidate has it, and most candidates lack another word
    const order = [...per.keys()].filter((k) => k !== rarest).concat(rarest);
    const scratch = order.map((k, slot) => {
      const p = per[k]!;
      const d = this.distanceScratch(slot);
      for (let j = 0; j < p.ids.length; j++) d[p.ids[j]!] = p.distances[j]!;
      return d;
    });
    const names = this.wordsOfName;
    const keys = new Float64Array(fewest);
    let kept = 0;
    const n = this.n;
    const { ids: rareIds } = per[rarest]!;
    for (const id of rareIds)
      for (let k = start[id]!; k < start[id + 1]!; k++) {
        const i = items[k]!;
        if (!keep(i)) continue;
        let total = 0;
        for (const d of scratch) {
          let best = Number.POSITIVE_INFINITY;
          for (let w = names.start[i]!; w < names.start[i + 1]!; w++) {
            const x = d[names.items[w]!]!;
            if (x < best) best = x;
          }
          total += best;
          if (total === Number.POSITIVE_INFINITY) break;
        }
        if (total === Number.POSITIVE_INFINITY) continue;
        // nearest first, then by position (item #): one number to sort
        keys[kept++] = Math.round(total * 10_000) * n + i;
      }
    order.forEach((k, slot) => {
      const d = scratch[slot]!;
      for (const id of per[k]!.ids) d[id] = Number.POSITIVE_INFINITY;
    });
    // a name reached by two of the rarest word's words is there twice: taken once
    const sorted = keys.subarray(0, kept).sort();
    for (let k = 0; k < kept; k++) take(sorted[k]! % n);
  }

  /**
   * One query word: the names of its words, nearest word first and by position within a distance, without
   * sorting the names: each distance's words' lists are already in position order.
   */
  private byDistance(near: Near, take: (i: number) => void): void {
    const { start, items } = this.postings;
    const { ids, distances } = near;
    for (let a = 0; a < ids.length; ) {
      let b = a + 1;
      while (b < ids.length && distances[b] === distances[a]) b++;
      let level: Int32Array;
      if (b === a + 1) level = items.subarray(start[ids[a]!]!, start[ids[a]! + 1]!);
      else {
        let size = 0;
        for (let k = a; k < b; k++) size += start[ids[k]! + 1]! - start[ids[k]!]!;
        level = new Int32Array(size);
        let at = 0;
        for (let k = a; k < b; k++) {
          level.set(items.subarray(start[ids[k]!]!, start[ids[k]! + 1]!), at);
          at += start[ids[k]! + 1]! - start[ids[k]!]!;
        }
        level.sort();
      }
      // a name with two such words is there twice: taken once, at its nearest
      for (let k = 0; k < level.length; k++) take(level[k]!);
      a = b;
    }
  }

  /** A distance per vocabulary word for the k-th word of a search (Infinity: no match), reset after each use. */
  private distanceScratch(k: number): Float64Array {
    let d = this.distances[k];
    if (!d) {
      d = new Float64Array(this.words.length).fill(Number.POSITIVE_INFINITY);
      // kept for the first four words of a search; a longer text's further words get their own
      if (k < 4) this.distances[k] = d;
    }
    return d;
  }

  /** Positions of item #s containing `q` (four characters or more), ascending. */
  private codesContaining(q: string): Int32Array | readonly number[] {
    // the rarest of its three-letter pieces, then each of those item #s checked whole
    let rarest: Int32Array | undefined;
    for (let k = 0; k + 3 <= q.length; k++) {
      const list = this.codesOfPiece.get(pieceKey(q, k));
      if (!list) return [];
      if (!rarest || list.length < rarest.length) rarest = list;
    }
    if (!rarest) return [];
    const out: number[] = [];
    for (const i of rarest) if (this.codeKeys[i]!.includes(q)) out.push(i);
    return out;
  }
}

/** Positions 0 … n-1 sorted by their key (by code point, as `~<~`), ties by position. */
function sortedPositions(n: number, keys: readonly string[]): Int32Array {
  const order = Array.from({ length: n }, (_, i) => i);
  // TimSort: keys already in order (item #s are read in item # order) cost one pass
  order.sort((a, b) => {
    const x = keys[a]!;
    const y = keys[b]!;
    return x < y ? -1 : x > y ? 1 : a - b;
  });
  return Int32Array.from(order);
}
