/**
 * The chop every round-trip test, the benchmark and the crash test put in a cart: one frame of the moulding `code`,
 * 11 × 14 in, cut and joined at location C, no back (a body line of POST /api/updateCart).
 */
export function chopLine(code: string) {
  return {
    Code: code,
    productSelection: {
      type: 'chop',
      quantity: 1,
      location: 'C',
      dimension: { length: 11, length_fraction: 0, width: 14, width_fraction: 0 },
    },
    backtype: 'backremq',
  };
}

/** A POST /api/updateCart body of one chop of each code. */
export function chopCart(...codes: string[]) {
  return { cartdata: codes.map(chopLine) };
}
