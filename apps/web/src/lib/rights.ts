import type { SessionAccount } from '@mitrebox/api-contract';
import type { AccountRights } from '@mitrebox/domain';

export const NO_RIGHTS: AccountRights = { order: false, pay: false, prices: false, manage: false };
const EVERY_RIGHT: AccountRights = { order: true, pay: true, prices: true, manage: true };

/**
 * What the signed-in user may do in an account. The server sends the rights as they apply (effectiveRights,
 * docs/decisions/026), so the screen reads them as they are: no code of the rules in every page's first load. A
 * stored user from before rights were sent carries none: that was the account's own sign-in, which has every right.
 */
export function rightsOf(account: Pick<SessionAccount, 'rights'> | null | undefined): AccountRights {
  if (!account) return NO_RIGHTS;
  return account.rights ?? EVERY_RIGHT;
}
