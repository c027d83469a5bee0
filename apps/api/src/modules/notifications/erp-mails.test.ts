import { ErpInvoice, type Order } from '@mitrebox/api-contract';
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../platform/db.ts';
import { invoices } from '../../schema.ts';
import { testAppWithMail } from '../../testing/mail-app.ts';
import { linkAfter, readableMail } from '../../testing/mail-text.ts';
import { bearer, signIn, signInStaff } from '../../testing/test-app.ts';

/**
 * The ERP's invoice imports tell the buyer through a real SMTP server: invoice issued, order shipped (with the
 * tracking number the ERP sent) and back-ordered items released — after the import commits, once per event.
 */
const shop = testAppWithMail();
const OWNER = 'marie@crescentcityframes.example';
let token: string;
let erpKey: string;
let order: Order;
let short: string;
let inStock: string;

const today = new Date().toISOString().slice(0, 10);
const inDays = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);

beforeAll(async () => {
  token = await signIn(shop.t.app, '10001');
  const admin = await signInStaff(shop.t.app, 'admin@mitrebox.example');
  const key = await shop.t.app.inject({
    method: 'POST',
    url: '/api/staff/erp-keys',
    headers: bearer(admin),
    payload: { name: 'Invoices', scopes: ['invoices:write'] },
  });
  erpKey = key.json().key;
  const code = async (cond: ReturnType<typeof sql>) =>
    (
      await queryRows<{ code: string; available: number }>(
        shop.t.database.db,
        sql`select p.code, (s.onhand - s.commit_amt)::float as available from products p
            join product_stock s on s.code = p.code and s.location = 'C' where ${cond} order by p.code limit 1`,
      )
    )[0];
  const few = await code(sql`p.type = 4 and s.onhand - s.commit_amt between 2 and 40`);
  short = few.code;
  inStock = (await code(sql`p.type = 2 and s.onhand - s.commit_amt > 100`)).code;
  // more feet than there are: all of it back-ordered
  const cart = await shop.t.app.inject({
    method: 'POST',
    url: '/api/updateCart',
    headers: bearer(token),
    payload: {
      cartdata: [
        {
          Code: short,
          productSelection: { type: 'length', length: Math.ceil(few.available) + 20, location: 'C' },
          backtype: 'backallq',
        },
        {
          Code: inStock,
          productSelection: { type: 'item', quantity: 2, location: 'C' },
          backtype: 'backremq',
        },
      ],
    },
  });
  expect(cart.statusCode, cart.body).toBe(200);
  const placed = await shop.t.app.inject({
    method: 'POST',
    url: '/api/admin/orders',
    headers: bearer(token),
    payload: { poNumber: 'BO77' },
  });
  expect(placed.statusCode, placed.body).toBe(200);
  const details = await shop.t.app.inject({
    url: `/api/admin/ordersDetails?Ordernum=${placed.json().orderNumber}`,
    headers: bearer(token),
  });
  order = details.json().data;
  await shop.t.app.services.notifications.idle();
});

const importFile = (list: unknown[], dryRun = false) =>
  shop.t.app.inject({
    method: 'POST',
    url: `/api/erp/invoices${dryRun ? '?dry_run=1' : ''}`,
    headers: bearer(erpKey),
    payload: { invoices: list },
  });

const invoiceOf = (invnum: number, extra: Record<string, unknown> = {}) => ({
  invnum,
  ordnum: order.Ordnum,
  acctnum: '10001',
  location: 'C',
  inv_date: today,
  due_date: inDays(30),
  terms: 'Net 30',
  shipvia: 'UPS Ground',
  tracking: '1Z999AA10123456784',
  cust_po: 'BO77',
  item_total: '120.00',
  invamt: '129.00',
  tax: '9.00',
  items: order.items.map((it) => ({
    seqnum: it.Seqnum,
    code: it.Code,
    description: it.Description,
    pcode: it.Pcode,
    qty: it.Qty,
    shipped: it.Qty,
    footage: it.Footage,
    unit_price: it.UnitPrice,
    tot_price: it.TotPrice,
  })),
  ...extra,
});

async function settle() {
  await shop.t.app.services.notifications.idle();
  return shop.smtp.received;
}

