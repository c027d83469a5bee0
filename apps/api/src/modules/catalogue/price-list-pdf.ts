import type { SessionAccount } from '@mitrebox/api-contract';
import { formatInches, formatMoney, type NetPrice, type PriceKind } from '@mitrebox/domain';
import { PDFDocument, type PDFFont, type PDFPage, rgb, StandardFonts } from 'pdf-lib';
import type { Db } from '../../platform/db.ts';
import { pdfSafe } from '../invoices/statement-pdf.ts';
import { usDate } from '../invoices/statement-text.ts';
import { type PriceListFilter, priceListCollections } from './price-list.repository.ts';
import { accountPricing, type NetPricedProduct, netPricedPages } from './price-list.ts';

/**
 * The account's price book as a PDF (US Letter, landscape): the supplier and the account with the day of the prices
 * in every page's heading, a heading per collection (by name; products in none last), one line per product with its
 * net price of each kind, and "Page n of N". Standard fonts only.
 *
 * pdf-lib holds the whole document until it is saved, so the book is made in memory: PDF_MAX_PRODUCTS bounds it
 * (about 60 MB and a few seconds at that size; the CSV has no bound). Products are still read a page at a time.
 */
export const PDF_MAX_PRODUCTS = 25_000;
export const PDF_TOO_LARGE = `The PDF price book holds up to ${PDF_MAX_PRODUCTS.toLocaleString('en-US')} items. Choose collections or product types, or download the CSV, which has every item.`;

const PAGE: [number, number] = [792, 612];
const MARGIN = 36;
const TOP = 548;
const BOTTOM = 44;
const ROW = 13;
const INK = rgb(0.12, 0.14, 0.18);
const DIM = rgb(0.4, 0.4, 0.4);
const RULE = rgb(0.82, 0.82, 0.82);
const BAND = rgb(0.16, 0.2, 0.27);
const BRASS = rgb(0.78, 0.64, 0.33);
const WHITE = rgb(1, 1, 1);

interface Column {
  title: string;
  width: number;
  /** The price kinds shown in the column (the first the product has). */
  kinds?: PriceKind[];
  value?: (p: NetPricedProduct) => string;
}

const price = (p: NetPricedProduct, kinds: PriceKind[]): NetPrice | undefined =>
  p.prices.find((x) => kinds.includes(x.kind));

const COLUMNS: Column[] = [
  { title: 'Item #', width: 78, value: (p) => p.code },
  { title: 'Description', width: 190, value: (p) => p.description },
  { title: 'Type', width: 62, value: (p) => p.typeName },
  { title: 'Width', width: 42, value: (p) => (p.width === null ? '' : `${formatInches(p.width)}"`) },
  { title: 'Length /ft', width: 54, kinds: ['length'] },
  { title: 'Chop /ft', width: 50, kinds: ['chop'] },
  { title: 'Join /ft', width: 50, kinds: ['join'] },
  { title: 'Join fee', width: 46, value: (p) => money(price(p, ['join'])?.joinFee) },
  { title: 'Box /ft', width: 46, kinds: ['box'] },
  { title: 'Str. cut /ft', width: 52, kinds: ['exact'] },
  { title: 'Sheet / ea', width: 50, kinds: ['sheet', 'each'] },
];

const money = (value: string | undefined) => (value === undefined ? '' : `$${formatMoney(value)}`);

type Color = ReturnType<typeof rgb>;
const fill = (c: Color) => `${c.red} ${c.green} ${c.blue} rg`;
const stroke = (c: Color) => `${c.red} ${c.green} ${c.blue} RG`;
const n = (v: number) => Math.round(v * 100) / 100;

/**
 * Writes the pages' content streams itself (text, lines and boxes as PDF operators, compressed as each page is
 * done): pdf-lib's drawText builds objects per call, which at 20,000 lines took most of a minute; a finished page
 * is then a few kilobytes of compressed bytes.
 */
