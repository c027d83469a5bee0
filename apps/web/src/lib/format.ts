const amount = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const count = new Intl.NumberFormat('en-US');

function toNumber(value: number | string | null | undefined): number | null {
  if (value === null || value === undefined || value === '') return null;
  const n = typeof value === 'number' ? value : Number(String(value).replace(/,/g, ''));
  return Number.isFinite(n) ? n : null;
}

/** Prices and totals: two decimals with thousands separators ('1,234.50'); blank for no value. */
export function formatAmount(value: number | string | null | undefined): string {
  const n = toNumber(value);
  return n === null ? '' : amount.format(n);
}

/** '$1,234.50'; a negative amount reads '-$12.00'. */
export function formatCurrency(value: number | string | null | undefined): string {
  const n = toNumber(value);
  if (n === null) return '';
  return n < 0 ? `-$${amount.format(-n)}` : `$${amount.format(n)}`;
}

export function formatCount(value: number): string {
  return count.format(value);
}

function toDate(value: string | number | Date | null | undefined): Date | null {
  if (value === null || value === undefined || value === '') return null;
  // A bare calendar date ('2025-03-04') is that day wherever the browser is, not UTC midnight.
  if (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value)) {
    const [y, m, d] = value.split('-').map(Number);
    return new Date(y, m - 1, d);
  }
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

const formatters = new Map<string, Intl.DateTimeFormat>();
/**
 * The en-US date format of these options, made once: making an Intl.DateTimeFormat costs the browser about a
 * millisecond, formatting with it a few microseconds (a list of dates made one per row took 15 ms of a page).
 */
export function dateFormatter(options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = JSON.stringify(options);
  let f = formatters.get(key);
  if (!f) {
    try {
      f = new Intl.DateTimeFormat('en-US', options);
    } catch {
      // An unknown zone name from the server: the browser's own zone rather than no date at all.
      f = new Intl.DateTimeFormat('en-US', { ...options, timeZone: undefined });
    }
    formatters.set(key, f);
  }
  return f;
}

/** US calendar date: '03/04/2025'. */
export function formatDate(value: string | number | Date | null | undefined, timeZone?: string): string {
  const date = toDate(value);
  if (!date) return '';
  return dateFormatter({
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    timeZone,
  }).format(date);
}

/** A day in words, in the browser's zone: 'Mar 4, 2025'. */
export function formatShortDate(value: string | number | Date | null | undefined): string {
  const date = toDate(value);
  if (!date) return '';
  return dateFormatter({ month: 'short', day: 'numeric', year: 'numeric' }).format(date);
}

/** A day as the back office writes it: '3/4/2025'. */
export function formatNumericDate(value: string | number | Date | null | undefined): string {
  const date = toDate(value);
  if (!date) return '';
  return dateFormatter({ year: 'numeric', month: 'numeric', day: 'numeric' }).format(date);
}

/** A moment as the back office writes it: '3/4/2025, 2:05:09 PM'. */
export function formatNumericDateTime(value: string | number | Date | null | undefined): string {
  const date = toDate(value);
  if (!date) return '';
  return dateFormatter({
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    second: '2-digit',
  }).format(date);
}

/** Date and time, e.g. for payment batches in New York time: '03/04/2025, 2:05 PM'. */
export function formatDateTime(value: string | number | Date | null | undefined, timeZone?: string): string {
  const date = toDate(value);
  if (!date) return '';
  return dateFormatter({
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: 'numeric',
    minute: '2-digit',
    timeZone,
  }).format(date);
}
