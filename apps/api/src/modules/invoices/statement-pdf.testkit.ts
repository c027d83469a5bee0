import { inflateSync } from 'node:zlib';
import { PDFArray, PDFDocument, PDFName, PDFRawStream, type PDFRef } from 'pdf-lib';

/**
 * The text of each page of a PDF written with pdf-lib's standard fonts: every string shown (`<hex> Tj`) in its
 * content streams, inflated, one line per string, WinAnsi read as Latin-1 (plus the dashes the statement uses).
 * Enough to read a statement's figures back, which is all the tests ask of it.
 */
export async function pdfPageTexts(bytes: Uint8Array): Promise<string[]> {
  const pdf = await PDFDocument.load(bytes);
  const winAnsi: Record<number, string> = { 150: '–', 151: '—' };
  return pdf.getPages().map((page) => {
    const contents = page.node.get(PDFName.of('Contents'));
    const refs = contents instanceof PDFArray ? contents.asArray() : [contents];
    const shown: string[] = [];
    for (const ref of refs) {
      const stream = pdf.context.lookup(ref as PDFRef);
      if (!(stream instanceof PDFRawStream)) continue;
      const filter = stream.dict.get(PDFName.of('Filter'));
      const raw = Buffer.from(stream.contents);
      const ops = (filter ? inflateSync(raw) : raw).toString('latin1');
      for (const m of ops.matchAll(/<([0-9A-Fa-f]*)>\s*Tj/g)) {
        const codes = Buffer.from(m[1]!, 'hex');
        shown.push([...codes].map((c) => winAnsi[c] ?? String.fromCharCode(c)).join(''));
      }
    }
    return shown.join('\n');
  });
}
