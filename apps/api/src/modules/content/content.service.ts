import type { Career, DocumentEntry, NewAccountInfo } from '@mitrebox/api-contract';
import { safeFileName } from '@mitrebox/domain';
import { and, asc, desc, eq } from 'drizzle-orm';
import type { Config } from '../../config.ts';
import type { Db } from '../../platform/db.ts';
import { notFound } from '../../platform/errors.ts';
import { careers, documents } from './content.tables.ts';
import { plainText } from './content-pages.ts';

export type ContentService = ReturnType<typeof createContentService>;

/** Plain text again on the way out: a position stored before the back office cleaned them may hold markup. */
const toCareer = (r: typeof careers.$inferSelect): Career => ({
  id: r.id,
  job_heading: plainText(r.jobHeading),
  job_subject: plainText(r.jobSubject),
  job_description: plainText(r.jobDescription),
});

export function createContentService(deps: { db: Db; config: Config }) {
  const { db, config } = deps;
  let applicationForm: Promise<Uint8Array> | undefined;

  return {
    async careers(): Promise<Career[]> {
      const rows = await db
        .select()
        .from(careers)
        .where(eq(careers.active, 1))
        .orderBy(desc(careers.createdAt), asc(careers.id));
      return rows.map(toCareer);
    },

    /** The documents of a state (active 1 by default), newest first within each category. */
    async documents(active: number): Promise<DocumentEntry[]> {
      return db
        .select({ id: documents.id, name: documents.name, category: documents.category })
        .from(documents)
        .where(eq(documents.active, active === 0 ? 0 : 1))
        .orderBy(asc(documents.category), desc(documents.createdAt), asc(documents.id));
    },

    /** One active document's bytes; an inactive or unknown id is not found. */
    async download(dlid: number): Promise<{ fileName: string; contentType: string; content: Buffer }> {
      const [row] = await db
        .select({
          fileName: documents.fileName,
          contentType: documents.contentType,
          content: documents.content,
        })
        .from(documents)
        .where(and(eq(documents.id, dlid), eq(documents.active, 1)))
        .limit(1);
      if (!row) throw notFound('This document is not available.');
      const contentType = /^[\w.+-]+\/[\w.+-]+$/.test(row.contentType)
        ? row.contentType
        : 'application/octet-stream';
      return { fileName: safeFileName(row.fileName), contentType, content: Buffer.from(row.content) };
    },

    newAccountInfo(): NewAccountInfo {
      return { ordersEmail: config.ORDERS_EMAIL, formUrl: '/api/newAccount/application.pdf' };
    },

    newAccountForm(): Promise<Uint8Array> {
      // made with the first download; pdf-lib loads then, not with the server (apps/api/build.mjs)
      applicationForm ??= import('./new-account-form.ts').then(({ buildNewAccountForm }) =>
        buildNewAccountForm({
          companyName: config.COMPANY_NAME,
          companyAddress: config.COMPANY_ADDRESS,
          phone: config.CUSTOMER_SERVICE_PHONE,
          ordersEmail: config.ORDERS_EMAIL,
        }),
      );
      return applicationForm;
    },
  };
}
