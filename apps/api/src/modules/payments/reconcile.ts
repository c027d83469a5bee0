import { paymentMessages as M } from '@mitrebox/domain';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db.ts';
import { queryRows } from '../../platform/db.ts';
import type { PaymentGateway } from '../../platform/payments/gateway.ts';
import { applyInvoicePayment, lockInvoicesForPayment } from '../invoices/invoices.service.ts';
import { payments } from './payments.tables.ts';

/** The Idempotency-Key row of a payment's request (scope makePayment:<the user's accounts>), while running. */
const runningKey = (key: string, acctnum: string) =>
  sql`state = 'running' and key = ${key} and scope like 'makePayment:%'
      and ',' || substring(scope from 13) || ',' like ${`%,${acctnum},%`}`;

/**
 * A single-invoice card payment is reserved (a pending row), charged, then recorded. A process that dies
 * between the charge and the record leaves a pending row and a charge the invoice does not show. This sweep
 * (run by the payment job, in any process) takes pending payments older than `afterMs`, asks the gateway for
 * the charge of their reference and records it exactly as the request would have (payment succeeded, invoice
 * balance and its Payments row) — or marks the payment failed when the gateway made no approved charge.
 * Answers how many payments it settled.
 */
export async function reconcilePendingPayments(
  deps: { db: Db; gateway: PaymentGateway },
  afterMs: number,
  limit = 50,
): Promise<number> {
  const { db, gateway } = deps;
  const stale = await queryRows<{ id: number; reference: string | null }>(
    db,
    sql`select id, reference from payments
        where status = 'pending' and batch_id is null
          and created_at < now() - make_interval(secs => ${afterMs / 1000})
        order by id limit ${limit}`,
  );
  let settled = 0;
  for (const p of stale) {
    const charge = p.reference ? await gateway.findCharge(p.reference) : null;
    const done = await db.transaction(async (tx) => {
      const [row] = await tx
        .select()
        .from(payments)
        .where(and(eq(payments.id, p.id), eq(payments.status, 'pending')))
        .for('update', { skipLocked: true });
      if (!row) return false; // settled meanwhile (another process, or the request itself)
      const now = new Date();
      if (!charge?.ok) {
        await tx
          .update(payments)
          .set({
            status: 'failed',
            message: charge?.message ?? 'The payment was interrupted before the card was charged.',
            gatewayTransactionId: charge?.transactionId ?? null,
            updatedAt: now,
          })
          .where(eq(payments.id, row.id));
        // nothing was charged: a retry with the request's key runs afresh
        if (row.idempotencyKey)
          await tx.execute(
            sql`delete from idempotency_keys where ${runningKey(row.idempotencyKey, row.acctnum)}`,
          );
        return true;
      }
      await lockInvoicesForPayment(tx, [row.invnum], [row.acctnum]);
      await tx
        .update(payments)
        .set({
          status: 'succeeded',
          gatewayTransactionId: charge.transactionId,
          lastFour: charge.lastFour,
          cardType: charge.cardType,
          message: charge.message,
          updatedAt: now,
        })
        .where(eq(payments.id, row.id));
      const applied = await applyInvoicePayment(tx, {
        invnum: row.invnum,
        amount: row.amount,
        paymentId: row.id,
        at: now,
      });
      // a retry with the request's key answers what the request would have
      if (row.idempotencyKey) {
        const answer = {
          success: true,
          paymentSuccess: true,
          msg: M.paymentCompleted,
          paymentId: row.id,
          balance: applied.balance,
          paystatus: applied.paystatus,
        };
        await tx.execute(sql`update idempotency_keys set state = 'done', status_code = 200,
          response = ${JSON.stringify(answer)}::jsonb where ${runningKey(row.idempotencyKey, row.acctnum)}`);
      }
      return true;
    });
    if (done) settled++;
  }
  // A request that died after claiming its key and before its pending row was committed charged nothing (the
  // charge comes after that commit): its key is given up, so a retry runs afresh instead of answering
  // "in progress" until the key expires.
  await db.execute(sql`delete from idempotency_keys k
    where k.state = 'running' and k.scope like 'makePayment:%'
      and k.created_at < now() - make_interval(secs => ${afterMs / 1000})
      and not exists (select 1 from payments p where p.idempotency_key = k.key
        and ',' || substring(k.scope from 13) || ',' like '%,' || p.acctnum || ',%')`);
  return settled;
}
