import { and, count, desc, eq, gte, lt, type SQL, sql } from 'drizzle-orm';
import type { Queryable } from '../../platform/db.ts';
import { auditLog } from './audit.tables.ts';

/** Who made a change. */
export interface AuditActor {
  kind: 'staff' | 'erp';
  /** users.id (staff) or the ERP key's id; omitted for the ERP command line */
  id?: number;
  /** e-mail of the staff member, name of the ERP key, or 'erp-cli' */
  name: string;
  /** X-Request-Id of the request that made the change */
  requestId?: string;
}

export interface AuditChange {
  action: string;
  entity: string;
  entityId?: string | number | null;
  before?: unknown;
  after?: unknown;
}

/**
 * A condition: the record `id` (a column or value) of `entity` has an audit entry at or after `since` — changed
 * then (read by the entity index).
 */
export const changedSinceOf = (entity: string, id: SQL, since: Date): SQL =>
  sql`exists (select 1 from ${auditLog} where ${auditLog.entity} = ${entity}
    and ${auditLog.entityId} = ${id} and ${auditLog.at} >= ${since.toISOString()}::timestamptz)`;

/**
 * Writes one audit entry. Call it with the transaction that makes the change, so the entry and the change
 * land together or not at all.
 */
export async function recordAudit(db: Queryable, actor: AuditActor, change: AuditChange): Promise<void> {
  await db.insert(auditLog).values({
    actorKind: actor.kind,
    actorId: actor.id ?? null,
    actorName: actor.name,
    action: change.action,
    entity: change.entity,
    entityId: change.entityId == null ? null : String(change.entityId),
    before: change.before ?? null,
    after: change.after ?? null,
    requestId: actor.requestId ?? null,
  });
}

/** Many audit entries of one actor in one statement (an import of thousands of rows), in the same transaction. */
export async function recordAuditMany(
  db: Queryable,
  actor: AuditActor,
  changes: AuditChange[],
): Promise<void> {
  for (let i = 0; i < changes.length; i += 1000) {
    await db.insert(auditLog).values(
      changes.slice(i, i + 1000).map((change) => ({
        actorKind: actor.kind,
        actorId: actor.id ?? null,
        actorName: actor.name,
        action: change.action,
        entity: change.entity,
        entityId: change.entityId == null ? null : String(change.entityId),
        before: change.before ?? null,
        after: change.after ?? null,
        requestId: actor.requestId ?? null,
      })),
    );
  }
}

export interface AuditFilter {
  actorKind?: 'staff' | 'erp';
  actorName?: string;
  action?: string;
  entity?: string;
  entityId?: string;
  /** inclusive */
  from?: Date;
  /** exclusive */
  to?: Date;
  page: number;
  pageSize: number;
}

/** Audit entries, newest first, filtered and paged on the server. */
export async function listAudit(db: Queryable, filter: AuditFilter) {
  const where: SQL[] = [];
  if (filter.actorKind) where.push(eq(auditLog.actorKind, filter.actorKind));
  if (filter.actorName) where.push(eq(auditLog.actorName, filter.actorName));
  if (filter.action) where.push(eq(auditLog.action, filter.action));
  if (filter.entity) where.push(eq(auditLog.entity, filter.entity));
  if (filter.entityId) where.push(eq(auditLog.entityId, filter.entityId));
  if (filter.from) where.push(gte(auditLog.at, filter.from));
  if (filter.to) where.push(lt(auditLog.at, filter.to));
  const condition = where.length ? and(...where) : undefined;
  const [rows, [{ total }]] = await Promise.all([
    db
      .select()
      .from(auditLog)
      .where(condition)
      .orderBy(desc(auditLog.at), desc(auditLog.id))
      .limit(filter.pageSize)
      .offset((filter.page - 1) * filter.pageSize),
    db.select({ total: count() }).from(auditLog).where(condition),
  ]);
  return { rows, total };
}
