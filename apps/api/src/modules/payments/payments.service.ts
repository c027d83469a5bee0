import type { SessionUser } from '@mitrebox/api-contract';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Queryable } from '../../platform/db.ts';
import { type BatchFaults, createBatchPayments } from './batch.ts';
import { createBillingMethods } from './billing-methods.ts';
import { makePaymentOnce, type PaymentDeps } from './make-payment.ts';
import { batchPayments, paymentStatuses } from './payments.tables.ts';
import { reconcilePendingPayments } from './reconcile.ts';

// the stored cards of an account: the account details read them through this service
export { billingMethodsOf } from './billing-methods.ts';

/**
 * Batch payment rows of the accounts (POST /api/searchPaymentBatch), newest first, optionally of one batch.
 * status reads 'In-Process' until the batch job has set one.
 */
export async function searchPaymentBatches(
  db: Queryable,
  acctnums: string[],
  q: { page: number; perPage: number; batchId?: number | null },
) {
  if (acctnums.length === 0) return { total: 0, data: [], current_page: q.page };
  const where = and(
    inArray(batchPayments.acctnum, acctnums),
    q.batchId ? eq(batchPayments.paymentBatchId, q.batchId) : undefined,
  );
  const [rows, [count]] = await Promise.all([
    db
      .select({ b: batchPayments, statusName: paymentStatuses.name })
      .from(batchPayments)
      .leftJoin(paymentStatuses, eq(paymentStatuses.id, batchPayments.paymentStatusId))
      .where(where)
      .orderBy(desc(batchPayments.createdAt), desc(batchPayments.id))
      .limit(q.perPage)
      .offset((q.page - 1) * q.perPage),
    db.select({ n: sql<number>`count(*)::int` }).from(batchPayments).where(where),
  ]);
  return {
    total: Number(count?.n ?? 0),
    current_page: q.page,
    data: rows.map(({ b, statusName }) => ({
      id: b.id,
      payment_batch_id: b.paymentBatchId,
      invoice_id: b.invoiceId,
      status: b.status?.trim() ? b.status : 'In-Process',
      payment_status: statusName ? { name: statusName } : null,
      amount: b.amount,
      created_at: b.createdAt.toISOString(),
      updated_at: b.updatedAt.toISOString(),
    })),
  };
}

export interface PaymentsServiceDeps extends PaymentDeps {
  batchFaults?: BatchFaults;
  leaseMs?: number;
  /** Pending single payments older than this (ms) are settled from the gateway by the job (reconcile.ts). */
  reconcileAfterMs?: number;
}

/** Card payments: single invoices (idempotent), billing methods and the batch job. */
export function createPaymentsService(deps: PaymentsServiceDeps) {
  const batch = createBatchPayments(deps);
  let running: Promise<unknown> | null = null;
  let again = false;
  let stopping = false;
  /** Runs the batch job in this process now (at most one run at a time here; other processes may run too). */
  const runBatchJob = (): Promise<unknown> => {
    if (stopping) return Promise.resolve();
    if (running) {
      again = true;
      return running;
    }
    running = reconcilePendingPayments(deps, deps.reconcileAfterMs ?? 600_000)
      .catch((err) => deps.log.error({ err }, 'settling interrupted payments failed'))
      .then(() => batch.process(undefined, () => stopping))
      .catch((err) => deps.log.error({ err }, 'batch payment job failed'))
      .finally(() => {
        running = null;
        if (again) {
          again = false;
          void runBatchJob();
        }
      });
    return running;
  };
  return {
    makePayment: (user: SessionUser, body: Parameters<typeof makePaymentOnce>[2], key: string | undefined) =>
      makePaymentOnce(deps, user, body, key),
    billing: createBillingMethods(deps),
    batch,
    runBatchJob,
    /** Graceful shutdown: no new run starts; resolves when the run under way (if any) has finished its item. */
    stopJob: async () => {
      stopping = true;
      while (running) await running;
    },
    /** After a new batch: set by the app when jobs run in this process. */
    kickBatchJob: () => {},
  };
}
export type PaymentsService = ReturnType<typeof createPaymentsService>;
