/** The fields of an account that decide whether it may buy. */
export interface AccountStanding {
  ActiveType: string | null;
  terms: string | null;
}

const BLOCKING_TERMS = ['do not sell', 'credit hold'];

/** Credit hold: terms read 'credit hold' (any case). Such a customer is sent to the account message. */
export function isCreditHold(account: AccountStanding | undefined | null): boolean {
  return (account?.terms ?? '').trim().toLowerCase() === 'credit hold';
}

/**
 * Purchase blocked (storefront §4): the FIRST account's ActiveType is N,
 * or its terms read 'do not sell' or 'credit hold' (case-insensitive).
 */
export function isPurchaseBlocked(accounts: readonly AccountStanding[] | undefined | null): boolean {
  const first = accounts?.[0];
  if (!first) return true;
  if ((first.ActiveType ?? '').trim().toUpperCase() === 'N') return true;
  return BLOCKING_TERMS.includes((first.terms ?? '').trim().toLowerCase());
}
