// The header search over the catalogue index's item #s and names (catalogue-search.ts): the rules and the order,
// on a handful of products. Against the database itself (both engines): catalogue-index.test.ts.
import { describe, expect, it } from 'vitest';
import { CatalogueSearch, trigramsOf, wordSimilarity, wordsOf } from './catalogue-search.ts';

const products: [string, string][] = [
  ['A100', 'Walnut Frame 1"'],
  ['A200', 'Walnuts'],
  ['A300', 'Walnot'],
  ['B1', 'Dark Walnut'],
  ['B2', 'Dark Oak'],
  ['WALNUT-1', 'Oak'],
  ['Z9', 'Gold Leaf'],
];
const search = new CatalogueSearch(
  products.map(([code]) => code.toLowerCase()),
  products.map(([, name]) => name.toLowerCase()),
);
const codes = (text: string, keep: (i: number) => boolean = () => true) =>
  search.matches(text, keep).positions.map((i) => products[i]![0]);

describe('wordSimilarity', () => {
  it("is pg_trgm's word_similarity of one word against another", () => {
    const sim = (q: string, w: string) => wordSimilarity(new Set(trigramsOf(q)), trigramsOf(w));
    // the values PostgreSQL gives (select word_similarity('walnot', 'walnut'), …)
    expect(sim('walnot', 'walnut')).toBeCloseTo(0.5714286, 6);
    expect(sim('word', 'swords')).toBeCloseTo(0.4, 6);
    expect(sim('oak', 'oat')).toBeCloseTo(0.5, 6);
    expect(sim('abcdef', 'abcxdef')).toBeCloseTo(0.5, 6);
    expect(sim('abcdef', 'xxabcxdefyy')).toBeCloseTo(0.2, 6);
    expect(sim('gold', 'golden')).toBeCloseTo(0.8, 6);
  });
});

describe('CatalogueSearch', () => {
  it('gives the item # starts first, then the whole word, a word it starts, then a typo; ties by item #', () => {
    expect(codes('walnut')).toEqual(['WALNUT-1', 'A100', 'B1', 'A200', 'A300']);
    // 'walnot' is as near to 'walnuts' as to 'walnut' (the same four trigrams): the item # breaks the tie
    expect(codes('walnot')).toEqual(['A300', 'A100', 'A200', 'B1']);
  });

  it('puts the exact item # first and looks for no names then', () => {
    expect(codes('walnut-1')).toEqual(['WALNUT-1']);
    expect(codes('a10')).toEqual(['A100']);
  });

  it('wants every word of several, each as a word start or a near word', () => {
    expect(codes('dark walnot')).toEqual(['B1']);
    expect(codes('dark o')).toEqual(['B2']);
    expect(codes('oak dark')).toEqual(['B2']);
    expect(codes('dark gold')).toEqual([]);
  });

  it('matches one to three letters at the start of a name (by name), then of another word (by item #)', () => {
    expect(codes('wal')).toEqual(['WALNUT-1', 'A300', 'A100', 'A200', 'B1']);
    // one letter: the start of an item # or a name only
    expect(codes('l')).toEqual([]);
    expect(codes('le')).toEqual(['Z9']);
  });

  it('finds item #s containing four characters or more, after the names', () => {
    // 'lnut' is also near 'walnut' (word similarity 0.6, as in PostgreSQL)
    expect(codes('lnut')).toEqual(['A100', 'B1', 'WALNUT-1']);
  });

  it('leaves out what the filters leave out and finds nothing for nothing', () => {
    expect(codes('walnut', (i) => products[i]![0].startsWith('B'))).toEqual(['B1']);
    expect(codes('qzxqzx')).toEqual([]);
    // the first ones only, and how many there are
    expect(search.matches('walnut', () => true, 2)).toEqual({ positions: [5, 0], total: 5 });
    expect(codes('%')).toEqual([]);
  });
});

describe('wordsOf', () => {
  it('splits as pg_trgm does: runs of letters and digits, in any script', () => {
    expect(wordsOf('ferrara 3-1/2" antique silver')).toEqual(['ferrara', '3', '1', '2', 'antique', 'silver']);
    expect(wordsOf('mat 32x40 (b14104)')).toEqual(['mat', '32x40', 'b14104']);
    expect(wordsOf('éclair — crème 𝒜b')).toEqual(['éclair', 'crème', '𝒜b']);
    expect(wordsOf(' %_ ')).toEqual([]);
  });
});
