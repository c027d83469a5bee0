// The invariants the crash test checks afterwards, against the database and what the clients were told.
import type pg from 'pg';
import { type AckOrder, type Acks, type CartEmptied, INVOICE_BASE } from './crash-clients.ts';

export interface Invariant {
  name: string;
  checked: number;
  violations: string[];
}

const invariant = (name: string, checked: number, violations: string[]): Invariant => ({
  name,
  checked,
  violations,
});

/** A charge the sandbox gateway settled, with the payment row and invoice it belongs to. */
interface Charge {
  reference: string;
  tx: string;
  amount: string;
  invnum: number | null;
  payment_status: string | null;
  payment_id: number | null;
  applied: boolean;
}

export async function checkInvariants(db: pg.Pool, acks: Acks): Promise<Invariant[]> {
  const out: Invariant[] = [];
  out.push(await acknowledgedOrdersExist(db, acks.ackOrders));
  out.push(await noOrderWithoutLines(db));
  out.push(await noCartHalfConverted(db, acks.emptied));
  const charges = await settledCharges(db);
  out.push(noInvoiceChargedTwice(charges));
  out.push(noChargeWithoutPaymentRow(charges));
  out.push(await balancesFollowPayments(db));
  out.push(await acknowledgedPaymentsRecorded(db, acks));
  out.push(await noBatchStuck(db));
  out.push(await acknowledgedFramesSaved(db, acks.ackFrames));
  return out;
}

/** 1. every acknowledged order exists with all its lines and totals */
async function acknowledgedOrdersExist(db: pg.Pool, ackOrders: AckOrder[]): Promise<Invariant> {
  const v: string[] = [];
  const { rows } = await db.query<{
    ordnum: number;
    item_total: string;
    inv_total: string;
    codes: string[] | null;
    lines_total: string | null;
  }>(
    `select o.ordnum, o.item_total::text, o.inv_total::text,
            array_agg(i.code order by i.code) filter (where i.code is not null) as codes,
            sum(i.tot_price)::text as lines_total
     from orders o left join order_items i on i.ordnum = o.ordnum
     where o.ordnum = any($1) group by o.ordnum`,
    [ackOrders.map((o) => o.ordnum)],
  );
  const byNum = new Map(rows.map((r) => [r.ordnum, r]));
  for (const a of ackOrders) {
    const o = byNum.get(a.ordnum);
    if (!o) {
      v.push(`order ${a.ordnum} was acknowledged but does not exist`);
      continue;
    }
    const want = [...a.codes].sort().join(',');
    const got = (o.codes ?? []).join(',');
    if (want !== got) v.push(`order ${a.ordnum}: lines ${got || '(none)'}, the cart had ${want}`);
    if (Number(o.lines_total ?? 0) !== Number(o.item_total))
      v.push(`order ${a.ordnum}: item total ${o.item_total} ≠ its lines' ${o.lines_total ?? 0}`);
    if (Number(o.item_total) !== Number(a.total))
      v.push(`order ${a.ordnum}: item total ${o.item_total}, the cart showed ${a.total}`);
    if (Number(o.inv_total) !== Number(o.item_total))
      v.push(`order ${a.ordnum}: order total ${o.inv_total} ≠ item total ${o.item_total}`);
  }
  return invariant('every acknowledged order exists with all its lines and totals', ackOrders.length, v);
}

/** 2. no order without lines */
async function noOrderWithoutLines(db: pg.Pool): Promise<Invariant> {
  const { rows } = await db.query<{ ordnum: number }>(
    `select o.ordnum from orders o where not exists (select 1 from order_items i where i.ordnum = o.ordnum)`,
  );
  const { rows: n } = await db.query<{ n: number }>('select count(*)::int as n from orders');
  return invariant(
    'no order without lines',
    n[0].n,
    rows.map((r) => `order ${r.ordnum} has no lines`),
  );
}

/**
 * 3. no cart half-converted: a cart still holding the lines of the version an order was made from, or a cart
 * emptied by an order that does not exist
 */