class BookWriter {
  y = 0;
  pages: { page: PDFPage; regular: string; bold: string }[] = [];
  ops: string[] = [];
  constructor(
    readonly pdf: PDFDocument,
    readonly regular: PDFFont,
    readonly bold: PDFFont,
    readonly heading: { supplier: string; account: string; day: string },
  ) {}

  /** The page being written and its fonts' names in its resources. */
  current!: { page: PDFPage; regular: string; bold: string };

  text(value: string, x: number, y: number, opts: { size?: number; bold?: boolean; color?: Color } = {}) {
    const font = opts.bold ? this.bold : this.regular;
    const key = opts.bold ? this.current.bold : this.current.regular;
    const hex = font.encodeText(pdfSafe(value)).toString();
    this.ops.push(
      `BT /${key} ${opts.size ?? 8} Tf ${fill(opts.color ?? INK)} ${n(x)} ${n(y)} Td ${hex} Tj ET`,
    );
  }

  line(x1: number, y1: number, x2: number, y2: number, thickness: number, color: Color) {
    this.ops.push(`${stroke(color)} ${thickness} w ${n(x1)} ${n(y1)} m ${n(x2)} ${n(y2)} l S`);
  }

  box(x: number, y: number, width: number, height: number, color: Color) {
    this.ops.push(`${fill(color)} ${n(x)} ${n(y)} ${n(width)} ${n(height)} re f`);
  }

  /** `value` cut to fit `width` points, with an ellipsis when cut. */
  fit(value: string, width: number, size = 8) {
    const safe = pdfSafe(value);
    if (this.regular.widthOfTextAtSize(safe, size) <= width) return safe;
    let cut = safe;
    while (cut.length > 1 && this.regular.widthOfTextAtSize(`${cut}…`, size) > width) cut = cut.slice(0, -1);
    return `${cut}…`;
  }

  rightText(
    value: string,
    right: number,
    y: number,
    opts: { size?: number; bold?: boolean; color?: Color } = {},
  ) {
    const font = opts.bold ? this.bold : this.regular;
    this.text(value, right - font.widthOfTextAtSize(pdfSafe(value), opts.size ?? 8), y, opts);
  }

  /** The page's operators, compressed, as one of its content streams. */
  flush() {
    if (!this.current || this.ops.length === 0) return;
    const stream = this.pdf.context.flateStream(this.ops.join('\n'));
    this.current.page.node.addContentStream(this.pdf.context.register(stream));
    this.ops = [];
  }

  newPage() {
    this.flush();
    const h = this.heading;
    const page = this.pdf.addPage(PAGE);
    this.current = {
      page,
      regular: page.node.newFontDictionary(this.regular.name, this.regular.ref).asString().slice(1),
      bold: page.node.newFontDictionary(this.bold.name, this.bold.ref).asString().slice(1),
    };
    this.pages.push(this.current);
    this.box(0, 566, PAGE[0], 46, BAND);
    this.box(0, 562, PAGE[0], 4, BRASS);
    this.text(h.supplier, MARGIN, 590, { size: 13, bold: true, color: WHITE });
    this.text(`Net prices for ${h.account}`, MARGIN, 576, { size: 9, color: rgb(0.86, 0.86, 0.86) });
    this.rightText('Price list', PAGE[0] - MARGIN, 590, { size: 13, bold: true, color: WHITE });
    this.rightText(`Prices as of ${usDate(h.day)}`, PAGE[0] - MARGIN, 576, {
      size: 9,
      color: rgb(0.86, 0.86, 0.86),
    });
    this.y = TOP;
    this.columnTitles();
  }

  columnTitles() {
    let x = MARGIN;
    for (const c of COLUMNS) {
      if (c.kinds || c.title === 'Join fee')
        this.rightText(c.title, x + c.width - 4, this.y, { bold: true, size: 7.5 });
      else this.text(c.title, x, this.y, { bold: true, size: 7.5 });
      x += c.width;
    }
    this.line(MARGIN, this.y - 4, PAGE[0] - MARGIN, this.y - 4, 0.8, INK);
    this.y -= ROW + 2;
  }

