import type { SessionUser, ShopApiKey, ShopApiKeyInput, ShopApiScope } from '@mitrebox/api-contract';
import { isPurchaseBlocked } from '@mitrebox/domain';
import { and, desc, eq, inArray, isNull } from 'drizzle-orm';
import { keyMatches, newApiKey, prefixOfKey } from '../../platform/api-keys.ts';
import type { Db } from '../../platform/db.ts';
import { notFound } from '../../platform/errors.ts';
import { sessionUserById, userStanding } from '../accounts/accounts.service.ts';
import { accountApiCalls, accountApiKeys } from './shop-api.tables.ts';

/** last_used_at is written at most this often per key: a busy point of sale does not write on every call. */
const LAST_USED_EVERY_MS = 60_000;

/**
 * Who calls with an account's key: the key, its account and scopes, and its maker as the user the calls act as
 * (the maker's rights in the account; orders are placed in their name), narrowed to the key's account.
 */
export interface PosPrincipal {
  keyId: number;
  prefix: string;
  acctnum: string;
  scopes: ShopApiScope[];
  user: SessionUser;
}

type KeyRow = typeof accountApiKeys.$inferSelect;
const toKey = (k: KeyRow, makers: Map<number, string>): ShopApiKey => ({
  id: k.id,
  name: k.name,
  prefix: k.prefix,
  scopes: k.scopes as ShopApiScope[],
  created_at: k.createdAt.toISOString(),
  created_by: k.createdBy === null ? null : (makers.get(k.createdBy) ?? null),
  last_used_at: k.lastUsedAt?.toISOString() ?? null,
  revoked_at: k.revokedAt?.toISOString() ?? null,
});

export type ShopApiService = ReturnType<typeof createShopApiService>;

/**
 * An account's API keys `mbs_<prefix>_<secret>` (platform/api-keys.ts, as the ERP's): made and revoked by the
 * account's owner, shown once, kept hashed; and the audit of every call made with them.
 */
export function createShopApiService(deps: { db: Db }) {
  const { db } = deps;

  async function makersOf(rows: KeyRow[]) {
    const ids = [...new Set(rows.flatMap((r) => (r.createdBy === null ? [] : [r.createdBy])))];
    const found = await Promise.all(ids.map((id) => userStanding(db, id)));
    return new Map(found.flatMap((u) => (u ? [[u.id, u.name] as const] : [])));
  }

  return {
    async listKeys(acctnum: string): Promise<ShopApiKey[]> {
      const rows = await db
        .select()
        .from(accountApiKeys)
        .where(eq(accountApiKeys.acctnum, acctnum))
        .orderBy(desc(accountApiKeys.createdAt), desc(accountApiKeys.id));
      const makers = await makersOf(rows);
      return rows.map((r) => toKey(r, makers));
    },

    async createKey(acctnum: string, user: SessionUser, input: ShopApiKeyInput) {
      const { key, prefix, hash } = newApiKey('mbs');
      const scopes = [...new Set(input.scopes)].sort();
      const [row] = await db
        .insert(accountApiKeys)
        .values({ acctnum, name: input.name, prefix, secretHash: hash, scopes, createdBy: user.id })
        .returning();
      return { data: toKey(row, new Map([[user.id, user.name]])), key };
    },

    /** Revokes a key of the account at once; another account's key is not found. Revoking twice changes nothing. */
    async revokeKey(acctnum: string, id: number): Promise<ShopApiKey> {
      const mine = and(eq(accountApiKeys.id, id), eq(accountApiKeys.acctnum, acctnum));
      const [done] = await db
        .update(accountApiKeys)
        .set({ revokedAt: new Date() })
        .where(and(mine, isNull(accountApiKeys.revokedAt)))
        .returning();
      const row = done ?? (await db.select().from(accountApiKeys).where(mine))[0];
      if (!row) throw notFound('There is no such key.');
      return toKey(row, await makersOf([row]));
    },

    /** The last 100 calls made with the account's keys, newest first. */
    async recentCalls(acctnum: string) {
      const rows = await db
        .select({
          id: accountApiCalls.id,
          key_id: accountApiCalls.keyId,
          at: accountApiCalls.at,
          method: accountApiCalls.method,
          path: accountApiCalls.path,
          status: accountApiCalls.status,
        })
        .from(accountApiCalls)
        .where(eq(accountApiCalls.acctnum, acctnum))
        .orderBy(desc(accountApiCalls.at), desc(accountApiCalls.id))
        .limit(100);
      const ids = [...new Set(rows.map((r) => r.key_id))];
      const names = new Map(
        ids.length === 0
          ? []
          : (
              await db
                .select({ id: accountApiKeys.id, name: accountApiKeys.name })
                .from(accountApiKeys)
                .where(and(inArray(accountApiKeys.id, ids), eq(accountApiKeys.acctnum, acctnum)))
            ).map((k) => [k.id, k.name]),
      );
      return rows.map((r) => ({ ...r, at: r.at.toISOString(), key_name: names.get(r.key_id) ?? '' }));
    },

    /**
     * The key's holder, or undefined for an unknown, malformed or revoked key, or one whose maker no longer acts
     * for its account.
     */
    async authenticate(key: string): Promise<PosPrincipal | undefined> {
      const prefix = prefixOfKey('mbs', key);
      if (!prefix) return undefined;
      const [row] = await db
        .select()
        .from(accountApiKeys)
        .where(and(eq(accountApiKeys.prefix, prefix), isNull(accountApiKeys.revokedAt)));
      if (!row || !keyMatches(row.secretHash, key) || row.createdBy === null) return undefined;
      const [maker, standing] = await Promise.all([
        sessionUserById(db, row.createdBy),
        userStanding(db, row.createdBy),
      ]);
      if (!standing || standing.disabled) return undefined;
      const account = maker?.accounts.find((a) => a.Acctnum === row.acctnum);
      if (!maker || !account) return undefined;
      const now = Date.now();
      if (!row.lastUsedAt || now - row.lastUsedAt.getTime() >= LAST_USED_EVERY_MS)
        await db
          .update(accountApiKeys)
          .set({ lastUsedAt: new Date(now) })
          .where(eq(accountApiKeys.id, row.id));
      return {
        keyId: row.id,
        prefix,
        acctnum: row.acctnum,
        scopes: row.scopes as ShopApiScope[],
        user: { ...maker, accounts: [account], purchaseBlocked: isPurchaseBlocked([account]) },
      };
    },

    /** One call's audit row. */
    async recordCall(p: PosPrincipal, call: { method: string; path: string; status: number }) {
      await db.insert(accountApiCalls).values({
        keyId: p.keyId,
        acctnum: p.acctnum,
        method: call.method,
        path: call.path.slice(0, 500),
        status: call.status,
      });
    },
  };
}