async function noCartHalfConverted(db: pg.Pool, emptied: CartEmptied[]): Promise<Invariant> {
  const v: string[] = [];
  const { rows } = await db.query<{ user_id: number; ordnum: number }>(
    `select c.user_id, o.ordnum from carts c
     join orders o on o.source_key = 'cart:' || c.user_id || ':' || c.acctnum || ':' || c.version
     where jsonb_array_length(c.cartdata) > 0`,
  );
  for (const r of rows)
    v.push(`user ${r.user_id}: order ${r.ordnum} was made but the cart still holds its lines`);
  const { rows: found } = await db.query<{ source_key: string }>(
    'select source_key from orders where source_key = any($1)',
    [emptied.map((e) => `cart:${e.user}:10001:${e.version}`)],
  );
  const keys = new Set(found.map((f) => f.source_key));
  for (const e of emptied)
    if (!keys.has(`cart:${e.user}:10001:${e.version}`))
      v.push(`user ${e.user}: cart version ${e.version} was emptied without an order`);
  const { rows: c } = await db.query<{ n: number }>('select count(*)::int as n from carts');
  return invariant('no cart half-converted', c[0].n + emptied.length, v);
}

async function settledCharges(db: pg.Pool): Promise<Charge[]> {
  const charges = await db.query<Charge>(
    `select t.reference, t.id as tx, t.amount::text,
            coalesce(p.invnum, bp.invoice_id) as invnum,
            p.status as payment_status, p.id as payment_id,
            exists (select 1 from invoice_payments ip where ip.payment_id = p.id) as applied
     from sandbox_gateway_transactions t
     left join payments p on p.reference = t.reference
     left join batch_payments bp on t.reference = 'batch-item-' || bp.id
     where t.status = 'settled'`,
  );
  return charges.rows;
}

/** 4. no invoice charged twice */
function noInvoiceChargedTwice(charges: Charge[]): Invariant {
  const perInvoice = new Map<number, string[]>();
  for (const c of charges) {
    const list = perInvoice.get(c.invnum ?? -1) ?? [];
    list.push(c.reference);
    perInvoice.set(c.invnum ?? -1, list);
  }
  const v: string[] = [];
  for (const [invnum, refs] of perInvoice)
    if (refs.length > 1) v.push(`invoice ${invnum} was charged ${refs.length} times (${refs.join(', ')})`);
  return invariant('no invoice charged twice', perInvoice.size, v);
}

/** 4. no charge without its payment row (and the invoice's Payments row) */
function noChargeWithoutPaymentRow(charges: Charge[]): Invariant {
  const v: string[] = [];
  for (const c of charges) {
    if (c.payment_status !== 'succeeded')
      v.push(
        `charge ${c.reference} (invoice ${c.invnum}) has no succeeded payment row (${c.payment_status ?? 'none'})`,
      );
    else if (!c.applied)
      v.push(`charge ${c.reference} (invoice ${c.invnum}) is not on the invoice's Payments`);
  }
  return invariant('no charge without its payment row', charges.length, v);
}

/** 5. balances = invoice total − payments (the invoice's Payments rows and the succeeded payment rows) */
async function balancesFollowPayments(db: pg.Pool): Promise<Invariant> {
  const { rows } = await db.query<{
    invnum: number;
    invamt: string;
    payamt: string;
    balance: string;
    applied: string;
    paid: string;
  }>(
    `select i.invnum, i.invamt::text, i.payamt::text, i.balance::text,
            coalesce((select sum(ip.pay_amt) from invoice_payments ip where ip.invnum = i.invnum), 0)::text as applied,
            coalesce((select sum(p.amount) from payments p where p.invnum = i.invnum and p.status = 'succeeded'), 0)::text as paid
     from invoices i where i.invnum > ${INVOICE_BASE}`,
  );
  const v: string[] = [];
  for (const r of rows) {
    const expected = Number(r.invamt) - Number(r.applied);
    if (Math.abs(Number(r.balance) - expected) > 0.001)
      v.push(`invoice ${r.invnum}: balance ${r.balance} ≠ ${r.invamt} − ${r.applied}`);
    if (Math.abs(Number(r.payamt) - Number(r.applied)) > 0.001)
      v.push(`invoice ${r.invnum}: paid amount ${r.payamt} ≠ its Payments ${r.applied}`);
    if (Math.abs(Number(r.paid) - Number(r.applied)) > 0.001)
      v.push(`invoice ${r.invnum}: succeeded payments ${r.paid} ≠ its Payments ${r.applied}`);
  }
  return invariant('balances = invoice total − payments', rows.length, v);
}

