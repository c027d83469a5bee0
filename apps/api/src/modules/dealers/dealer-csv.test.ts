import { describe, expect, it } from 'vitest';
import { isFormulaCell, readDealerCsv, writeDealerCsv } from './dealer-csv.ts';

describe('the dealers file as CSV', () => {
  it('reads quoted fields, doubled quotes, line breaks in quotes, CRLF, a BOM and blank lines', () => {
    const text = '\ufeffa,b,c\r\n1,"x, y","say ""hi"""\n\n2,"two\nlines",\r\n';
    expect(readDealerCsv(text)).toEqual({
      rows: [
        ['a', 'b', 'c'],
        ['1', 'x, y', 'say "hi"'],
        ['2', 'two\nlines', ''],
      ],
    });
    expect(readDealerCsv('a,b\n1,2')).toEqual({
      rows: [
        ['a', 'b'],
        ['1', '2'],
      ],
    });
    // a stray quote inside a value is part of it; old Mac line ends; an empty quoted line is no row
    expect(readDealerCsv('a,b\r12" Frames,x\r""\r').rows).toEqual([
      ['a', 'b'],
      ['12" Frames', 'x'],
    ]);
  });

  it('says where an unclosed quote began', () => {
    expect(readDealerCsv('a\n"b\nc').unterminatedAt).toBe(2);
    expect(readDealerCsv('a\r\n1\r\n"two\r\nlines","open ""quote""\r\nmore')).toEqual({
      rows: [['a'], ['1']],
      unterminatedAt: 4,
    });
  });

  it('writes formula cells as text and quotes what needs it', () => {
    expect(isFormulaCell('=HYPERLINK("http://x")')).toBe(true);
    expect(isFormulaCell('Acme')).toBe(false);
    const cell = (value: string) => writeDealerCsv([[value]]).slice(0, -2);
    expect(cell('=1+1')).toBe("'=1+1");
    expect(cell('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(cell('=HYPERLINK("x","y")')).toBe(`"'=HYPERLINK(""x"",""y"")"`);
    expect(cell(' padded')).toBe('" padded"');
    expect(
      writeDealerCsv([
        ['a', 'b, c'],
        ['1', ''],
      ]),
    ).toBe('a,"b, c"\r\n1,\r\n');
    expect(readDealerCsv(writeDealerCsv([['x"y', 'line\nbreak', 'cr\ronly']])).rows).toEqual([
      ['x"y', 'line\nbreak', 'cr\ronly'],
    ]);
  });
});
