import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import {
  CSV_MAX_REPORTED_ERRORS,
  ErpCredit,
  ErpInvoice,
  ErpPayment,
  type ErpScope,
  type ImportReport,
  type ImportRowError,
} from '@mitrebox/api-contract';
import { and, asc, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db, Queryable } from '../../platform/db.ts';
import { notFound } from '../../platform/errors.ts';
import { accounts } from '../accounts/accounts.tables.ts';
import { type AuditActor, type AuditChange, recordAudit, recordAuditMany } from '../audit/audit.service.ts';
import { locations } from '../catalogue/catalogue.tables.ts';
import { credits, invoiceItems, invoicePayments, invoices } from '../invoices/invoices.tables.ts';
import { orderItems, orders } from '../orders/orders.tables.ts';
import { erpKeys } from './erp.tables.ts';

const KEY_PREFIX = 'mbx_';
const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');

export interface ErpPrincipal {
  id: number;
  name: string;
  scopes: string[];
}

type KeyRow = typeof erpKeys.$inferSelect;
const toKey = (k: KeyRow) => ({
  id: k.id,
  name: k.name,
  prefix: k.prefix,
  scopes: k.scopes as ErpScope[],
  created_at: k.createdAt.toISOString(),
  created_by: k.createdBy,
  last_used_at: k.lastUsedAt?.toISOString() ?? null,
  revoked_at: k.revokedAt?.toISOString() ?? null,
});

/** 12.5 → "12.50"; the database's form of an amount, for comparing. */
const money = (v: string | number) => Number(v).toFixed(2);
const day = (v: string) => new Date(v.length === 10 ? `${v}T00:00:00Z` : v);

class Rollback extends Error {}

/** Rows read or written together (one statement each). */
const CHUNK = 1000;
function chunks<T>(list: T[], size = CHUNK): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < list.length; i += size) out.push(list.slice(i, i + size));
  return out;
}

interface RowReport {
  rows: number;
  created: number;
  updated: number;
  unchanged: number;
  errors: ImportRowError[];
  errorCount: number;
}

function newReport(): RowReport {
  return { rows: 0, created: 0, updated: 0, unchanged: 0, errors: [], errorCount: 0 };
}
function fail(r: RowReport, row: number, column: string | null, message: string) {
  r.errorCount++;
  if (r.errors.length < CSV_MAX_REPORTED_ERRORS) r.errors.push({ row, column, message });
}
function finish(r: RowReport, dryRun: boolean, what: string): ImportReport {
  const applied = !dryRun && r.errorCount === 0 && r.created + r.updated > 0;
  const counts = `${r.created} new, ${r.updated} changed, ${r.unchanged} unchanged`;
  const message =
    r.errorCount > 0
      ? r.errorCount === 1
        ? `Nothing was imported: ${what} ${r.errors[0].row} has an error.`
        : `Nothing was imported: ${r.errorCount} errors (first in ${what} ${r.errors[0].row}).`
      : r.rows === 0
        ? `The file has no ${what}s.`
        : r.created + r.updated === 0
          ? `Nothing to change: all ${r.rows} ${what}s match (${counts}).`
          : dryRun
            ? `Dry run, nothing saved: ${counts}.`
            : `Imported ${r.rows} ${what}s: ${counts}.`;
  return {
    message,
    dry_run: dryRun,
    applied,
    rows: r.rows,
    created: r.created,
    updated: r.updated,
    unchanged: r.unchanged,
    error_count: r.errorCount,
    row_errors: r.errors,
  };
}

/**
 * Checks every row of a file with its schema (row = position in the file, from 1; column = the field's
 * path). Answers the parsed rows when all are good.
 */
function checkRows<S extends z.ZodType>(schema: S, rows: unknown[], report: RowReport): z.infer<S>[] {
  const good: z.infer<S>[] = [];
  rows.forEach((raw, i) => {
    const parsed = schema.safeParse(raw);
    if (parsed.success) good.push(parsed.data);
    else
      for (const issue of parsed.error.issues.slice(0, 5))
        fail(report, i + 1, issue.path.join('.') || null, issue.message);
  });
  report.rows = rows.length;
  return good;
}