/** 6. every acknowledged payment is recorded; every acknowledged batch exists with its invoices */
async function acknowledgedPaymentsRecorded(db: pg.Pool, acks: Acks): Promise<Invariant> {
  const v: string[] = [];
  const { rows } = await db.query<{ id: number; invnum: number; status: string }>(
    'select id, invnum, status from payments where id = any($1)',
    [acks.ackPayments.map((p) => p.paymentId)],
  );
  const byId = new Map(rows.map((r) => [r.id, r]));
  for (const a of acks.ackPayments) {
    const p = byId.get(a.paymentId);
    if (p?.status !== 'succeeded' || p.invnum !== a.invnum)
      v.push(
        `payment ${a.paymentId} (invoice ${a.invnum}) was acknowledged but is ${p?.status ?? 'missing'}`,
      );
  }
  const { rows: items } = await db.query<{ payment_batch_id: number; invoice_id: number }>(
    'select payment_batch_id, invoice_id from batch_payments where payment_batch_id = any($1)',
    [acks.ackBatches.map((b) => b.batchId)],
  );
  for (const b of acks.ackBatches) {
    const got = items
      .filter((i) => i.payment_batch_id === b.batchId)
      .map((i) => i.invoice_id)
      .sort()
      .join(',');
    if (got !== [...b.invnums].sort().join(','))
      v.push(
        `batch ${b.batchId} was acknowledged with ${b.invnums.join(', ')} but holds ${got || 'nothing'}`,
      );
  }
  return invariant(
    'every acknowledged payment and batch is recorded',
    acks.ackPayments.length + acks.ackBatches.length,
    v,
  );
}

/** 7. no batch stuck In-Process after its job ran */
async function noBatchStuck(db: pg.Pool): Promise<Invariant> {
  const { rows } = await db.query<{ id: number; payment_batch_id: number }>(
    `select id, payment_batch_id from batch_payments where status is null or status = ''`,
  );
  const { rows: open } = await db.query<{ id: number }>(
    `select b.id from payment_batches b where b.processed_at is null
     and not exists (select 1 from batch_payments i where i.payment_batch_id = b.id and (i.status is null or i.status = ''))`,
  );
  const { rows: n } = await db.query<{ n: number }>('select count(*)::int as n from batch_payments');
  return invariant('no batch stuck In-Process after its job ran', n[0].n, [
    ...rows.map((r) => `batch ${r.payment_batch_id}: item ${r.id} is still In-Process`),
    ...open.map((r) => `batch ${r.id}: every item is done but the batch is not marked processed`),
  ]);
}

/** 8. every acknowledged frame design is saved */
async function acknowledgedFramesSaved(db: pg.Pool, ackFrames: Acks['ackFrames']): Promise<Invariant> {
  const { rows } = await db.query<{ id: number; name: string; user_id: number }>(
    'select id, name, user_id from saved_frames where id = any($1)',
    [ackFrames.map((f) => f.id)],
  );
  const byId = new Map(rows.map((r) => [r.id, r]));
  const v: string[] = [];
  for (const f of ackFrames) {
    const r = byId.get(f.id);
    if (!r || r.name !== f.name || r.user_id !== f.userId)
      v.push(`frame design ${f.id} (${f.name}) was acknowledged but is not saved`);
  }
  return invariant('every acknowledged frame design is saved', ackFrames.length, v);
}
