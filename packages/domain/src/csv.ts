/**
 * CSV as staff exchange it with spreadsheets (RFC 4180): comma-separated, fields with a comma, quote or line
 * break in double quotes, a quote doubled inside them; CRLF or LF line ends; a UTF-8 byte-order mark ignored.
 */
export interface CsvParseResult {
  rows: string[][];
  /** A quoted field never closed: the 1-based line where it began. */
  unterminatedAt?: number;
}

export function parseCsv(text: string): CsvParseResult {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  let line = 1;
  let quoteLine = 0;
  let i = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  const endRow = () => {
    row.push(field);
    field = '';
    // a blank line (one empty field) is not a row
    if (!(row.length === 1 && row[0] === '')) rows.push(row);
    row = [];
  };
  for (; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"') {
        if (text[i + 1] === '"') {
          field += '"';
          i++;
        } else quoted = false;
      } else {
        if (c === '\n') line++;
        field += c;
      }
    } else if (c === '"' && field === '') {
      quoted = true;
      quoteLine = line;
    } else if (c === ',') {
      row.push(field);
      field = '';
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && text[i + 1] === '\n') i++;
      line++;
      endRow();
    } else field += c;
  }
  if (quoted) return { rows, unterminatedAt: quoteLine };
  if (field !== '' || row.length) endRow();
  return { rows };
}

/** A cell a spreadsheet would run as a formula (=, +, -, @, or a tab or carriage return first). */
export const isFormulaCell = (value: string) => /^[=+\-@\t\r]/.test(value);

/** One CSV field: a formula cell gets a leading apostrophe (so a spreadsheet shows it as text), then quoted. */
export function csvField(value: string | number | boolean | null | undefined): string {
  let text = value == null ? '' : String(value);
  if (typeof value === 'string' && isFormulaCell(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) || text !== text.trim() ? `"${text.replace(/"/g, '""')}"` : text;
}

/** Rows as CSV text, CRLF line ends (what spreadsheets write). */
export function toCsv(rows: (string | number | boolean | null | undefined)[][]): string {
  return `${rows.map((r) => r.map(csvField).join(',')).join('\r\n')}\r\n`;
}
