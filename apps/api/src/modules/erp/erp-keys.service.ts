import type { ErpScope } from '@mitrebox/api-contract';
import { and, desc, eq, isNull } from 'drizzle-orm';
import { keyMatches, newApiKey, prefixOfKey } from '../../platform/api-keys.ts';
import type { Db } from '../../platform/db.ts';
import { notFound } from '../../platform/errors.ts';
import { type AuditActor, recordAudit } from '../audit/audit.service.ts';
import { erpKeys } from './erp.tables.ts';

/** Who calls with an ERP key: the key's row, its name (the audit's actor) and its scopes. */
export interface ErpPrincipal {
  id: number;
  name: string;
  scopes: string[];
}

type KeyRow = typeof erpKeys.$inferSelect;
const toKey = (k: KeyRow) => ({
  id: k.id,
  name: k.name,
  prefix: k.prefix,
  scopes: k.scopes as ErpScope[],
  created_at: k.createdAt.toISOString(),
  created_by: k.createdBy,
  last_used_at: k.lastUsedAt?.toISOString() ?? null,
  revoked_at: k.revokedAt?.toISOString() ?? null,
});

export type ErpKeysService = ReturnType<typeof createErpKeysService>;

/**
 * The ERP's API keys `mbx_<12 hex prefix>_<43 base64url secret>`: made and revoked by admins (audited), shown
 * once, kept as the prefix and the SHA-256 of the whole key, compared in constant time.
 */
export function createErpKeysService(deps: { db: Db }) {
  const { db } = deps;
  return {
    async listKeys() {
      return (await db.select().from(erpKeys).orderBy(desc(erpKeys.createdAt), desc(erpKeys.id))).map(toKey);
    },

    async createKey(input: { name: string; scopes: ErpScope[] }, actor: AuditActor) {
      const { key, prefix, hash } = newApiKey('mbx');
      const scopes = [...new Set(input.scopes)].sort();
      const row = await db.transaction(async (tx) => {
        const [made] = await tx
          .insert(erpKeys)
          .values({ name: input.name, prefix, secretHash: hash, scopes, createdBy: actor.name })
          .returning();
        await recordAudit(tx, actor, {
          action: 'erp_key.create',
          entity: 'erp_key',
          entityId: made.id,
          after: { name: made.name, prefix, scopes },
        });
        return made;
      });
      return { data: toKey(row), key };
    },

    async revokeKey(id: number, actor: AuditActor) {
      return db.transaction(async (tx) => {
        const [row] = await tx.select().from(erpKeys).where(eq(erpKeys.id, id)).for('update');
        if (!row) throw notFound('There is no such key.');
        if (row.revokedAt) return toKey(row);
        const [done] = await tx
          .update(erpKeys)
          .set({ revokedAt: new Date() })
          .where(eq(erpKeys.id, id))
          .returning();
        await recordAudit(tx, actor, {
          action: 'erp_key.revoke',
          entity: 'erp_key',
          entityId: id,
          before: { revokedAt: null },
          after: { revokedAt: done.revokedAt },
        });
        return toKey(done);
      });
    },

    /** The key's holder, or undefined for an unknown, malformed or revoked key. */
    async authenticate(key: string): Promise<ErpPrincipal | undefined> {
      const prefix = prefixOfKey('mbx', key);
      if (!prefix) return undefined;
      const [row] = await db
        .select()
        .from(erpKeys)
        .where(and(eq(erpKeys.prefix, prefix), isNull(erpKeys.revokedAt)));
      if (!row || !keyMatches(row.secretHash, key)) return undefined;
      await db.update(erpKeys).set({ lastUsedAt: new Date() }).where(eq(erpKeys.id, row.id));
      return { id: row.id, name: row.name, scopes: row.scopes };
    },
  };
}
