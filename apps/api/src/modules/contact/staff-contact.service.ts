import type { StaffContactList, StaffContactMessage } from '@mitrebox/api-contract';
import { and, asc, count, desc, eq, ilike, isNotNull, isNull, or, type SQL } from 'drizzle-orm';
import type { Db } from '../../platform/db.ts';
import { notFound } from '../../platform/errors.ts';
import { likePattern, offsetOf } from '../../platform/paging.ts';
import { type AuditActor, recordAudit } from '../audit/audit.service.ts';
import { contactMessages } from './contact.tables.ts';

type Row = typeof contactMessages.$inferSelect;
const toMessage = (r: Row): StaffContactMessage => ({
  id: r.id,
  name: r.name,
  email: r.email,
  phoneNumber: r.phoneNumber,
  message: r.message,
  createdAt: r.createdAt.toISOString(),
  handled: r.handledAt !== null,
  handledAt: r.handledAt?.toISOString() ?? null,
  handledBy: r.handledBy,
});

export type StaffContactService = ReturnType<typeof createStaffContactService>;

/** Contact Us messages in the back office: read, searched, marked handled. */
export function createStaffContactService(deps: { db: Db }) {
  const { db } = deps;
  return {
    async list(query: {
      page: number;
      pageSize: number;
      q?: string;
      sort: 'createdAt' | 'name' | 'email';
      dir: 'asc' | 'desc';
      handled: 'all' | 'yes' | 'no';
    }): Promise<StaffContactList> {
      const where: SQL[] = [];
      if (query.q) {
        const p = likePattern(query.q);
        where.push(
          or(
            ilike(contactMessages.name, p),
            ilike(contactMessages.email, p),
            ilike(contactMessages.message, p),
          )!,
        );
      }
      if (query.handled === 'yes') where.push(isNotNull(contactMessages.handledAt));
      if (query.handled === 'no') where.push(isNull(contactMessages.handledAt));
      const condition = where.length ? and(...where) : undefined;
      const order = query.dir === 'desc' ? desc : asc;
      const [rows, [{ total }]] = await Promise.all([
        db
          .select()
          .from(contactMessages)
          .where(condition)
          .orderBy(order(contactMessages[query.sort]), order(contactMessages.id))
          .limit(query.pageSize)
          .offset(offsetOf(query.page, query.pageSize)),
        db.select({ total: count() }).from(contactMessages).where(condition),
      ]);
      return { rows: rows.map(toMessage), total, page: query.page, pageSize: query.pageSize };
    },

    async setHandled(id: number, handled: boolean, actor: AuditActor): Promise<StaffContactMessage> {
      return db.transaction(async (tx) => {
        const [old] = await tx.select().from(contactMessages).where(eq(contactMessages.id, id)).for('update');
        if (!old) throw notFound('No message with this id.');
        if ((old.handledAt !== null) === handled) return toMessage(old);
        const [row] = await tx
          .update(contactMessages)
          .set(
            handled ? { handledAt: new Date(), handledBy: actor.name } : { handledAt: null, handledBy: null },
          )
          .where(eq(contactMessages.id, id))
          .returning();
        const state = (r: Row) => ({
          handled: r.handledAt !== null,
          handledAt: r.handledAt,
          handledBy: r.handledBy,
        });
        await recordAudit(tx, actor, {
          action: handled ? 'contact.handled' : 'contact.reopened',
          entity: 'contact_message',
          entityId: id,
          before: state(old),
          after: state(row),
        });
        return toMessage(row);
      });
    },
  };
}
