import { bigserial, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Every change made by staff or by the ERP connection: who, when, what, and the record before and after.
 * Rows are only ever inserted (never changed or removed by the application).
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    /** 'staff' (a signed-in staff user) or 'erp' (an ERP API key or the ERP command line) */
    actorKind: text('actor_kind').notNull(),
    /** users.id of the staff member, or the ERP key's id; null for the command line */
    actorId: integer('actor_id'),
    /** what a person reads: the staff member's e-mail, the ERP key's name, 'erp-cli' */
    actorName: text('actor_name').notNull(),
    /** dotted verb, e.g. 'account.update', 'product.import', 'career.delete' */
    action: text('action').notNull(),
    /** the kind of record changed, e.g. 'account', 'user', 'product', 'page' */
    entity: text('entity').notNull(),
    /** its key (account number, product code, page name…), or null for a change of many records */
    entityId: text('entity_id'),
    before: jsonb('before'),
    after: jsonb('after'),
    /** the request's id (X-Request-Id), so an entry can be found in the logs */
    requestId: text('request_id'),
  },
  (t) => [
    index('audit_log_at_idx').on(t.at),
    index('audit_log_entity_idx').on(t.entity, t.entityId, t.at),
    index('audit_log_actor_idx').on(t.actorKind, t.actorId, t.at),
  ],
);
