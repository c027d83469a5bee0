import { PDFDocument, type PDFFont, type RGB, rgb, StandardFonts } from 'pdf-lib';

const PDF_1_4 = '%PDF-1.4';
const COMPANY = 'Mitrebox Moulding Supply';
const ADDRESS = '4400 Tchoupitoulas St, New Orleans, LA 70115  |  800-640-2467';

/** The demo documents' text as plain ASCII: typographic quotes and dashes as their ASCII forms, the rest '?'. */
function ascii(s: string): string {
  return s
    .replace(/[\u2018\u2019]/g, "'")
    .replace(/[\u201c\u201d]/g, '"')
    .replace(/[\u2013\u2014]/g, '-')
    .replace(/[^\x20-\x7e]/g, '?');
}

/**
 * A one-page demo document, written by pdf-lib: a letterhead band, the title, an optional subtitle, the lines
 * and a footer, in the standard Helvetica fonts. PDF 1.4 (no object streams), with no dates in it, so the
 * same input gives the same bytes.
 */
export async function makePdf(opts: {
  title: string;
  subtitle?: string;
  lines: string[];
  company?: string;
}): Promise<Buffer> {
  const company = opts.company ?? COMPANY;
  const pdf = await PDFDocument.create({ updateMetadata: false });
  pdf.setTitle(ascii(opts.title));
  pdf.setProducer('Mitrebox demo data');
  const page = pdf.addPage([612, 792]);
  const regular = pdf.embedStandardFont(StandardFonts.Helvetica);
  const bold = pdf.embedStandardFont(StandardFonts.HelveticaBold);
  const grey = (level: number) => rgb(level, level, level);
  let current: PDFFont | undefined;
  const write = (text: string, y: number, size: number, font: PDFFont, color: RGB) => {
    // a font named on every drawText would add a resource entry each time: set it when it changes
    if (font !== current) {
      page.setFont(font);
      current = font;
    }
    page.drawText(ascii(text), { x: 54, y, size, color });
  };

  // the letterhead band
  page.drawRectangle({ x: 0, y: 732, width: 612, height: 60, color: rgb(0.16, 0.2, 0.27) });
  page.drawRectangle({ x: 0, y: 728, width: 612, height: 4, color: rgb(0.78, 0.64, 0.33) });
  write(company, 756, 16, bold, grey(1));
  write(ADDRESS, 742, 9, regular, grey(0.85));
  write(opts.title, 690, 20, bold, grey(0.1));
  let y = 690;
  if (opts.subtitle) {
    y -= 22;
    write(opts.subtitle, y, 12, regular, grey(0.35));
  }
  y -= 30;
  for (const [i, line] of opts.lines.entries()) write(line, y - i * 15, 11, regular, grey(0.15));
  write(`${company} - trade customers only`, 40, 8, regular, grey(0.5));

  const bytes = Buffer.from(await pdf.save({ useObjectStreams: false }));
  // pdf-lib heads every file %PDF-1.7 whatever it holds; what this one uses (standard fonts, flate streams, a
  // plain cross-reference table, no object streams) is PDF 1.4. Same length, so no offset moves.
  bytes.write(PDF_1_4, 0, 'latin1');
  return bytes;
}
