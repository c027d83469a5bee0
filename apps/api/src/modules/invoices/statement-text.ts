import { formatMoney, money } from '@mitrebox/domain';

/** How a statement of account writes days and money, in its PDF and in the e-mail that carries it. */

/** '2026-03-01' → '03/01/2026' */
export const usDate = (day: string) => `${day.slice(5, 7)}/${day.slice(8, 10)}/${day.slice(0, 4)}`;

/** $1,234.50; a credit (negative) in parentheses: ($50.00). */
export const dollars = (value: string) =>
  money(value).lt(0) ? `($${formatMoney(money(value).abs())})` : `$${formatMoney(value)}`;
