import { PDFDocument } from 'pdf-lib';

export type PdfCheck = { ok: true; pages: number } | { ok: false; message: string };

export const PDF_MESSAGES = {
  notPdf: 'This file is not a PDF. Please choose a PDF document.',
  unreadable: 'This PDF could not be read. Please save it again as a PDF and upload it once more.',
  encrypted: 'This PDF is password-protected. Please upload a copy without a password.',
  empty: 'This PDF has no pages.',
} as const;

/**
 * Whether bytes are a PDF, judged by their content only (never the file name or the browser's content type):
 * the %PDF- signature at the start, then a full parse by pdf-lib, which must find at least one page.
 */
export async function checkPdf(bytes: Uint8Array): Promise<PdfCheck> {
  const head = Buffer.from(bytes.subarray(0, 5)).toString('latin1');
  if (head !== '%PDF-') return { ok: false, message: PDF_MESSAGES.notPdf };
  let pages: number;
  try {
    const doc = await PDFDocument.load(bytes, { updateMetadata: false, throwOnInvalidObject: true });
    // a file without a catalogue or page tree throws here, not in load()
    pages = doc.getPageCount();
  } catch (error) {
    const encrypted = error instanceof Error && /encrypt/i.test(error.message);
    return { ok: false, message: encrypted ? PDF_MESSAGES.encrypted : PDF_MESSAGES.unreadable };
  }
  return pages > 0 ? { ok: true, pages } : { ok: false, message: PDF_MESSAGES.empty };
}
