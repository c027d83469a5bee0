/**
 * The dealers file as staff exchange it with spreadsheets (RFC 4180), read by csv-parse and written by
 * csv-stringify as the catalogue's file is: comma-separated, a value with a comma, quote or line break in double
 * quotes with a quote doubled inside them; CRLF, LF or CR line ends read, CRLF written; a UTF-8 byte-order mark
 * ignored.
 */
import { CsvError, parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';

/** A cell a spreadsheet would run as a formula (=, +, -, @, or a tab or carriage return first). */
export const isFormulaCell = (value: string) => /^[=+\-@\t\r]/.test(value);

export interface DealerCsvRows {
  rows: string[][];
  /** A quoted value never closed: the 1-based line where it began (the rows before it are in `rows`). */
  unterminatedAt?: number;
}

/** The rows of a dealers file; a blank line (or one empty value) is not a row, a stray quote in a value is kept. */
export function readDealerCsv(text: string): DealerCsvRows {
  const rows: string[][] = [];
  try {
    parse(text, {
      bom: true,
      record_delimiter: ['\r\n', '\n', '\r'],
      relax_column_count: true,
      relax_quotes: true,
      // kept here as they come, so that a file broken further down still reports its header and rows so far
      on_record: (record: string[]) => {
        if (!(record.length === 1 && record[0] === '')) rows.push(record);
        return null;
      },
    });
  } catch (err) {
    if (!(err instanceof CsvError && err.code === 'CSV_QUOTE_NOT_CLOSED')) throw err;
    return { rows, unterminatedAt: lineOfOpenQuote(text) };
  }
  return { rows };
}

/** The line of the quote left open at the end: the last one after which every quote is a doubled one. */
function lineOfOpenQuote(text: string): number {
  const at = text.search(/"(?:[^"]|"")*$/);
  return 1 + (text.slice(0, Math.max(0, at)).match(/\r\n|\n|\r/g)?.length ?? 0);
}

/**
 * Rows as a dealers file, CRLF line ends (what spreadsheets write). A formula cell gets a leading apostrophe, so a
 * spreadsheet shows it as text; a value with a space at either end is quoted, so that it reads back whole.
 */
export function writeDealerCsv(rows: string[][]): string {
  return stringify(rows, {
    record_delimiter: '\r\n',
    quote_record_delimiter: true,
    quoted_match: /^\s|\s$/,
    cast: { string: (value) => (isFormulaCell(value) ? `'${value}` : value) },
  });
}
