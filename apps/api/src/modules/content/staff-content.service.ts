import type { Db } from '../../platform/db.ts';
import { createStaffCareers } from './staff-careers.ts';
import { createStaffDocuments } from './staff-documents.ts';

export type StaffContentService = ReturnType<typeof createStaffContentService>;

/** Careers and documents as the back office manages them; every change is audited with before and after. */
export function createStaffContentService(deps: { db: Db }) {
  return { ...createStaffCareers(deps.db), ...createStaffDocuments(deps.db) };
}
