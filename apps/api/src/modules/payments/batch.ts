import { randomUUID } from 'node:crypto';
import type { SessionUser } from '@mitrebox/api-contract';
import { paymentMessages as M, money, payButton, sum } from '@mitrebox/domain';
import { and, asc, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../platform/db.ts';
import { queryRows } from '../../platform/db.ts';
import { notFound, unprocessable } from '../../platform/errors.ts';
import type { ChargeResult } from '../../platform/payments/gateway.ts';
import { scopeAccounts } from '../accounts/scope.ts';
import { applyInvoicePayment, lockInvoicesForPayment } from '../invoices/invoices.service.ts';
import type { PaymentDeps } from './make-payment.ts';
import { batchPayments, billingMethods, paymentBatches, payments } from './payments.tables.ts';

/** payment_statuses ids (demo data reference rows). */
const STATUS_APPROVED = 2;
const STATUS_DECLINED = 3;
export const BATCH_COMPLETED = 'Completed';
export const BATCH_FAILED = 'Failed';

export interface BatchFaults {
  /** Runs after a batch item's charge, before it is recorded: a thrown error stands for a crash there. */
  afterBatchCharge?: (batchPaymentId: number) => void | Promise<void>;
}

async function defaultCard(db: Db, acctnum: string) {
  const [card] = await db
    .select()
    .from(billingMethods)
    .where(and(eq(billingMethods.acctnum, acctnum), isNull(billingMethods.deletedAt)))
    .orderBy(desc(billingMethods.isDefault), asc(billingMethods.id))
    .limit(1);
  return card?.isDefault ? card : undefined;
}

/** The ticked invoices, checked: all the user's, one account, each payable and not already in a batch. */
async function checkBatch(db: Db, user: SessionUser, invnums: number[]) {
  const wanted = [...new Set(invnums)];
  const found = await db.transaction((tx) => lockInvoicesForPayment(tx, wanted, scopeAccounts(user)));
  const missing = wanted.filter((n) => !found.some((f) => f.invnum === n));
  if (missing.length > 0) throw notFound(`${M.invoiceNotFound}: ${missing.join(', ')}`);
  const accounts = new Set(found.map((f) => f.acctnum));
  if (accounts.size > 1) throw unprocessable(M.batchTwoAccounts);
  const unpayable = found.find((f) => !payButton(f.paystatus, f.balance).enabled);
  if (unpayable) throw unprocessable(`${M.notPayable} (${unpayable.invnum})`);
  const [acctnum] = [...accounts];
  const card = await defaultCard(db, acctnum);
  if (!card) throw unprocessable(M.noDefaultCard);
  return { acctnum, card, invoices: found, total: sum(found.map((f) => f.balance)).toFixed(2) };
}

export function createBatchPayments(deps: PaymentDeps & { batchFaults?: BatchFaults; leaseMs?: number }) {
  const { db, gateway } = deps;
  const leaseMs = deps.leaseMs ?? 120_000;

  /** Claims the next unfinished batch item (FOR UPDATE SKIP LOCKED + a lease), or none. */
  async function claimNext(owner: string) {
    const [row] = await queryRows<{ id: number }>(
      db,
      sql`update batch_payments set claimed_by = ${owner},
            claimed_until = now() + make_interval(secs => ${leaseMs / 1000}),
            attempts = attempts + 1
          where id = (
            select id from batch_payments
            where (status is null or status = '') and (claimed_until is null or claimed_until < now())
            order by id limit 1 for update skip locked)
          returning id`,
    );
    if (!row) return undefined;
    const [item] = await db.select().from(batchPayments).where(eq(batchPayments.id, row.id));
    return item;
  }

  async function processItem(item: BatchItem) {
    const reference = `batch-item-${item.id}`;
    const [batch] = await db.select().from(paymentBatches).where(eq(paymentBatches.id, item.paymentBatchId));
    const [card] = batch?.billingMethodId
      ? await db.select().from(billingMethods).where(eq(billingMethods.id, batch.billingMethodId))
      : [];
    // An earlier run may have charged and crashed before recording: the gateway knows the reference.
    let charge = await gateway.findCharge(reference);
    if (!charge) {
      charge = card
        ? await gateway.charge({
            source: { kind: 'vaulted', token: card.gatewayToken },
            amount: item.amount,
            reference,
          })
        : { ok: false, transactionId: null, code: 'no_card', message: 'The card of this batch was removed.' };
    }
    await deps.batchFaults?.afterBatchCharge?.(item.id);
    const charged = charge;
    return db.transaction((tx) =>
      recordItemCharge(tx, gateway.name, { item, batch, card, reference }, charged),
    );
  }

  return {
    /** POST /api/sumBatchPayments: the default card's last four and the ticked invoices' sum. */
    async sum(user: SessionUser, invnums: number[]) {
      const { card, total } = await checkBatch(db, user, invnums);
      return [{ lastfour: card.lastFour, sum: total }];
    },

    /** POST /api/makeBatchPayments: records the batch (each invoice In-Process) and answers at once. */
    async make(user: SessionUser, invnums: number[]) {
      const checked = await checkBatch(db, user, invnums);
      const batchId = await db.transaction((tx) => recordBatch(tx, user, checked));
      return { success: true, batchId };
    },

    /**
     * The durable batch job: claims unfinished items one at a time (any number of processes may run it) and
     * charges each once. Answers how many items this run recorded.
     */
    async process(owner: string = randomUUID(), stopping: () => boolean = () => false) {
      let done = 0;
      for (;;) {
        if (stopping()) return done;
        const item = await claimNext(owner);
        if (!item) return done;
        if (await processItem(item)) done++;
      }
    },
  };
}

type BatchItem = typeof batchPayments.$inferSelect;

/** One batch item as it is charged: the batch it belongs to, the batch's card and the gateway reference. */
interface ItemCharge {
  item: BatchItem;
  batch: typeof paymentBatches.$inferSelect | undefined;
  card: typeof billingMethods.$inferSelect | undefined;
  reference: string;
}

/**
 * In the caller's transaction: a batch item's charge recorded (the item finished, its payment row, the invoice
 * paid when approved, the batch processed when it was the last). Answers false when another run recorded it.
 */
async function recordItemCharge(
  tx: Tx,
  gatewayName: string,
  { item, batch, card, reference }: ItemCharge,
  result: ChargeResult,
): Promise<boolean> {
  // Only one recorder wins: the item must still be unfinished.
  const [open] = await tx
    .update(batchPayments)
    .set({
      status: result.ok ? BATCH_COMPLETED : BATCH_FAILED,
      paymentStatusId: result.ok ? STATUS_APPROVED : STATUS_DECLINED,
      updatedAt: new Date(),
    })
    .where(
      and(
        eq(batchPayments.id, item.id),
        sql`(${batchPayments.status} is null or ${batchPayments.status} = '')`,
      ),
    )
    .returning({ id: batchPayments.id });
  if (!open) return false;
  await lockInvoicesForPayment(tx, [item.invoiceId], [item.acctnum]);
  const [pay] = await tx
    .insert(payments)
    .values({
      acctnum: item.acctnum,
      invnum: item.invoiceId,
      userId: batch?.userId ?? null,
      amount: item.amount,
      status: result.ok ? 'succeeded' : 'failed',
      gateway: gatewayName,
      gatewayTransactionId: result.transactionId,
      lastFour: result.lastFour ?? card?.lastFour ?? null,
      cardType: result.cardType ?? card?.type ?? null,
      message: result.message,
      batchId: item.paymentBatchId,
      reference,
    })
    .returning({ id: payments.id });
  await tx.update(batchPayments).set({ paymentId: pay.id }).where(eq(batchPayments.id, item.id));
  if (result.ok)
    await applyInvoicePayment(tx, {
      invnum: item.invoiceId,
      amount: item.amount,
      paymentId: pay.id,
      at: new Date(),
    });
  const [left] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(batchPayments)
    .where(
      and(
        eq(batchPayments.paymentBatchId, item.paymentBatchId),
        sql`(${batchPayments.status} is null or ${batchPayments.status} = '')`,
      ),
    );
  if (Number(left?.n ?? 0) === 0)
    await tx
      .update(paymentBatches)
      .set({ processedAt: new Date() })
      .where(eq(paymentBatches.id, item.paymentBatchId));
  return true;
}

/**
 * In the caller's transaction: the checked invoices locked again, refused when one is already in a running
 * batch, and the batch recorded with one item per invoice (its balance). Answers the batch's id.
 */
async function recordBatch(tx: Tx, user: SessionUser, checked: Awaited<ReturnType<typeof checkBatch>>) {
  const locked = await lockInvoicesForPayment(
    tx,
    checked.invoices.map((i) => i.invnum),
    [checked.acctnum],
  );
  const busy = await tx
    .select({ invoiceId: batchPayments.invoiceId })
    .from(batchPayments)
    .where(
      and(
        inArray(
          batchPayments.invoiceId,
          locked.map((i) => i.invnum),
        ),
        sql`(${batchPayments.status} is null or ${batchPayments.status} = '')`,
      ),
    )
    .limit(1);
  if (busy[0]) throw unprocessable(M.batchAlreadyInProcess(busy[0].invoiceId));
  const [batch] = await tx
    .insert(paymentBatches)
    .values({
      acctnum: checked.acctnum,
      userId: user.id,
      billingMethodId: checked.card.id,
      total: sum(locked.map((i) => i.balance)).toFixed(2),
    })
    .returning({ id: paymentBatches.id });
  await tx.insert(batchPayments).values(
    locked.map((i) => ({
      paymentBatchId: batch.id,
      invoiceId: i.invnum,
      acctnum: i.acctnum,
      amount: money(i.balance).toFixed(2),
    })),
  );
  return batch.id;
}