  /** Room for `rows` more lines on this page, else a new page. */
  room(rows: number) {
    if (this.y - rows * ROW < BOTTOM) this.newPage();
  }

  collectionHeading(name: string, count: number, continued = false) {
    this.room(3);
    this.y -= 4;
    this.text(`${name}${continued ? ' (continued)' : ''}`, MARGIN, this.y, { size: 10.5, bold: true });
    if (!continued)
      this.rightText(
        `${count.toLocaleString('en-US')} item${count === 1 ? '' : 's'}`,
        PAGE[0] - MARGIN,
        this.y,
        {
          size: 8,
          color: DIM,
        },
      );
    this.y -= ROW + 2;
  }

  product(p: NetPricedProduct, collection: string) {
    if (this.y - ROW < BOTTOM) {
      this.newPage();
      this.collectionHeading(collection, 0, true);
    }
    let x = MARGIN;
    for (const c of COLUMNS) {
      if (c.kinds) this.rightText(money(price(p, c.kinds)?.net), x + c.width - 4, this.y);
      else if (c.title === 'Join fee') this.rightText(c.value!(p), x + c.width - 4, this.y, { color: DIM });
      else this.text(this.fit(c.value!(p), c.width - 6), x, this.y, { bold: c.title === 'Item #' });
      x += c.width;
    }
    this.line(MARGIN, this.y - 3.5, PAGE[0] - MARGIN, this.y - 3.5, 0.3, RULE);
    this.y -= ROW;
  }

  /** "Page n of N" and the units' note at the foot of every page, once the count is known. */
  footers() {
    this.flush();
    const count = this.pages.length;
    for (const [i, page] of this.pages.entries()) {
      this.current = page;
      this.text(
        'Net prices: your discounts applied. Moulding per foot; chop and join are charged for 4 ft at least, join adds its fee per frame.',
        MARGIN,
        24,
        { size: 7, color: DIM },
      );
      this.rightText(`Page ${i + 1} of ${count}`, PAGE[0] - MARGIN, 24, { size: 8, color: DIM });
      this.flush();
    }
  }
}

export class PriceBookTooLarge extends Error {}

/** The price book of the filter for the account; throws PriceBookTooLarge above PDF_MAX_PRODUCTS products. */
export async function priceListPdf(
  db: Db,
  account: SessionAccount,
  filter: PriceListFilter,
  opts: { supplier: string; day: string; maxProducts?: number },
): Promise<Uint8Array> {
  const groups = await priceListCollections(db, filter);
  const total = groups.reduce((n, g) => n + g.count, 0);
  if (total > (opts.maxProducts ?? PDF_MAX_PRODUCTS)) throw new PriceBookTooLarge(PDF_TOO_LARGE);
  const pdf = await PDFDocument.create();
  pdf.setTitle(`Price list ${account.Acctnum} ${opts.day}`);
  pdf.setAuthor(opts.supplier);
  const w = new BookWriter(
    pdf,
    await pdf.embedFont(StandardFonts.Helvetica),
    await pdf.embedFont(StandardFonts.HelveticaBold),
    { supplier: opts.supplier, account: `${account.Company} (account ${account.Acctnum})`, day: opts.day },
  );
  w.newPage();
  if (total === 0) w.text('No items match the chosen collections and types.', MARGIN, w.y, { size: 10 });
  const pricing = await accountPricing(db, account.Acctnum);
  for (const g of groups) {
    const name = g.name ?? 'Other items';
    w.collectionHeading(name, g.count);
    for await (const page of netPricedPages(db, account, filter, { pricing, collectionId: g.id })) {
      for (const p of page) w.product(p, name);
    }
  }
  w.footers();
  return pdf.save({ useObjectStreams: true });
}
