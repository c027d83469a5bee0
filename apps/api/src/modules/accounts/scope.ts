import type { SessionUser } from '@mitrebox/api-contract';
import { forbidden } from '../../platform/errors.ts';

export const NOT_YOUR_ACCOUNT = 'You can only see your own accounts.';

/**
 * The account numbers a call may read: all of the user's, or the one asked for when it is theirs. A filter
 * naming another account is refused, so no parameter widens the scope.
 */
export function scopeAccounts(user: SessionUser, acctnum?: string | null): string[] {
  const own = user.accounts.map((a) => a.Acctnum);
  const asked = acctnum?.trim();
  if (!asked) return own;
  if (!own.includes(asked)) throw forbidden(NOT_YOUR_ACCOUNT);
  return [asked];
}
