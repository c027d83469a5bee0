import { describe, expect, it } from 'vitest';
import { findUncleanText } from './common.ts';

/** A value nested `depth` arrays deep, with `leaf` at the bottom. */
function nested(depth: number, leaf: unknown): unknown {
  let v = leaf;
  for (let i = 0; i < depth; i++) v = [v];
  return v;
}

describe('findUncleanText', () => {
  it('names the dotted path of the refused value, however deep', () => {
    expect(findUncleanText({ a: ['ok', { b: 'x\u0000' }] })).toBe('a.1.b');
    expect(findUncleanText(nested(3, 'x\u0001'))).toBe('0.0.0');
    expect(findUncleanText({ 'k\u0000': 'v' })).toBe('k\u0000');
    expect(findUncleanText({ a: { 'k\u0000': 'v' } })).toBe('a.k\u0000');
  });

  it('does work linear in the nesting: no path string is built for a clean value', () => {
    // A body of [[[…]]] 200,000 deep: the old walk built a path at every level (quadratic: 20 GB of string
    // copies). Counted, not timed: String(i) keys are made once a level, and the path is only joined on refusal.
    const joins: number[] = [];
    const join = Array.prototype.join;
    Array.prototype.join = function (this: unknown[], sep?: string) {
      joins.push(this.length);
      return join.call(this, sep);
    };
    try {
      expect(findUncleanText(nested(200_000, 'fine'))).toBeUndefined();
      expect(joins).toEqual([]);
      expect(findUncleanText(nested(200_000, 'bad\u0000'))).toHaveLength(2 * 200_000 - 1);
      expect(joins).toEqual([200_000]);
    } finally {
      Array.prototype.join = join;
    }
  });

  it('never walks binary bodies', () => {
    expect(findUncleanText(Buffer.from([0, 1, 2]))).toBeUndefined();
    expect(findUncleanText(new Uint8Array([0, 0]))).toBeUndefined();
  });
});
