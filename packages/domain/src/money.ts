import Big from 'big.js';

/**
 * Money, exactly. Amounts travel as decimal strings ("1234.50"), are computed with big.js and rounded to
 * cents half-up only where a price is shown or stored. Never a float sum.
 */
export type Money = string;

Big.RM = Big.roundHalfUp;

export const money = (value: Money | number | null | undefined): Big => {
  if (value === null || value === undefined || value === '') return new Big(0);
  try {
    return new Big(value);
  } catch {
    return new Big(0);
  }
};

/** Rounds to cents and answers the string kept in the database ("12.50"). */
export const cents = (value: Big | Money | number): Money =>
  money(value as Money)
    .round(2, Big.roundHalfUp)
    .toFixed(2);

export const sum = (values: (Money | Big | number)[]): Big =>
  values.reduce<Big>((acc, v) => acc.plus(money(v as Money)), new Big(0));

/** The total of a cart or an order's items: the sum of its line totals, to the cent. */
export function linesTotal(lineTotals: readonly Money[]): Money {
  return cents(sum([...lineTotals]));
}

/** Prices shown with 2 decimals and thousands separators ("1,234.50"). */
export function formatMoney(value: Money | number | Big | null | undefined): string {
  const fixed = money(value as Money)
    .round(2, Big.roundHalfUp)
    .toFixed(2);
  const negative = fixed.startsWith('-');
  const [whole, frac] = (negative ? fixed.slice(1) : fixed).split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${negative ? '-' : ''}${grouped}.${frac}`;
}

/** Order total (account-area §5): item total + tax + shipping + ship cost + packing − discount. */
export function orderTotal(parts: {
  itemTotal: Money;
  tax: Money;
  shipping: Money;
  shipCost: Money;
  packing: Money;
  discount: Money;
}): Money {
  return cents(
    money(parts.itemTotal)
      .plus(money(parts.tax))
      .plus(money(parts.shipping))
      .plus(money(parts.shipCost))
      .plus(money(parts.packing))
      .minus(money(parts.discount)),
  );
}
