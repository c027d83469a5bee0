import { PDFArray, PDFDict, PDFDocument, PDFName, PDFString } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { checkPdf } from './pdf-check.ts';

/** Two pages, bookmarks to each (an outline's items are chained by /Next too), a link to page 2 and to the web. */
async function documentWithNavigation(): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const [one, two] = [doc.addPage(), doc.addPage()];
  const ctx = doc.context;
  const outline = ctx.nextRef();
  const first = ctx.nextRef();
  const second = ctx.nextRef();
  ctx.assign(
    first,
    ctx.obj({ Title: PDFString.of('Prices'), Parent: outline, Next: second, Dest: [one.ref, 'Fit'] }),
  );
  ctx.assign(
    second,
    ctx.obj({ Title: PDFString.of('Terms'), Parent: outline, Prev: first, Dest: [two.ref, 'Fit'] }),
  );
  ctx.assign(outline, ctx.obj({ Type: 'Outlines', First: first, Last: second, Count: 2 }));
  doc.catalog.set(PDFName.of('Outlines'), outline);
  const link = (action: Record<string, unknown>) =>
    ctx.register(ctx.obj({ Type: 'Annot', Subtype: 'Link', Rect: [0, 0, 50, 50], A: action as never }));
  one.node.set(
    PDFName.of('Annots'),
    ctx.obj([
      link({ S: 'GoTo', D: [two.ref, 'Fit'] }),
      link({ S: 'URI', URI: PDFString.of('mailto:orders@mitrebox.example') }),
      link({ S: 'Named', N: 'NextPage', Next: { S: 'JavaScript', JS: PDFString.of('app.alert(1)') } }),
    ]),
  );
  return doc.save();
}

describe('checkPdf', () => {
  it('keeps what a reader shows and follows: bookmarks, page links, web and mail links', async () => {
    const check = await checkPdf(await documentWithNavigation());
    if (!check.ok) throw new Error(check.message);
    expect(check.pages).toBe(2);
    expect(check.removed).toEqual(['JavaScript']);
    const doc = await PDFDocument.load(check.bytes);
    const outline = doc.catalog.lookup(PDFName.of('Outlines'), PDFDict);
    const first = outline.lookup(PDFName.of('First'), PDFDict);
    expect(first.lookup(PDFName.of('Title'), PDFString).decodeText()).toBe('Prices');
    expect(
      first.lookup(PDFName.of('Next'), PDFDict).lookup(PDFName.of('Title'), PDFString).decodeText(),
    ).toBe('Terms');
    const annots = doc.getPage(0).node.lookup(PDFName.of('Annots'), PDFArray);
    const kinds = annots
      .asArray()
      .map((a) => doc.context.lookup(a, PDFDict).lookup(PDFName.of('A'), PDFDict))
      .map((a) => a.lookup(PDFName.of('S'), PDFName).decodeText());
    expect(kinds).toEqual(['GoTo', 'URI', 'Named']);
    expect(Buffer.from(check.bytes).toString('latin1')).not.toContain('/JavaScript');
  });

  it('refuses what is not a readable PDF, as before', async () => {
    expect(await checkPdf(Buffer.from('hello'))).toEqual({
      ok: false,
      message: 'This file is not a PDF. Please choose a PDF document.',
    });
    expect((await checkPdf(Buffer.from('%PDF-1.7\nbroken'))).ok).toBe(false);
  });
});
