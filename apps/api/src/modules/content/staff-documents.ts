import { createHash } from 'node:crypto';
import type {
  StaffDocument,
  StaffDocumentList,
  StaffDocumentQuery,
  StaffDocumentUpdate,
} from '@mitrebox/api-contract';
import { safeFileName } from '@mitrebox/domain';
import { asc, count, desc, eq, ilike, or, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../platform/db.ts';
import { badRequest, notFound } from '../../platform/errors.ts';
import { likePattern, offsetOf } from '../../platform/paging.ts';
import { type AuditActor, recordAudit } from '../audit/audit.service.ts';
import { documents } from './content.tables.ts';
import type { DocumentUpload } from './document-upload.ts';

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

/** The PDFs customers download, as the back office manages them; every change is audited (not the bytes). */
export function createStaffDocuments(db: Db) {
  async function documentById(id: number, q: Pick<Db, 'select'> = db): Promise<StaffDocument | undefined> {
    const [row] = await q.select(documentColumns).from(documents).where(eq(documents.id, id)).limit(1);
    return row && toDocument(row as DocumentRow);
  }

  return {
    async documents(query: z.output<typeof StaffDocumentQuery>): Promise<StaffDocumentList> {
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
    async uploadDocument(input: DocumentUpload, actor: AuditActor): Promise<StaffDocument> {
      // pdf-lib loads with the first upload, not with the server (apps/api/build.mjs)
      const { checkPdf } = await import('./pdf-check.ts');
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
