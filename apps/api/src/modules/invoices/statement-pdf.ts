import type { Statement } from '@mitrebox/api-contract';
import { AGING_BUCKET_LABELS, AGING_BUCKETS, money } from '@mitrebox/domain';
import { PDFDocument, type PDFFont, type PDFPage, rgb, StandardFonts } from 'pdf-lib';
import { dollars, usDate } from './statement-text.ts';

/**
 * The statement of account as a PDF (US Letter): the supplier's letterhead, the account's address, the aging
 * buckets and total due at the top, then the open invoices and open credits, continued on as many pages as they
 * need (the table's heading repeated), each page numbered "Page n of N". Standard fonts only: nothing to embed.
 */
const PAGE: [number, number] = [612, 792];
const MARGIN = 40;
const BOTTOM = 60;
const ROW = 15;
const INK = rgb(0.12, 0.14, 0.18);
const DIM = rgb(0.4, 0.4, 0.4);
const RULE = rgb(0.8, 0.8, 0.8);
const BAND = rgb(0.16, 0.2, 0.27);
const BRASS = rgb(0.78, 0.64, 0.33);
const ALERT = rgb(0.7, 0.1, 0.1);

/** WinAnsi (the standard fonts' encoding) has printable Latin-1 and a few marks more; anything else prints as '?'. */
const WIN_ANSI_EXTRA = new Set([...'–—‘’“”•…€™']);
const printable = (c: string) => {
  const code = c.charCodeAt(0);
  return (code >= 0x20 && code < 0x7f) || (code >= 0xa0 && code < 0x100) || WIN_ANSI_EXTRA.has(c);
};
export const pdfSafe = (text: string) =>
  [...text.normalize('NFC')].map((c) => (printable(c) ? c : /\s/.test(c) ? ' ' : '?')).join('');

interface Column {
  title: string;
  width: number;
  right?: boolean;
}

const INVOICE_COLUMNS: Column[] = [
  { title: 'Invoice #', width: 70 },
  { title: 'Invoice date', width: 74 },
  { title: 'Due date', width: 74 },
  { title: 'Days past due', width: 70, right: true },
  { title: 'Amount', width: 82, right: true },
  { title: 'Paid', width: 82, right: true },
  { title: 'Balance', width: 80, right: true },
];

const CREDIT_COLUMNS: Column[] = [
  { title: 'Credit #', width: 70 },
  { title: 'Date', width: 74 },
  { title: '', width: 144 },
  { title: 'Amount', width: 82, right: true },
  { title: 'Used', width: 82, right: true },
  { title: 'Open', width: 80, right: true },
];

class StatementWriter {
  page!: PDFPage;
  y = 0;
  constructor(
    readonly pdf: PDFDocument,
    readonly regular: PDFFont,
    readonly bold: PDFFont,
    readonly statement: Statement,
  ) {}

  text(
    value: string,
    x: number,
    y: number,
    opts: { size?: number; bold?: boolean; color?: typeof INK } = {},
  ) {
    this.page.drawText(pdfSafe(value), {
      x,
      y,
      size: opts.size ?? 9,
      font: opts.bold ? this.bold : this.regular,
      color: opts.color ?? INK,
    });
  }

  rightText(
    value: string,
    right: number,
    y: number,
    opts: { size?: number; bold?: boolean; color?: typeof INK } = {},
  ) {
    const font = opts.bold ? this.bold : this.regular;
    const width = font.widthOfTextAtSize(pdfSafe(value), opts.size ?? 9);
    this.text(value, right - width, y, opts);
  }

  rule(y: number) {
    this.page.drawLine({
      start: { x: MARGIN, y },
      end: { x: PAGE[0] - MARGIN, y },
      thickness: 0.5,
      color: RULE,
    });
  }

  /** A page with the letterhead; the first carries the addresses and the aging, the others a short heading. */
  newPage(first: boolean) {
    const { statement: s } = this;
    this.page = this.pdf.addPage(PAGE);
    this.page.drawRectangle({ x: 0, y: 736, width: PAGE[0], height: 56, color: BAND });
    this.page.drawRectangle({ x: 0, y: 732, width: PAGE[0], height: 4, color: BRASS });
    this.text(s.supplier.company, MARGIN, 764, { size: 15, bold: true, color: rgb(1, 1, 1) });
    this.text(`${s.supplier.address}  |  ${s.supplier.phone}`, MARGIN, 748, { color: rgb(0.86, 0.86, 0.86) });
    this.rightText('Statement of Account', PAGE[0] - MARGIN, 764, {
      size: 13,
      bold: true,
      color: rgb(1, 1, 1),
    });
    this.rightText(`Statement date ${usDate(s.statementDay)}`, PAGE[0] - MARGIN, 748, {
      color: rgb(0.86, 0.86, 0.86),
    });
    this.y = 706;
    if (!first) {
      this.text(`${s.account.company} (account ${s.account.acctnum}), continued`, MARGIN, this.y, {
        bold: true,
      });
      this.y -= 24;
      return;
    }
    this.text('Statement for', MARGIN, this.y, { size: 8, bold: true, color: DIM });
    const lines = [
      s.account.company,
      ...(s.account.contact ? [`Attn: ${s.account.contact}`] : []),
      ...s.account.address,
    ];
    lines.forEach((line, i) => {
      this.text(line, MARGIN, this.y - 14 - i * 13, { size: 10, bold: i === 0 });
    });
    const facts: [string, string][] = [
      ['Account', s.account.acctnum],
      ['Terms', s.account.terms],
      ['Statement date', usDate(s.statementDay)],
      ['Open invoices', String(s.invoiceCount)],
    ];
    facts.forEach(([label, value], i) => {
      this.text(label, 360, this.y - 14 - i * 13, { color: DIM });
      this.rightText(value, PAGE[0] - MARGIN, this.y - 14 - i * 13, { bold: true });
    });
    this.y -= 24 + Math.max(lines.length, facts.length) * 13;
    this.aging();
  }