describe('mails from the ERP invoice import', () => {
  it('the order was back-ordered in part: the test order is what the rule needs', () => {
    const line = order.items.find((i) => i.Code === short)!;
    expect(line).toMatchObject({ Backorder: 'backallq' });
    expect(line.BackorderQty).toBeGreaterThan(0);
  });

  it('sends invoice issued, order shipped with tracking, and back-ordered items released, once', async () => {
    const before = shop.smtp.received.length;
    const file = [invoiceOf(950001)];
    const res = await importFile(file);
    expect(res.statusCode, res.body).toBe(200);
    const mails = (await settle()).slice(before);
    expect(mails).toHaveLength(3);
    expect(mails.map((m) => m.subject)).toEqual(
      expect.arrayContaining([
        `Back-ordered items of order ${order.Ordnum} have shipped`,
        expect.stringMatching(/^Invoice 950001: \$129\.00 due \w+ \d+, \d{4}$/),
        `Order ${order.Ordnum} has shipped (tracking 1Z999AA10123456784)`,
      ]),
    );
    for (const m of mails) expect(m.to).toEqual([OWNER]);
    const issued = mails.find((m) => m.subject.startsWith('Invoice'))!;
    expect(linkAfter(issued, 'View and pay invoice 950001')).toBe('/Admin/InvoiceDetails/950001');
    expect(readableMail(issued)).toMatch(/Amount:\s+\$129\.00/);
    const shipped = readableMail(mails.find((m) => m.subject.includes('has shipped'))!);
    expect(shipped).toMatch(/Ship via:\s+UPS Ground/);
    expect(shipped).toMatch(/Tracking number:\s+1Z999AA10123456784/);
    const released = readableMail(mails.find((m) => m.subject.startsWith('Back-ordered'))!);
    const releasedTable = released.slice(
      released.indexOf('Released from back order'),
      released.indexOf('View the order'),
    );
    expect(releasedTable).toContain(short);
    expect(releasedTable).not.toContain(inStock); // it was never back-ordered
    const [stored] = await shop.t.database.db.select().from(invoices).where(eq(invoices.invnum, 950001));
    expect(stored.tracking).toBe('1Z999AA10123456784');

    // the same file again, and the job's news run again after a "crash": nothing is sent twice
    expect((await importFile(file)).statusCode).toBe(200);
    shop.t.app.services.notifications.invoicesImported(file.map((f) => ErpInvoice.parse(f)));
    expect((await settle()).length).toBe(before + 3);
  });

  it('a tracking number sent later is news: the shipped mail goes again with it', async () => {
    const before = shop.smtp.received.length;
    expect((await importFile([invoiceOf(950002, { tracking: null })])).statusCode).toBe(200);
    const first = (await settle()).slice(before);
    expect(first.map((m) => m.subject)).toContain(`Order ${order.Ordnum} has shipped`);
    expect(readableMail(first.find((m) => m.subject.endsWith('has shipped'))!)).toMatch(
      /Tracking number:\s+Not given yet/,
    );
    // the invoice sent again with its tracking number: only the shipped mail, with it
    expect((await importFile([invoiceOf(950002, { tracking: 'TRK-LATE' })])).json()).toMatchObject({
      updated: 1,
    });
    const later = (await settle()).slice(before + first.length);
    expect(later.map((m) => m.subject)).toEqual([`Order ${order.Ordnum} has shipped (tracking TRK-LATE)`]);
    // an invoice of no order ships nothing to tell of: only the invoice
    const noOrder = shop.smtp.received.length;
    expect((await importFile([invoiceOf(950006, { ordnum: null })])).statusCode).toBe(200);
    expect((await settle()).slice(noOrder).map((m) => m.subject)).toEqual([
      expect.stringMatching(/^Invoice 950006: /),
    ]);
  });

  it('sends nothing on a dry run, for an old invoice, or to a user who turned the kind off', async () => {
    const before = shop.smtp.received.length;
    expect((await importFile([invoiceOf(950003)], true)).statusCode).toBe(200);
    expect(
      (await importFile([invoiceOf(950004, { inv_date: '2020-01-02', due_date: '2020-02-01' })])).statusCode,
    ).toBe(200);
    expect((await settle()).length).toBe(before);

    const off = await shop.t.app.inject({
      method: 'PUT',
      url: '/api/account/mail-preferences',
      headers: bearer(token),
      payload: { invoiceIssued: false, backorderReleased: false },
    });
    expect(off.statusCode).toBe(200);
    expect((await importFile([invoiceOf(950005, { tracking: 'TRK-2' })])).statusCode).toBe(200);
    const mails = (await settle()).slice(before);
    expect(mails.map((m) => m.subject)).toEqual([`Order ${order.Ordnum} has shipped (tracking TRK-2)`]);
  });

  it('writes to no address the account did not give', async () => {
    const rows = await queryRows<{ email: string }>(
      shop.t.database.db,
      sql`select u.email from users u join user_accounts ua on ua.user_id = u.id where ua.acctnum = '10001'`,
    );
    const stored = new Set(rows.map((r) => r.email.toLowerCase()));
    expect(shop.smtp.received.length).toBeGreaterThan(0);
    for (const m of shop.smtp.received)
      for (const to of m.to) expect(stored.has(to.toLowerCase())).toBe(true);
  });
});
