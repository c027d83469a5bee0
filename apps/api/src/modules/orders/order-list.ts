import type { OrderListRequest, OrderListRow } from '@mitrebox/api-contract';
import { PENDING_FILTER } from '@mitrebox/domain';
import { type SQL, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../platform/db.ts';

/** Whitelisted sort columns → SQL (never the client's text). */
const SORT: Record<string, SQL> = {
  Ordnum: sql`o.ordnum`,
  InvoiceNumbers: sql`i.invnums[1]`,
  location: sql`o.location`,
  OrderInvTotal: sql`o.inv_total`,
  InvoiceInvTotal: sql`i.invamt`,
  invamt: sql`i.invamt`,
  payamt: sql`i.payamt`,
  paystatus: sql`i.paystatus`,
  OrdDate: sql`o.ord_date`,
  InvDate: sql`i.inv_date`,
  shipvia: sql`o.shipvia`,
};

interface Row {
  ordnum: number;
  acctnum: string;
  location: string;
  location_name: string | null;
  order_inv_total: string;
  ord_date: Date | string;
  shipvia: string | null;
  synced: number;
  cust_po: string | null;
  invnums: number[] | null;
  inv_date: Date | string | null;
  invamt: string | null;
  payamt: string | null;
  balance: string | null;
  paystatus: number | null;
  batch_status: string | null;
  total: number;
}

const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());

/**
 * The orders list of account-area §2: one row per order with its invoices' numbers, totals and combined pay
 * status (any unpaid → 0, else any part-paid → 3, all credits → 4, else 1), and the latest batch status.
 */
export async function listOrders(
  db: Db,
  acctnums: string[],
  q: OrderListRequest & { page: number; perPage: number },
  timeZone: string,
) {
  const where: SQL[] = [
    sql`o.acctnum in (${sql.join(
      acctnums.map((a) => sql`${a}`),
      sql`, `,
    )})`,
  ];
  const day = (col: SQL) => sql`(${col} at time zone ${timeZone})::date`;
  if (q.invDateFrom) where.push(sql`${day(sql`i.inv_date`)} >= ${q.invDateFrom}::date`);
  if (q.invDateTo) where.push(sql`${day(sql`i.inv_date`)} <= ${q.invDateTo}::date`);
  if (q.ordDateFrom) where.push(sql`${day(sql`o.ord_date`)} >= ${q.ordDateFrom}::date`);
  if (q.ordDateTo) where.push(sql`${day(sql`o.ord_date`)} <= ${q.ordDateTo}::date`);
  const status =
    q.paystatus === '' || q.paystatus === null || q.paystatus === undefined ? null : Number(q.paystatus);
  if (status === PENDING_FILTER) where.push(sql`o.synced <> 1`);
  else if (status !== null) where.push(sql`i.paystatus = ${status}`);
  if (q.Invoicenum) where.push(sql`${Number(q.Invoicenum)} = any(i.invnums)`);
  if (q.Ordernum) where.push(sql`o.ordnum = ${Number(q.Ordernum)}`);
  const search = q.search?.trim();
  if (search) {
    const like = `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    where.push(
      sql`(o.ordnum::text like ${like} or o.cust_po ilike ${like} or array_to_string(i.invnums, ',') like ${like})`,
    );
  }
  const dir = q.orderDir === 'asc' ? sql`asc` : sql`desc`;
  const order = SORT[q.orderCol ?? 'OrdDate'] ?? SORT.OrdDate;

  const rows = await queryRows<Row>(
    db,
    sql`
    select o.ordnum, o.acctnum, o.location, l.name as location_name, o.inv_total as order_inv_total, o.ord_date,
           o.shipvia, o.synced, o.cust_po, i.invnums, i.inv_date, i.invamt, i.payamt, i.balance, i.paystatus,
           b.batch_status, count(*) over ()::int as total
    from orders o
    left join locations l on l.code = o.location
    left join lateral (
      select array_agg(v.invnum order by v.invnum) as invnums, min(v.inv_date) as inv_date,
             sum(v.invamt) as invamt, sum(v.payamt) as payamt, sum(v.balance) as balance,
             case when bool_or(v.paystatus = 0) then 0 when bool_or(v.paystatus = 3) then 3
                  when bool_and(v.paystatus = 4) then 4 else 1 end as paystatus
      from invoices v where v.ordnum = o.ordnum
      having count(*) > 0
    ) i on true
    left join lateral (
      select coalesce(nullif(bp.status, ''), 'In-Process') as batch_status
      from batch_payments bp where bp.invoice_id = any(i.invnums) order by bp.created_at desc, bp.id desc limit 1
    ) b on true
    where ${sql.join(where, sql` and `)}
    order by ${order} ${dir} nulls last, o.ordnum desc
    limit ${q.perPage} offset ${(q.page - 1) * q.perPage}`,
  );

  const data: OrderListRow[] = rows.map((r) => ({
    Ordnum: r.ordnum,
    Acctnum: r.acctnum,
    InvoiceNumbers: (r.invnums ?? []).join(','),
    invoices: r.invnums ?? [],
    location: { Loc: r.location, Name: r.location_name ?? r.location },
    OrderInvTotal: r.order_inv_total,
    InvoiceInvTotal: r.invamt,
    invamt: r.invamt,
    payamt: r.payamt,
    balance: r.balance,
    paystatus: r.paystatus,
    batchStatus: r.batch_status,
    shipvia: r.shipvia,
    CustPo: r.cust_po,
    synced: r.synced,
    OrdDate: iso(r.ord_date)!,
    InvDate: iso(r.inv_date),
  }));
  let total = rows[0]?.total ?? 0;
  if (rows.length === 0 && q.page > 1) {
    // past the last page: still tell the total
    const [c] = await queryRows<{ n: number }>(
      db,
      sql`select count(*)::int as n from orders o left join lateral (
        select array_agg(v.invnum) as invnums, min(v.inv_date) as inv_date,
               case when bool_or(v.paystatus = 0) then 0 when bool_or(v.paystatus = 3) then 3
                    when bool_and(v.paystatus = 4) then 4 else 1 end as paystatus
        from invoices v where v.ordnum = o.ordnum having count(*) > 0) i on true
      where ${sql.join(where, sql` and `)}`,
    );
    total = c?.n ?? 0;
  }
  return { total, data, current_page: q.page, per_page: q.perPage };
}
