import { describe, expect, it } from 'vitest';
import { importedSelection, LIST_IMPORT_MAX_LINES, parseListImport } from './list-import.ts';

describe('a pasted column into a standing list', () => {
  it('reads spaces, a comma and a tab (a spreadsheet column pair) alike', () => {
    const { lines, problems } = parseListImport('FER-133-0412 20\nfer-133-0413, 5\r\nGL-MU-1824\t3\n\n');
    expect(problems).toEqual([]);
    expect(lines).toEqual([
      { line: 1, code: 'FER-133-0412', quantity: 20 },
      { line: 2, code: 'FER-133-0413', quantity: 5 },
      { line: 3, code: 'GL-MU-1824', quantity: 3 },
    ]);
  });

  it('reports lines it cannot read by line, and adds nothing of them', () => {
    const { lines, problems } = parseListImport(
      'Item\tQty\nFER-133-0412 2.5\nFER-133-0412\nB8601 0\nB8601 4',
    );
    expect(lines).toEqual([{ line: 5, code: 'B8601', quantity: 4 }]);
    expect(problems.map((p) => p.line)).toEqual([1, 2, 3, 4]);
  });

  it(`reads at most ${LIST_IMPORT_MAX_LINES} lines, and says so`, () => {
    const text = Array.from({ length: LIST_IMPORT_MAX_LINES + 5 }, (_, i) => `A${i} 1`).join('\n');
    const { lines, problems } = parseListImport(text);
    expect(lines).toHaveLength(LIST_IMPORT_MAX_LINES);
    expect(problems).toHaveLength(1);
    expect(problems[0]?.message).toBe(`At most ${LIST_IMPORT_MAX_LINES} lines at a time.`);
  });

  it('a moulding is a Length order in feet, anything else pieces, from the account warehouse', () => {
    expect(importedSelection({ quantity: 20 }, { isMoulding: true }, 'C')).toEqual({
      selection: {
        type: 'length',
        length: 20,
        quantity: null,
        location: 'C',
        instructions: null,
        dimension: null,
      },
      backtype: 'backremq',
    });
    expect(importedSelection({ quantity: 3 }, { isMoulding: false }, 'B').selection).toMatchObject({
      type: 'item',
      quantity: 3,
      location: 'B',
    });
  });
});
