/**
 * Money and measures in integers: cents for money, hundredths for quantities and footage, sixteenths for
 * inches. Values reach the database as exact decimal strings; nothing is ever summed as a float.
 */

/** Integer cents → '1234.50' (negative values keep their sign). */
export function cents(c: number): string {
  if (!Number.isInteger(c)) throw new Error(`not integer cents: ${c}`);
  const sign = c < 0 ? '-' : '';
  const a = Math.abs(c);
  return `${sign}${Math.floor(a / 100)}.${String(a % 100).padStart(2, '0')}`;
}

/** Integer hundredths → '12.50'. Same representation as cents. */
export const hundredths = cents;

/** Round half away from zero of a rational a / b (integers). */
export function divRound(a: number, b: number): number {
  const q = Math.abs(a) / Math.abs(b);
  const r = Math.floor(q + 0.5);
  return a < 0 !== b < 0 ? -r : r;
}

/** cents × (100 − percent) / 100, rounded to the cent. percent in hundredths of a percent avoided: integers only. */
export function discounted(priceCents: number, percent: number): number {
  return divRound(priceCents * (100 - percent), 100);
}

/** Price for a quantity given in hundredths (footage 12.5 ft = 1250): unit cents × qty / 100, rounded. */
export function extend(unitCents: number, qtyHundredths: number): number {
  return divRound(unitCents * qtyHundredths, 100);
}

/** Sixteenths of an inch → decimal string with four places ('2.2500'). */
export function inches(sixteenths: number): string {
  const whole = Math.floor(sixteenths / 16);
  const frac = (sixteenths % 16) * 625; // 1/16 = 0.0625
  return `${whole}.${String(frac).padStart(4, '0')}`;
}

/** Sixteenths → the trade notation: 36 → '2-1/4', 12 → '3/4', 32 → '2'. */
export function fraction(sixteenths: number): string {
  const whole = Math.floor(sixteenths / 16);
  let num = sixteenths % 16;
  let den = 16;
  while (num > 0 && num % 2 === 0) {
    num /= 2;
    den /= 2;
  }
  if (num === 0) return String(whole);
  return whole > 0 ? `${whole}-${num}/${den}` : `${num}/${den}`;
}