  /** The row of bucket totals with the total due, over 60 days in red when anything is there. */
  aging() {
    const s = this.statement;
    const boxes: [string, string, boolean][] = [
      ...AGING_BUCKETS.map(
        (b) =>
          [
            AGING_BUCKET_LABELS[b],
            s.buckets[b],
            (b === 'days61to90' || b === 'over90') && money(s.buckets[b]).gt(0),
          ] as [string, string, boolean],
      ),
      ['Open credits', money(s.creditsOpen).neg().toFixed(2), false],
      ['Total due', s.totalDue, false],
    ];
    const width = (PAGE[0] - 2 * MARGIN) / boxes.length;
    const top = this.y;
    this.page.drawRectangle({
      x: MARGIN,
      y: top - 40,
      width: PAGE[0] - 2 * MARGIN,
      height: 40,
      borderColor: RULE,
      borderWidth: 0.75,
      color: rgb(0.98, 0.97, 0.94),
    });
    boxes.forEach(([label, value, alert], i) => {
      const right = MARGIN + (i + 1) * width - 6;
      const last = i === boxes.length - 1;
      this.rightText(label, right, top - 14, { size: 7.5, bold: true, color: alert ? ALERT : DIM });
      this.rightText(dollars(value), right, top - 30, {
        size: last ? 10.5 : 9.5,
        bold: true,
        color: alert ? ALERT : INK,
      });
    });
    this.y = top - 64;
  }

  heading(columns: Column[], title: string) {
    this.text(title, MARGIN, this.y, { size: 11, bold: true });
    this.y -= 16;
    let x = MARGIN;
    for (const c of columns) {
      if (c.right) this.rightText(c.title, x + c.width, this.y, { size: 8, bold: true, color: DIM });
      else this.text(c.title, x, this.y, { size: 8, bold: true, color: DIM });
      x += c.width;
    }
    this.rule(this.y - 4);
    this.y -= ROW;
  }

  /** One table row, on a new page (with the heading again) when this one is full. */
  row(columns: Column[], title: string, cells: string[], opts: { bold?: boolean } = {}) {
    if (this.y < BOTTOM) {
      this.newPage(false);
      this.heading(columns, `${title} (continued)`);
    }
    let x = MARGIN;
    columns.forEach((c, i) => {
      const value = cells[i] ?? '';
      if (c.right) this.rightText(value, x + c.width, this.y, opts);
      else this.text(value, x, this.y, opts);
      x += c.width;
    });
    this.y -= ROW;
  }

  /** Room for a heading and a couple of rows, or a new page. */
  need(height: number) {
    if (this.y - height < BOTTOM) this.newPage(false);
  }

  numberPages() {
    const pages = this.pdf.getPages();
    const { phone } = this.statement.supplier;
    pages.forEach((page, i) => {
      this.page = page;
      this.text(`Questions about this statement? Call us at ${phone}.`, MARGIN, 30, { size: 8, color: DIM });
      this.rightText(`Page ${i + 1} of ${pages.length}`, PAGE[0] - MARGIN, 30, { size: 8, color: DIM });
    });
  }
}

export async function statementPdf(statement: Statement): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  const s = statement;
  pdf.setTitle(pdfSafe(`${s.supplier.company} - Statement ${s.account.acctnum} ${s.statementDay}`));
  pdf.setAuthor(pdfSafe(s.supplier.company));
  pdf.setProducer('Mitrebox');
  const made = new Date(`${s.statementDay}T12:00:00Z`);
  pdf.setCreationDate(made);
  pdf.setModificationDate(made);
  const w = new StatementWriter(
    pdf,
    await pdf.embedFont(StandardFonts.Helvetica),
    await pdf.embedFont(StandardFonts.HelveticaBold),
    s,
  );
  w.newPage(true);
  w.heading(INVOICE_COLUMNS, 'Open invoices');
  if (s.invoices.length === 0) w.row(INVOICE_COLUMNS, 'Open invoices', ['No open invoices.']);
  for (const r of s.invoices)
    w.row(INVOICE_COLUMNS, 'Open invoices', [
      String(r.invnum),
      usDate(r.invDay),
      usDate(r.dueDay),
      r.daysPastDue > 0 ? String(r.daysPastDue) : 'Current',
      dollars(r.amount),
      dollars(r.paid),
      dollars(r.balance),
    ]);
  w.row(INVOICE_COLUMNS, 'Open invoices', ['', '', '', '', '', 'Invoices due', dollars(s.invoicesDue)], {
    bold: true,
  });
  if (s.credits.length > 0) {
    w.y -= 10;
    w.need(3 * ROW + 16);
    w.heading(CREDIT_COLUMNS, 'Open credits');
    for (const c of s.credits)
      w.row(CREDIT_COLUMNS, 'Open credits', [
        String(c.invnum),
        usDate(c.day),
        '',
        dollars(c.amount),
        dollars(c.applied),
        dollars(c.balance),
      ]);
    w.row(
      CREDIT_COLUMNS,
      'Open credits',
      ['', '', '', '', 'Credits open', dollars(money(s.creditsOpen).neg().toFixed(2))],
      {
        bold: true,
      },
    );
  }
  w.y -= 10;
  w.need(2 * ROW);
  w.rule(w.y + ROW - 4);
  w.rightText('Total due', MARGIN + 440, w.y, { size: 11, bold: true });
  w.rightText(dollars(s.totalDue), PAGE[0] - MARGIN, w.y, { size: 11, bold: true });
  w.numberPages();
  return pdf.save();
}
