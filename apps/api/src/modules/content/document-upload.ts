import { DOCUMENT_MAX_BYTES, StaffDocumentUpdate } from '@mitrebox/api-contract';
import type { FastifyRequest } from 'fastify';
import { AppError, badRequest } from '../../platform/errors.ts';

export const DOCUMENT_TOO_LARGE = `The PDF is larger than ${DOCUMENT_MAX_BYTES / 1024 / 1024} MB.`;

/** A document as the back office uploads it: its fields, checked, and the file's bytes (not yet checked). */
export type DocumentUpload = StaffDocumentUpdate & { fileName: string; bytes: Buffer };

/**
 * Reads the upload form (multipart/form-data: name, category, active, file): the file within
 * DOCUMENT_MAX_BYTES, the fields by StaffDocumentUpdate. Each refusal names its field, as the form shows it.
 */
export async function readDocumentUpload(request: FastifyRequest): Promise<DocumentUpload> {
  if (!request.isMultipart()) {
    throw badRequest('Please send the document as a form upload (multipart/form-data).');
  }
  const { fields, file } = await readParts(request);
  if (!file || file.bytes.length === 0) {
    throw badRequest('Please choose a PDF file.', { file: 'Please choose a PDF file.' });
  }
  return { ...documentFields(fields), ...file };
}

/** The form's text fields and its one file. */
async function readParts(request: FastifyRequest) {
  const fields: Record<string, string> = {};
  let file: { fileName: string; bytes: Buffer } | undefined;
  for await (const part of request.parts()) {
    if (part.type === 'file') {
      const bytes = await part.toBuffer().catch((err: { code?: string }) => {
        // past DOCUMENT_MAX_BYTES: said with the limit, as the form shows it
        if (err.code === 'FST_REQ_FILE_TOO_LARGE')
          throw new AppError('too_large', 413, DOCUMENT_TOO_LARGE, { file: DOCUMENT_TOO_LARGE });
        throw err;
      });
      if (part.file.truncated) throw badRequest(DOCUMENT_TOO_LARGE, { file: DOCUMENT_TOO_LARGE });
      file = { fileName: part.filename || 'document.pdf', bytes };
    } else if (typeof part.value === 'string') {
      fields[part.fieldname] = part.value;
    }
  }
  return { fields, file };
}

/** The name, category and active flag of the form, checked as a change of a document is. */
function documentFields(fields: Record<string, string>): StaffDocumentUpdate {
  const parsed = StaffDocumentUpdate.safeParse({
    name: fields.name ?? '',
    category: fields.category ?? '',
    active: fields.active === undefined ? true : ['true', '1', 'on'].includes(fields.active),
  });
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  const field = String(issue.path[0] ?? 'body');
  const message =
    field === 'name' && issue.code === 'too_small'
      ? issue.message
      : field === 'category'
        ? 'Please choose a category: 1 Promos, 2 Updates or 3 Discontinued Items.'
        : `${field}: ${issue.message}`;
  throw badRequest(message, { [field]: message });
}
