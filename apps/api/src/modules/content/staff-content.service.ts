import { createHash } from 'node:crypto';
import type {
  StaffCareer,
  StaffCareerInput,
  StaffCareerList,
  StaffDocument,
  StaffDocumentList,
  StaffDocumentUpdate,
} from '@mitrebox/api-contract';
import { safeFileName } from '@mitrebox/domain';
import { asc, count, desc, eq, ilike, or, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db.ts';
import { badRequest, notFound } from '../../platform/errors.ts';
import { likePattern, offsetOf } from '../../platform/paging.ts';
import { type AuditActor, recordAudit } from '../audit/audit.service.ts';
import { careers, documents } from './content.tables.ts';
import { plainText } from './content-pages.ts';
import { checkPdf } from './pdf-check.ts';

interface PageQuery<S extends string> {
  page: number;
  pageSize: number;
  q?: string;
  sort: S;
  dir: 'asc' | 'desc';
}

const toCareer = (r: typeof careers.$inferSelect): StaffCareer => ({
  id: r.id,
  job_heading: r.jobHeading,
  job_subject: r.jobSubject,
  job_description: r.jobDescription,
  active: r.active === 1,
  createdAt: r.createdAt.toISOString(),
});

const documentColumns = {
  id: documents.id,
  name: documents.name,
  category: documents.category,
  active: documents.active,
  fileName: documents.fileName,
  size: sql<number>`octet_length(${documents.content})`.mapWith(Number),
  createdAt: documents.createdAt,
};
interface DocumentRow {
  id: number;
  name: string;
  category: number;
  active: number;
  fileName: string;
  size: number;
  createdAt: Date;
}
const toDocument = (r: DocumentRow): StaffDocument => ({
  id: r.id,
  name: r.name,
  category: r.category,
  active: r.active === 1,
  fileName: r.fileName,
  size: r.size,
  createdAt: r.createdAt.toISOString(),
});
/** What the audit log keeps of a document: its fields, not its bytes. */
const documentAudit = (d: StaffDocument) => ({
  name: d.name,
  category: d.category,
  active: d.active,
  fileName: d.fileName,
  size: d.size,
});

/** The name a document is stored and downloaded under: no path, no odd characters, ending in .pdf. */
export function storedPdfName(original: string): string {
  const base = safeFileName(original, 'document.pdf').replace(/\.pdf$/i, '');
  return `${base.slice(0, 110) || 'document'}.pdf`;
}

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

export type StaffContentService = ReturnType<typeof createStaffContentService>;

/** Careers and documents as the back office manages them; every change is audited with before and after. */
export function createStaffContentService(deps: { db: Db }) {
  const { db } = deps;

  async function documentById(id: number, q: Pick<Db, 'select'> = db): Promise<StaffDocument | undefined> {
    const [row] = await q.select(documentColumns).from(documents).where(eq(documents.id, id)).limit(1);
    return row && toDocument(row as DocumentRow);
  }

  return {
    async careers(query: PageQuery<'createdAt' | 'job_heading' | 'job_subject'>): Promise<StaffCareerList> {
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

    async documents(query: PageQuery<'createdAt' | 'name' | 'category'>): Promise<StaffDocumentList> {
      const where = query.q
        ? or(ilike(documents.name, likePattern(query.q)), ilike(documents.fileName, likePattern(query.q)))
        : undefined;
      const column = { createdAt: documents.createdAt, name: documents.name, category: documents.category }[
        query.sort
      ];
      const order = query.dir === 'desc' ? desc : asc;
      const [rows, [{ total }]] = await Promise.all([
        db
          .select(documentColumns)
          .from(documents)
          .where(where)
          .orderBy(order(column), asc(documents.id))
          .limit(query.pageSize)
          .offset(offsetOf(query.page, query.pageSize)),
        db.select({ total: count() }).from(documents).where(where),
      ]);
      return {
        rows: rows.map((r) => toDocument(r as DocumentRow)),
        total,
        page: query.page,
        pageSize: query.pageSize,
      };
    },

    /**
     * Stores an uploaded PDF after checking its content, written again without scripts, launch actions or
     * attached files (pdf-check.ts); the stored name is made safe. The audit entry says what was taken out.
     */
    async uploadDocument(
      input: StaffDocumentUpdate & { fileName: string; bytes: Buffer },
      actor: AuditActor,
    ): Promise<StaffDocument> {
      const check = await checkPdf(input.bytes);
      if (!check.ok) throw badRequest(check.message, { file: check.message });
      return db.transaction(async (tx) => {
        const [row] = await tx
          .insert(documents)
          .values({
            name: input.name,
            category: input.category,
            active: input.active ? 1 : 0,
            fileName: storedPdfName(input.fileName),
            contentType: 'application/pdf',
            content: Buffer.from(check.bytes),
          })
          .returning({ id: documents.id });
        const after = (await documentById(row.id, tx))!;
        await recordAudit(tx, actor, {
          action: 'document.create',
          entity: 'document',
          entityId: row.id,
          after: {
            ...documentAudit(after),
            pages: check.pages,
            // the file as uploaded (the one staff hold); the stored bytes are its rewrite
            sha256: createHash('sha256').update(input.bytes).digest('hex'),
            ...(check.removed.length > 0 ? { activeContentRemoved: check.removed } : {}),
          },
        });
        return after;
      });
    },

    async updateDocument(id: number, input: StaffDocumentUpdate, actor: AuditActor): Promise<StaffDocument> {
      return db.transaction(async (tx) => {
        const before = await documentById(id, tx);
        if (!before) throw notFound('No document with this id.');
        await tx
          .update(documents)
          .set({ name: input.name, category: input.category, active: input.active ? 1 : 0 })
          .where(eq(documents.id, id));
        const after = (await documentById(id, tx))!;
        await recordAudit(tx, actor, {
          action: 'document.update',
          entity: 'document',
          entityId: id,
          before: documentAudit(before),
          after: documentAudit(after),
        });
        return after;
      });
    },

    async deleteDocument(id: number, actor: AuditActor): Promise<void> {
      await db.transaction(async (tx) => {
        const before = await documentById(id, tx);
        if (!before) throw notFound('No document with this id.');
        await tx.delete(documents).where(eq(documents.id, id));
        await recordAudit(tx, actor, {
          action: 'document.delete',
          entity: 'document',
          entityId: id,
          before: documentAudit(before),
        });
      });
    },
  };
}