function duplicates<T>(rows: T[], key: (r: T) => string, column: string, report: RowReport) {
  const seen = new Map<string, number>();
  rows.forEach((r, i) => {
    const k = key(r);
    const first = seen.get(k);
    if (first !== undefined)
      fail(report, i + 1, column, `The same ${column} ${k} is already in row ${first}.`);
    else seen.set(k, i + 1);
  });
}

/** paystatus of an invoice (invoices.tables.ts): 4 credit, 1 paid, 3 part paid, 0 not paid. */
function payStatus(invamt: string, payamt: string): number {
  if (Number(invamt) < 0) return 4;
  const balance = Number(invamt) - Number(payamt);
  if (balance <= 0.004) return Number(invamt) === 0 && Number(payamt) === 0 ? 0 : 1;
  return Number(payamt) > 0 ? 3 : 0;
}

export type ErpService = ReturnType<typeof createErpService>;

/**
 * The ERP connection: API keys, and the exchanges (new orders out; invoices, payments, credits in; stock and
 * prices through the catalogue's CSV import). Every import checks all rows first and applies all or none in
 * one transaction; a row that matches what is stored is not written, so the same file twice changes nothing.
 */
export function createErpService(deps: { db: Db }) {
  const { db } = deps;

  async function inTransaction(report: RowReport, dryRun: boolean, work: (tx: Queryable) => Promise<void>) {
    if (report.errorCount > 0) return;
    try {
      await db.transaction(async (tx) => {
        await work(tx);
        if (report.errorCount > 0 || dryRun) throw new Rollback();
      });
    } catch (err) {
      if (!(err instanceof Rollback)) throw err;
    }
  }

  async function knownAccounts(tx: Queryable, acctnums: string[]) {
    if (acctnums.length === 0) return new Set<string>();
    const rows = await tx
      .select({ a: accounts.acctnum })
      .from(accounts)
      .where(inArray(accounts.acctnum, [...new Set(acctnums)]));
    return new Set(rows.map((r) => r.a));
  }

  /** Invoices of the file, locked for the transaction, by number. */
  async function lockInvoices(tx: Queryable, invnums: number[]) {
    const found = new Map<number, typeof invoices.$inferSelect>();
    for (const part of chunks([...new Set(invnums)]))
      for (const inv of await tx.select().from(invoices).where(inArray(invoices.invnum, part)).for('update'))
        found.set(inv.invnum, inv);
    return found;
  }

  /**
   * Re-adds the payments of invoices: payamt, balance and paystatus follow their payment lines. Two statements
   * per 1,000 invoices (the sums, then one update from a JSON record set).
   */
  async function settle(tx: Queryable, invnums: number[]) {
    for (const part of chunks([...new Set(invnums)])) {
      const sums = await tx
        .select({
          invnum: invoices.invnum,
          invamt: invoices.invamt,
          paid: sql<string>`coalesce(sum(${invoicePayments.payAmt}), 0)::numeric(12,2)::text`,
        })
        .from(invoices)
        .leftJoin(invoicePayments, eq(invoicePayments.invnum, invoices.invnum))
        .where(inArray(invoices.invnum, part))
        .groupBy(invoices.invnum, invoices.invamt);
      const updates = sums.map((r) => {
        const payamt = money(r.paid);
        return {
          invnum: r.invnum,
          payamt,
          balance: money(Number(r.invamt) - Number(payamt)),
          paystatus: payStatus(r.invamt, payamt),
        };
      });
      await tx.execute(sql`update ${invoices} set payamt = u.payamt, balance = u.balance, paystatus = u.paystatus
        from json_to_recordset(${JSON.stringify(updates)}::json)
          as u(invnum integer, payamt numeric, balance numeric, paystatus integer)
        where ${invoices.invnum} = u.invnum`);
    }
  }

  return {
    // ---- keys
    async listKeys() {
      return (await db.select().from(erpKeys).orderBy(desc(erpKeys.createdAt), desc(erpKeys.id))).map(toKey);
    },

    async createKey(input: { name: string; scopes: ErpScope[] }, actor: AuditActor) {
      const prefix = randomBytes(6).toString('hex');
      const key = `${KEY_PREFIX}${prefix}_${randomBytes(32).toString('base64url')}`;
      const scopes = [...new Set(input.scopes)].sort();
      const row = await db.transaction(async (tx) => {
        const [made] = await tx
          .insert(erpKeys)
          .values({ name: input.name, prefix, secretHash: sha256(key), scopes, createdBy: actor.name })
          .returning();
        await recordAudit(tx, actor, {
          action: 'erp_key.create',
          entity: 'erp_key',
          entityId: made.id,
          after: { name: made.name, prefix, scopes },
        });
        return made;
      });
      return { data: toKey(row), key };
    },

    async revokeKey(id: number, actor: AuditActor) {
      return db.transaction(async (tx) => {
        const [row] = await tx.select().from(erpKeys).where(eq(erpKeys.id, id)).for('update');
        if (!row) throw notFound('There is no such key.');
        if (row.revokedAt) return toKey(row);
        const [done] = await tx
          .update(erpKeys)
          .set({ revokedAt: new Date() })
          .where(eq(erpKeys.id, id))
          .returning();
        await recordAudit(tx, actor, {
          action: 'erp_key.revoke',
          entity: 'erp_key',
          entityId: id,
          before: { revokedAt: null },
          after: { revokedAt: done.revokedAt },
        });
        return toKey(done);
      });
    },

    /** The key's holder, or undefined for an unknown, malformed or revoked key. */
    async authenticate(key: string): Promise<ErpPrincipal | undefined> {
      const m = /^mbx_([0-9a-f]{12})_[A-Za-z0-9_-]{43}$/.exec(key);
      if (!m) return undefined;
      const [row] = await db
        .select()
        .from(erpKeys)
        .where(and(eq(erpKeys.prefix, m[1]), isNull(erpKeys.revokedAt)));
      if (!row) return undefined;
      const a = Buffer.from(row.secretHash, 'hex');
      const b = Buffer.from(sha256(key), 'hex');
      if (a.length !== b.length || !timingSafeEqual(a, b)) return undefined;
      await db.update(erpKeys).set({ lastUsedAt: new Date() }).where(eq(erpKeys.id, row.id));
      return { id: row.id, name: row.name, scopes: row.scopes };
    },

    // ---- orders out
    /** Orders not yet taken by the ERP (synced = 0), oldest first, with their items. */
    async newOrders(limit: number) {
      const heads = await db
        .select()
        .from(orders)
        .where(eq(orders.synced, 0))
        .orderBy(asc(orders.ordnum))
        .limit(limit);
      if (heads.length === 0) return [];
      const items = await db
        .select()
        .from(orderItems)
        .where(
          inArray(
            orderItems.ordnum,
            heads.map((h) => h.ordnum),
          ),
        )
        .orderBy(asc(orderItems.ordnum), asc(orderItems.seqnum));
      return heads.map((o) => ({
        ordnum: o.ordnum,
        acctnum: o.acctnum,
        location: o.location,
        ord_date: o.ordDate.toISOString(),
        cust_po: o.custPo,
        shipvia: o.shipvia,
        terms: o.terms,
        ship_company: o.shipCompany,
        ship_address1: o.shipAddress1,
        ship_address2: o.shipAddress2,
        ship_city: o.shipCity,
        ship_state: o.shipState,
        ship_zip: o.shipZip,
        item_total: o.itemTotal,
        discount: o.discount,
        tax: o.tax,
        shipping: o.shipping,
        inv_total: o.invTotal,
        items: items
          .filter((i) => i.ordnum === o.ordnum)
          .map((i) => ({
            seqnum: i.seqnum,
            code: i.code,
            description: i.description,
            pcode: i.pcode,
            qty: i.qty,
            footage: i.footage,
            unit_price: i.unitPrice,
            tot_price: i.totPrice,
            instructions: i.instructions,
          })),
      }));
    },

    /** Marks orders as taken by the ERP; orders already marked are counted, not changed. */
    async markSynced(ordnums: number[], actor: AuditActor) {
      return db.transaction(async (tx) => {
        const changed = await tx
          .update(orders)
          .set({ synced: 1 })
          .where(and(inArray(orders.ordnum, ordnums), eq(orders.synced, 0)))
          .returning({ ordnum: orders.ordnum });
        await recordAuditMany(
          tx,
          actor,
          changed.map((o) => ({
            action: 'order.synced',
            entity: 'order',
            entityId: o.ordnum,
            before: { synced: 0 },
            after: { synced: 1 },
          })),
        );
        return { marked: changed.length, already: new Set(ordnums).size - changed.length };
      });
    },

    // ---- invoices, payments, credits in
    async importInvoices(rows: unknown[], opts: { dryRun: boolean; actor: AuditActor }) {
      const report = newReport();
      const list = checkRows(ErpInvoice, rows, report);
      if (report.errorCount === 0) {
        duplicates(list, (r) => String(r.invnum), 'invnum', report);
        list.forEach((inv, i) => {
          const seqs = new Set<number>();
          inv.items.forEach((it, j) => {
            if (seqs.has(it.seqnum))
              fail(report, i + 1, `items.${j}.seqnum`, `Item ${it.seqnum} appears twice.`);
            seqs.add(it.seqnum);
          });
        });
        const accts = await knownAccounts(
          db,
          list.map((r) => r.acctnum),
        );
        const locs = new Set((await db.select({ c: locations.code }).from(locations)).map((l) => l.c));
        list.forEach((inv, i) => {
          if (!accts.has(inv.acctnum)) fail(report, i + 1, 'acctnum', `There is no account ${inv.acctnum}.`);
          if (!locs.has(inv.location))
            fail(report, i + 1, 'location', `There is no location ${inv.location}.`);
        });
      }
      await inTransaction(report, opts.dryRun, async (tx) => {
        const audit: AuditChange[] = [];
        const olds = await lockInvoices(
          tx,
          list.map((r) => r.invnum),
        );
        const oldItemsOf = new Map<number, (typeof invoiceItems.$inferSelect)[]>();
        for (const part of chunks([...olds.keys()]))
          for (const it of await tx
            .select()
            .from(invoiceItems)
            .where(inArray(invoiceItems.invnum, part))
            .orderBy(asc(invoiceItems.invnum), asc(invoiceItems.seqnum))) {
            const had = oldItemsOf.get(it.invnum);
            if (had) had.push(it);
            else oldItemsOf.set(it.invnum, [it]);
          }
        const newHeads: (typeof invoices.$inferInsert)[] = [];
        const newItems: (typeof invoiceItems.$inferInsert)[] = [];
        const replaced: number[] = [];
        for (const inv of list) {
          const old = olds.get(inv.invnum);
          const oldItems = oldItemsOf.get(inv.invnum) ?? [];
          const head = {
            ordnum: inv.ordnum ?? null,
            acctnum: inv.acctnum,
            location: inv.location,
            invDate: day(inv.inv_date),
            dueDate: inv.due_date ? day(inv.due_date) : null,
            terms: inv.terms ?? null,
            shipvia: inv.shipvia ?? null,
            sls: inv.sls ?? null,
            payBy: inv.pay_by ?? null,
            custPo: inv.cust_po ?? null,
            operator: inv.operator ?? null,
            shipCompany: inv.ship_company ?? null,
            shipAddress1: inv.ship_address1 ?? null,
            shipAddress2: inv.ship_address2 ?? null,
            shipCity: inv.ship_city ?? null,
            shipState: inv.ship_state ?? null,
            shipZip: inv.ship_zip ?? null,
            itemTotal: money(inv.item_total),
            discRate: money(inv.disc_rate ?? 0),
            discount: money(inv.discount ?? 0),
            tax: money(inv.tax ?? 0),
            shipping: money(inv.shipping ?? 0),
            shipCost: money(inv.ship_cost ?? 0),
            packing: money(inv.packing ?? 0),
            invamt: money(inv.invamt),
          };
          const items = inv.items
            .map((it) => ({
              invnum: inv.invnum,
              seqnum: it.seqnum,
              code: it.code,
              description: it.description ?? null,
              description1: it.description1 ?? null,
              pcode: it.pcode ?? null,
              qty: money(it.qty),
              shipped: money(it.shipped),
              footage: it.footage == null ? null : money(it.footage),
              unitPrice: money(it.unit_price),
              totPrice: money(it.tot_price),
              calcJoin: money(it.calc_join ?? 0),
              hInt: it.h_int ?? null,
              hFrac: it.h_frac ?? null,
              wInt: it.w_int ?? null,
              wFrac: it.w_frac ?? null,
              sizeCode: it.size_code ?? null,
              instructions: it.instructions ?? null,
            }))
            .sort((a, b) => a.seqnum - b.seqnum);
          const comparableHead = (h: Record<string, unknown>) =>
            JSON.stringify(
              Object.keys(head).map((k) =>
                h[k] instanceof Date ? (h[k] as Date).toISOString() : (h[k] ?? null),
              ),
            );
          const itemKeys = Object.keys(items[0] ?? {}).filter((k) => k !== 'invnum');
          const comparableItems = (list: Record<string, unknown>[]) =>
            JSON.stringify(list.map((i) => itemKeys.map((k) => i[k] ?? null)));
          if (
            old &&
            comparableHead(old) === comparableHead(head) &&
            comparableItems(oldItems) === comparableItems(items)
          ) {
            report.unchanged++;
            continue;
          }
          if (old) {
            // changed heads are few (an ERP re-sends an invoice it corrected): one statement each
            await tx.update(invoices).set(head).where(eq(invoices.invnum, inv.invnum));
            replaced.push(inv.invnum);
            report.updated++;
          } else {
            newHeads.push({ invnum: inv.invnum, ...head, payamt: '0.00', balance: head.invamt });
            report.created++;
          }
          newItems.push(...items);
          audit.push({
            action: old ? 'invoice.update' : 'invoice.create',
            entity: 'invoice',
            entityId: inv.invnum,
            before: old ? { ...old, items: oldItems.map(({ invnum: _, ...i }) => i) } : null,
            after: { ...head, items: items.map(({ invnum: _, ...i }) => i) },
          });
        }
        for (const part of chunks(replaced))
          await tx.delete(invoiceItems).where(inArray(invoiceItems.invnum, part));
        for (const part of chunks(newHeads, 500)) await tx.insert(invoices).values(part);
        for (const part of chunks(newItems, 1000)) await tx.insert(invoiceItems).values(part);
        await settle(
          tx,
          audit.map((a) => a.entityId as number),
        );
        await recordAuditMany(tx, opts.actor, audit);
      });
      return finish(report, opts.dryRun, 'row');
    },

    async importPayments(rows: unknown[], opts: { dryRun: boolean; actor: AuditActor }) {
      const report = newReport();
      const list = checkRows(ErpPayment, rows, report);
      if (report.errorCount === 0) {
        duplicates(list, (r) => `${r.invnum}/${r.seqnum}`, 'invnum/seqnum', report);
        const invnums = [...new Set(list.map((p) => p.invnum))];
        const known = new Set(
          invnums.length
            ? (
                await db
                  .select({ n: invoices.invnum })
                  .from(invoices)
                  .where(inArray(invoices.invnum, invnums))
              ).map((r) => r.n)
            : [],
        );
        list.forEach((p, i) => {
          if (!known.has(p.invnum)) fail(report, i + 1, 'invnum', `There is no invoice ${p.invnum}.`);
        });
      }
      await inTransaction(report, opts.dryRun, async (tx) => {
        const audit: AuditChange[] = [];
        const touched = new Set<number>();
        const invs = await lockInvoices(
          tx,
          list.map((p) => p.invnum),
        );
        const lines = new Map<string, typeof invoicePayments.$inferSelect>();
        for (const part of chunks([...invs.keys()]))
          for (const l of await tx
            .select()
            .from(invoicePayments)
            .where(inArray(invoicePayments.invnum, part)))
            lines.set(`${l.invnum}/${l.seqnum}`, l);
        const inserts: (typeof invoicePayments.$inferInsert)[] = [];
        for (const p of list) {
          const inv = invs.get(p.invnum)!;
          const old = lines.get(`${p.invnum}/${p.seqnum}`);
          const row = { tranDate: day(p.tran_date), payAmt: money(p.amount), invAmt: inv.invamt };
          if (old && old.payAmt === row.payAmt && old.tranDate.getTime() === row.tranDate.getTime()) {
            report.unchanged++;
            continue;
          }
          if (old) {
            await tx
              .update(invoicePayments)
              .set(row)
              .where(and(eq(invoicePayments.invnum, p.invnum), eq(invoicePayments.seqnum, p.seqnum)));
            report.updated++;
          } else {
            inserts.push({ invnum: p.invnum, seqnum: p.seqnum, ...row });
            report.created++;
          }
          touched.add(p.invnum);
          audit.push({
            action: old ? 'payment.update' : 'payment.create',
            entity: 'invoice_payment',
            entityId: `${p.invnum}/${p.seqnum}`,
            before: old ? { tranDate: old.tranDate, payAmt: old.payAmt } : null,
            after: { tranDate: row.tranDate, payAmt: row.payAmt },
          });
        }
        for (const part of chunks(inserts)) await tx.insert(invoicePayments).values(part);
        await settle(tx, [...touched]);
        await recordAuditMany(tx, opts.actor, audit);
      });
      return finish(report, opts.dryRun, 'row');
    },

    async importCredits(rows: unknown[], opts: { dryRun: boolean; actor: AuditActor }) {
      const report = newReport();
      const list = checkRows(ErpCredit, rows, report);
      if (report.errorCount === 0) {
        duplicates(list, (r) => String(r.invnum), 'invnum', report);
        const accts = await knownAccounts(
          db,
          list.map((r) => r.acctnum),
        );
        list.forEach((c, i) => {
          if (!accts.has(c.acctnum)) fail(report, i + 1, 'acctnum', `There is no account ${c.acctnum}.`);
          if (Number(c.payamt) > Number(c.invamt))
            fail(report, i + 1, 'payamt', 'The amount used cannot be more than the credit.');
        });
      }
      await inTransaction(report, opts.dryRun, async (tx) => {
        const audit: AuditChange[] = [];
        const olds = new Map<number, typeof credits.$inferSelect>();
        for (const part of chunks(list.map((c) => c.invnum)))
          for (const c of await tx.select().from(credits).where(inArray(credits.invnum, part)).for('update'))
            olds.set(c.invnum, c);
        const inserts: (typeof credits.$inferInsert)[] = [];
        for (const c of list) {
          const old = olds.get(c.invnum);
          // stored as the account area shows credits: negative amounts (the document's are 0 or more)
          const row = {
            acctnum: c.acctnum,
            tranDate: day(c.tran_date),
            invamt: money(-Number(c.invamt)),
            payamt: money(-Number(c.payamt)),
            balance: money(Number(c.payamt) - Number(c.invamt)),
          };
          if (
            old &&
            old.acctnum === row.acctnum &&
            old.tranDate.getTime() === row.tranDate.getTime() &&
            old.invamt === row.invamt &&
            old.payamt === row.payamt
          ) {
            report.unchanged++;
            continue;
          }
          if (old) {
            await tx.update(credits).set(row).where(eq(credits.invnum, c.invnum));
            report.updated++;
          } else {
            inserts.push({ invnum: c.invnum, ...row });
            report.created++;
          }
          audit.push({
            action: old ? 'credit.update' : 'credit.create',
            entity: 'credit',
            entityId: c.invnum,
            before: old ?? null,
            after: row,
          });
        }
        for (const part of chunks(inserts)) await tx.insert(credits).values(part);
        await recordAuditMany(tx, opts.actor, audit);
      });
      return finish(report, opts.dryRun, 'row');
    },
  };
}
