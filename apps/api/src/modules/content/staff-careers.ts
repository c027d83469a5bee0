import type {
  StaffCareer,
  StaffCareerInput,
  StaffCareerList,
  StaffCareerQuery,
} from '@mitrebox/api-contract';
import { asc, count, desc, eq, ilike, or } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../platform/db.ts';
import { badRequest, notFound } from '../../platform/errors.ts';
import { likePattern, offsetOf } from '../../platform/paging.ts';
import { type AuditActor, recordAudit } from '../audit/audit.service.ts';
import { careers } from './content.tables.ts';
import { plainText } from './content-pages.ts';

const toCareer = (r: typeof careers.$inferSelect): StaffCareer => ({
  id: r.id,
  job_heading: r.jobHeading,
  job_subject: r.jobSubject,
  job_description: r.jobDescription,
  active: r.active === 1,
  createdAt: r.createdAt.toISOString(),
});

/**
 * A position as stored: plain text (the careers page shows it as text), never markup. A field that was only
 * markup is empty and refused with the form's message.
 */
function careerFields(input: StaffCareerInput) {
  const fields = {
    jobHeading: plainText(input.job_heading).trim(),
    jobSubject: plainText(input.job_subject).trim(),
    jobDescription: plainText(input.job_description).trim(),
    active: input.active === false ? 0 : 1,
  };
  const empty = (
    [
      ['job_heading', fields.jobHeading, 'The job heading is required.'],
      ['job_subject', fields.jobSubject, 'The job subject is required.'],
      ['job_description', fields.jobDescription, 'The job description is required.'],
    ] as const
  ).find(([, value]) => value === '');
  if (empty) throw badRequest(empty[2], { [empty[0]]: empty[2] });
  return fields;
}

/** The positions of the Careers page as the back office manages them; every change is audited. */
export function createStaffCareers(db: Db) {
  return {
    async careers(query: z.output<typeof StaffCareerQuery>): Promise<StaffCareerList> {
      const where = query.q
        ? or(
            ilike(careers.jobHeading, likePattern(query.q)),
            ilike(careers.jobSubject, likePattern(query.q)),
            ilike(careers.jobDescription, likePattern(query.q)),
          )
        : undefined;
      const column = {
        createdAt: careers.createdAt,
        job_heading: careers.jobHeading,
        job_subject: careers.jobSubject,
      }[query.sort];
      const order = query.dir === 'desc' ? desc : asc;
      const [rows, [{ total }]] = await Promise.all([
        db
          .select()
          .from(careers)
          .where(where)
          .orderBy(order(column), asc(careers.id))
          .limit(query.pageSize)
          .offset(offsetOf(query.page, query.pageSize)),
        db.select({ total: count() }).from(careers).where(where),
      ]);
      return { rows: rows.map(toCareer), total, page: query.page, pageSize: query.pageSize };
    },

    async addCareer(input: StaffCareerInput, actor: AuditActor): Promise<StaffCareer> {
      return db.transaction(async (tx) => {
        const [row] = await tx.insert(careers).values(careerFields(input)).returning();
        const after = toCareer(row);
        await recordAudit(tx, actor, { action: 'career.create', entity: 'career', entityId: row.id, after });
        return after;
      });
    },

    async updateCareer(id: number, input: StaffCareerInput, actor: AuditActor): Promise<StaffCareer> {
      return db.transaction(async (tx) => {
        const [old] = await tx.select().from(careers).where(eq(careers.id, id)).for('update');
        if (!old) throw notFound('No job with this id.');
        const [row] = await tx.update(careers).set(careerFields(input)).where(eq(careers.id, id)).returning();
        const after = toCareer(row);
        await recordAudit(tx, actor, {
          action: 'career.update',
          entity: 'career',
          entityId: id,
          before: toCareer(old),
          after,
        });
        return after;
      });
    },

    async deleteCareer(id: number, actor: AuditActor): Promise<void> {
      await db.transaction(async (tx) => {
        const [old] = await tx.delete(careers).where(eq(careers.id, id)).returning();
        if (!old) throw notFound('No job with this id.');
        await recordAudit(tx, actor, {
          action: 'career.delete',
          entity: 'career',
          entityId: id,
          before: toCareer(old),
        });
      });
    },
  };
}
