import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseQuickOrder } from './quick-order.ts';

describe('quick order', () => {
  it('reads one item and quantity a line, in the forms people paste', () => {
    const { lines, problems } = parseQuickOrder(
      'FER-133-0412 20\n\n gl-mu-1824, 5 \nB8601 x 3\nBEL-112-0104\t12\nVER-104-0105;2',
    );
    expect(problems).toEqual([]);
    expect(lines).toEqual([
      { line: 1, code: 'FER-133-0412', quantity: 20 },
      { line: 3, code: 'GL-MU-1824', quantity: 5 },
      { line: 4, code: 'B8601', quantity: 3 },
      { line: 5, code: 'BEL-112-0104', quantity: 12 },
      { line: 6, code: 'VER-104-0105', quantity: 2 },
    ]);
  });

  it('reports by line what it cannot read, and rewrites nothing', () => {
    const { lines, problems } = parseQuickOrder(
      'FER-133-0412\nGL-MU-1824 1.5\nB8601 0\nX1 -3\nX2 99999\nX3 1e3',
    );
    expect(lines).toEqual([]);
    expect(problems.map((p) => [p.line, p.message])).toEqual([
      [1, 'Write the item # and the quantity, e.g. FER-133-0412 20.'],
      [2, 'The quantity must be a whole number from 1 to 9,999.'],
      [3, 'The quantity must be a whole number from 1 to 9,999.'],
      [4, 'The quantity must be a whole number from 1 to 9,999.'],
      [5, 'The quantity can be at most 9,999.'],
      [6, 'The quantity must be a whole number from 1 to 9,999.'],
    ]);
  });

  it('every line is either added as typed or reported, never both', () => {
    fc.assert(
      fc.property(fc.array(fc.string({ maxLength: 30 }), { maxLength: 20 }), (rows) => {
        const { lines, problems } = parseQuickOrder(rows.join('\n'));
        const used = [...lines.map((l) => l.line), ...problems.map((p) => p.line)];
        expect(new Set(used).size).toBe(used.length);
        const nonBlank = rows
          .join('\n')
          .split(/\r?\n/)
          .filter((r) => r.trim() !== '').length;
        expect(used.length).toBe(Math.min(nonBlank, 51));
        for (const l of lines)
          expect(Number.isInteger(l.quantity) && l.quantity >= 1 && l.quantity <= 9999).toBe(true);
      }),
    );
  });
});
