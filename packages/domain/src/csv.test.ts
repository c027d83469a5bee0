import { describe, expect, it } from 'vitest';
import { csvField, isFormulaCell, parseCsv, toCsv } from './csv.ts';

describe('CSV', () => {
  it('reads quoted fields, doubled quotes, line breaks in quotes, CRLF, a BOM and blank lines', () => {
    const text = '\ufeffa,b,c\r\n1,"x, y","say ""hi"""\n\n2,"two\nlines",\r\n';
    expect(parseCsv(text)).toEqual({
      rows: [
        ['a', 'b', 'c'],
        ['1', 'x, y', 'say "hi"'],
        ['2', 'two\nlines', ''],
      ],
    });
    expect(parseCsv('a,b\n1,2')).toEqual({
      rows: [
        ['a', 'b'],
        ['1', '2'],
      ],
    });
  });

  it('says where an unclosed quote began', () => {
    expect(parseCsv('a\n"b\nc').unterminatedAt).toBe(2);
  });

  it('writes formula cells as text and quotes what needs it', () => {
    expect(isFormulaCell('=HYPERLINK("http://x")')).toBe(true);
    expect(isFormulaCell('Acme')).toBe(false);
    expect(csvField('=1+1')).toBe("'=1+1");
    expect(csvField('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvField('=HYPERLINK("x","y")')).toBe(`"'=HYPERLINK(""x"",""y"")"`);
    expect(csvField(-5)).toBe('-5');
    expect(
      toCsv([
        ['a', 'b, c'],
        [1, null],
      ]),
    ).toBe('a,"b, c"\r\n1,\r\n');
    expect(parseCsv(toCsv([['x"y', 'line\nbreak']])).rows).toEqual([['x"y', 'line\nbreak']]);
  });
});
