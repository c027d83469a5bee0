import {
  PDFArray,
  type PDFContext,
  PDFDict,
  PDFDocument,
  PDFHexString,
  PDFName,
  type PDFObject,
  PDFRef,
  PDFStream,
  PDFString,
} from 'pdf-lib';

export type PdfCheck =
  | { ok: true; pages: number; bytes: Uint8Array; removed: string[] }
  | { ok: false; message: string };

export const PDF_MESSAGES = {
  notPdf: 'This file is not a PDF. Please choose a PDF document.',
  unreadable: 'This PDF could not be read. Please save it again as a PDF and upload it once more.',
  encrypted: 'This PDF is password-protected. Please upload a copy without a password.',
  empty: 'This PDF has no pages.',
} as const;

/**
 * Whether bytes are a PDF, judged by their content only (never the file name or the browser's content type):
 * the %PDF- signature at the start, then a full parse by pdf-lib, which must find at least one page. An accepted
 * PDF comes back written again without its active content (withoutActiveContent): what customers download is
 * pages to read, whatever the uploaded file carried.
 */
export async function checkPdf(bytes: Uint8Array): Promise<PdfCheck> {
  const head = Buffer.from(bytes.subarray(0, 5)).toString('latin1');
  if (head !== '%PDF-') return { ok: false, message: PDF_MESSAGES.notPdf };
  try {
    const doc = await PDFDocument.load(bytes, { updateMetadata: false, throwOnInvalidObject: true });
    // a file without a catalogue or page tree throws here, not in load()
    const pages = doc.getPageCount();
    if (pages === 0) return { ok: false, message: PDF_MESSAGES.empty };
    const removed = withoutActiveContent(doc.context);
    // Written again even when nothing was found: the stored file is what pdf-lib read, so a reader that parses
    // the original differently finds nothing else in it. Without object streams, every dictionary is plain text.
    const clean = await doc.save({
      useObjectStreams: false,
      addDefaultPage: false,
      updateFieldAppearances: false,
    });
    return { ok: true, pages, bytes: clean, removed };
  } catch (error) {
    const encrypted = error instanceof Error && /encrypt/i.test(error.message);
    return { ok: false, message: encrypted ? PDF_MESSAGES.encrypted : PDF_MESSAGES.unreadable };
  }
}

/** Entries that hold scripts, actions run on opening or closing, attached files or XFA forms, wherever found. */
const ACTIVE_KEYS = ['OpenAction', 'AA', 'JS', 'JavaScript', 'EmbeddedFiles', 'EF', 'XFA'].map((k) =>
  PDFName.of(k),
);
/** Actions that run code, start programs, send data or open other files: emptied wherever they are. */
const RUNNING_ACTIONS = new Set([
  'JavaScript',
  'Launch',
  'ImportData',
  'SubmitForm',
  'GoToE',
  'GoToR',
  'Rendition',
  'RichMediaExecute',
]);
/** The actions a link or a bookmark may keep: a page of the document, a web or mail address, next page… */
const KEPT_ACTIONS = new Set(['GoTo', 'URI', 'Named']);
const KEPT_URI = /^(?:https?:|mailto:)/i;
/** Where actions hang: a link's, a field's or a bookmark's /A, an action's /Next. */
const ACTION_KEYS = new Set([PDFName.of('A'), PDFName.of('Next')]);
const S = PDFName.of('S');
const URI = PDFName.of('URI');

/** An action's kind ('GoTo', 'JavaScript'…), or undefined for a dictionary that is not an action. */
function actionKind(dict: PDFObject | undefined): string | undefined {
  const kind = dict instanceof PDFDict ? dict.get(S) : undefined;
  return kind instanceof PDFName ? kind.decodeText() : undefined;
}

/** Why an action may not stay (its kind), or undefined for a kept action or something else. */
function refusedAction(action: PDFObject | undefined): string | undefined {
  const kind = actionKind(action);
  if (kind === 'URI') {
    const uri = (action as PDFDict).lookup(URI);
    const text = uri instanceof PDFString || uri instanceof PDFHexString ? uri.decodeText().trim() : '';
    return KEPT_URI.test(text) ? undefined : 'URI';
  }
  return kind === undefined || KEPT_ACTIONS.has(kind) ? undefined : kind;
}

/**
 * Takes out of a document everything a reader would run or open rather than show: document JavaScript, open and
 * page actions (/OpenAction, /AA), script, launch, form-submit and media actions of links, fields and bookmarks,
 * attached files and XFA forms. Objects nothing refers to any more are dropped, so their bytes are not written
 * either. Answers what was removed (for the audit log).
 */
export function withoutActiveContent(context: PDFContext): string[] {
  const removed = new Set<string>();
  const clean = (object: PDFObject | undefined): void => {
    if (object instanceof PDFStream) clean(object.dict);
    else if (object instanceof PDFArray) for (const item of object.asArray()) clean(item);
    if (!(object instanceof PDFDict)) return;
    const kind = actionKind(object);
    if (kind !== undefined && RUNNING_ACTIONS.has(kind)) {
      for (const key of object.keys()) object.delete(key);
      removed.add(kind);
      return;
    }
    for (const key of ACTIVE_KEYS) if (object.delete(key)) removed.add(key.decodeText());
    for (const [key, value] of object.entries()) {
      const refused = ACTION_KEYS.has(key) ? refusedAction(context.lookup(value)) : undefined;
      if (refused === undefined) clean(value);
      else {
        object.delete(key);
        removed.add(refused);
      }
    }
  };
  // every indirect object (the direct ones are inside them); those nothing reaches any more are then dropped
  for (const [, object] of context.enumerateIndirectObjects()) clean(object);
  dropUnreachable(context);
  return [...removed].sort();
}

/** Deletes the objects that neither the catalogue nor the document information reaches. */
function dropUnreachable(context: PDFContext): void {
  const reached = new Set<PDFRef>();
  const pending: (PDFObject | undefined)[] = [context.trailerInfo.Root, context.trailerInfo.Info];
  while (pending.length > 0) {
    const object = pending.pop();
    if (object instanceof PDFRef) {
      if (reached.has(object)) continue;
      reached.add(object);
      pending.push(context.lookup(object));
    } else if (object instanceof PDFDict) for (const value of object.values()) pending.push(value);
    else if (object instanceof PDFArray) for (const item of object.asArray()) pending.push(item);
    else if (object instanceof PDFStream) pending.push(object.dict);
  }
  for (const [ref] of context.enumerateIndirectObjects()) if (!reached.has(ref)) context.delete(ref);
}
