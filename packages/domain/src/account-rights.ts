/**
 * What a user may do in an account (issue 31, docs/decisions/026). The account's own sign-in (the owner) has
 * every right; a colleague has the ones the owner ticked.
 * - order: the cart, the Frame Creator's Add to Cart, placing orders
 * - pay: invoices' payments, batches, saved cards
 * - prices: net prices in the catalogue, orders and invoices (without it the catalogue shows as to a visitor)
 * - manage: colleagues and their rights (the owner)
 */
export const ACCOUNT_RIGHTS = ['order', 'pay', 'prices', 'manage'] as const;
export type AccountRight = (typeof ACCOUNT_RIGHTS)[number];
export type AccountRights = Record<AccountRight, boolean>;

/**
 * The rights as they apply: ordering and paying show prices (a cart and an invoice are prices), managing users
 * is every right.
 */
export function effectiveRights(ticked: AccountRights): AccountRights {
  if (ticked.manage) return { order: true, pay: true, prices: true, manage: true };
  return { ...ticked, prices: ticked.prices || ticked.order || ticked.pay };
}

export const ALL_RIGHTS: AccountRights = { order: true, pay: true, prices: true, manage: true };

/** What the API answers (403) a sign-in that lacks the route's right in its account. */
export const rightRefused: Record<AccountRight, string> = {
  order: "Your sign-in may not place orders for this account. Ask the account's owner.",
  pay: "Your sign-in may not make payments for this account. Ask the account's owner.",
  prices: "Your sign-in may not see prices for this account. Ask the account's owner.",
  manage: "Your sign-in may not manage this account's users. Ask the account's owner.",
};
