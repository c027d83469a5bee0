import { MAX_LINE_QUANTITY } from './cart-rules.ts';

/** One line of a quick order: an item number and how many (feet for mouldings, pieces for the rest). */
export interface QuickOrderLine {
  /** 1-based line of the text the person typed or pasted. */
  line: number;
  code: string;
  quantity: number;
}

export interface QuickOrderProblem {
  line: number;
  text: string;
  message: string;
}

/** At most this many lines go into the cart at once. */
export const QUICK_ORDER_MAX_LINES = 50;

const LINE = /^([A-Za-z0-9][A-Za-z0-9._/-]{0,63})(?:\s*[,;\t x×*]\s*|\s+)(\S+)$/i;

/**
 * Reads a quick order (the signed-in home's box): one "item quantity" a line ('FER-133-0412 20', 'GL-MU-1824, 5',
 * 'B8601 x 3'), blank lines skipped. A quantity is a whole number from 1 to 9,999 — feet for mouldings,
 * pieces for everything else; nothing is rewritten to make a number. Answers the lines to add and, by line,
 * what cannot be read.
 */
export function parseQuickOrder(
  text: string,
  max: number = QUICK_ORDER_MAX_LINES,
): { lines: QuickOrderLine[]; problems: QuickOrderProblem[] } {
  const lines: QuickOrderLine[] = [];
  const problems: QuickOrderProblem[] = [];
  const rows = text.split(/\r?\n/);
  rows.forEach((raw, i) => {
    const line = i + 1;
    const t = raw.trim();
    if (t === '') return;
    if (lines.length + problems.length >= max) {
      if (lines.length + problems.length === max)
        problems.push({ line, text: t, message: `At most ${max} lines at a time.` });
      return;
    }
    const m = t.match(LINE);
    if (!m) {
      problems.push({ line, text: t, message: 'Write the item # and the quantity, e.g. FER-133-0412 20.' });
      return;
    }
    const [, code = '', qty = ''] = m;
    if (!/^\d+$/.test(qty) || Number(qty) < 1) {
      problems.push({ line, text: t, message: 'The quantity must be a whole number from 1 to 9,999.' });
      return;
    }
    if (Number(qty) > MAX_LINE_QUANTITY) {
      problems.push({ line, text: t, message: 'The quantity can be at most 9,999.' });
      return;
    }
    lines.push({ line, code: code.toUpperCase(), quantity: Number(qty) });
  });
  return { lines, problems };
}
