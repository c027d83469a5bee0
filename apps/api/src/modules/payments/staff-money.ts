import type { ErrorBody, StaffAdjustmentResponse } from '@mitrebox/api-contract';
import { mayUse, staffMessages } from '@mitrebox/domain';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, Queryable, Tx } from '../../platform/db.ts';
import { AppError, badRequest, forbidden, notFound, unprocessable } from '../../platform/errors.ts';
import type { ListQuery } from '../../platform/listing.ts';
import type { GatewayActionResult, PaymentGateway } from '../../platform/payments/gateway.ts';
import { type AuditActor, recordAudit } from '../audit/audit.service.ts';
import { invoiceForStaff, listInvoicesForStaff, reverseInvoicePayment } from '../invoices/staff-invoices.ts';
import { listOrdersForStaff, orderForStaff } from '../orders/staff-orders.ts';
import { claimKey, finishKey, releaseKey, requestHash } from './idempotency.ts';
import { paymentAdjustments, payments } from './payments.tables.ts';

export const staffMoneyMessages = {
  // who may return money is the role matrix's (writing the invoices section), as the staff guard answers it
  roleRefused: staffMessages.roleRefused,
  keyMissing: 'Idempotency-Key header required: one per refund or void.',
  keyReused: 'This Idempotency-Key was used for another refund or void.',
  inProgress: 'This refund or void is still being processed. Please wait a moment.',
  paymentNotFound: 'Payment not found',
  invoiceNotFound: 'Invoice not found',
  notCaptured: 'Only a completed card payment can be refunded or voided.',
  amountInvalid: 'Enter an amount above 0 with at most 2 decimals.',
  amountAbove: (left: string) => `The refund cannot be more than what is left of the payment ($${left}).`,
  voidPartly: 'A payment that has been partly refunded cannot be voided.',
  gatewayDown: 'The card gateway could not be reached. Nothing was returned; please try again.',
} as const;
const S = staffMoneyMessages;

const KEY = /^[A-Za-z0-9_.:-]{8,200}$/;
const AMOUNT = /^\d{1,9}(\.\d{1,2})?$/;
const cents = (v: string | number) => Math.round(Number(v) * 100);
const dollars = (c: number) => (c / 100).toFixed(2);

export interface StaffMember {
  id: number;
  email: string;
  /** the staff role of the signed-in member (the scope has checked it is one) */
  role: string;
  requestId?: string;
}

/** The answer of a refund or void to give (and to replay under its key): HTTP status and body. */
export interface AdjustmentAnswer {
  statusCode: number;
  body: StaffAdjustmentResponse | ErrorBody;
}

type AdjustmentRequest = { kind: 'refund' | 'void'; amount?: string };
type StaffMoneyDeps = { db: Db; gateway: PaymentGateway; log: FastifyBaseLogger };

export function createStaffMoney(deps: StaffMoneyDeps) {
  const { db } = deps;

  return {
    /** Invoices of every account: server-paged, sortable, searchable by account, number and date. */
    listInvoices: (query: ListQuery) => listInvoicesForStaff(db, query),

    /** Orders of every account, the same way. */
    listOrders: (query: ListQuery) => listOrdersForStaff(db, query),

    /** One order of any account with its lines. */
    async order(ordnum: number) {
      const order = await orderForStaff(db, ordnum);
      if (!order) throw notFound('Order not found');
      return order;
    },

    /** One invoice of any account with its card payments and their refunds and voids. */
    async invoice(invnum: number) {
      const inv = await invoiceForStaff(db, invnum);
      if (!inv) throw notFound(S.invoiceNotFound);
      return { ...inv, payments: await paymentsOf(db, invnum) };
    },

    /**
     * Refund (all or part of what is left) or void (before settlement) one card payment, through the gateway.
     * One attempt per Idempotency-Key: the same key and body answer the first result, another body under the
     * key is refused, concurrent requests return money once. The payment, the invoice (balance, payamt,
     * paystatus, a negative Payments row) and the audit entry change in one transaction.
     */
    async adjust(
      staff: StaffMember,
      paymentId: number,
      request: AdjustmentRequest,
      idempotencyKey: string | undefined,
    ): Promise<AdjustmentAnswer> {
      if (!mayUse(staff.role, 'invoices', 'write')) throw forbidden(S.roleRefused);
      const key = idempotencyKey?.trim();
      if (!key || !KEY.test(key)) throw badRequest(S.keyMissing);
      const scope = 'staff-payment-adjustment';
      const hash = requestHash({ paymentId, ...request });
      for (let waited = 0; ; waited += 100) {
        const claim = await claimKey<AdjustmentAnswer['body']>(db, scope, key, hash);
        if (claim.kind === 'replay') return { statusCode: claim.statusCode, body: claim.response };
        if (claim.kind === 'conflict') throw unprocessable(S.keyReused);
        if (claim.kind === 'claimed') break;
        if (waited >= 20_000) throw new AppError('in_progress', 409, S.inProgress);
        await new Promise((r) => setTimeout(r, 100));
      }
      let answer: AdjustmentAnswer;
      try {
        answer = { statusCode: 200, body: await adjustOnce(deps, staff, paymentId, request, key) };
      } catch (err) {
        if (!(err instanceof AppError) || err.status >= 500) {
          await releaseKey(db, scope, key).catch(() => {});
          throw err;
        }
        answer = {
          statusCode: err.status,
          body: { message: err.message, ...(err.fields ? { errors: err.fields } : {}) },
        };
      }
      await finishKey(db, scope, key, answer.statusCode, answer.body);
      return answer;
    },
  };
}

/** An invoice's card payments, each with its refunds and voids. */
async function paymentsOf(q: Queryable, invnum: number) {
  const rows = await q.select().from(payments).where(eq(payments.invnum, invnum)).orderBy(asc(payments.id));
  const adjustments = await q
    .select()
    .from(paymentAdjustments)
    .where(eq(paymentAdjustments.invnum, invnum))
    .orderBy(asc(paymentAdjustments.id));
  return rows.map((p) => ({
    id: p.id,
    amount: p.amount,
    refunded: p.refunded,
    status: p.status,
    gateway: p.gateway,
    transactionId: p.gatewayTransactionId,
    lastFour: p.lastFour,
    cardType: p.cardType,
    message: p.message,
    batchId: p.batchId,
    createdAt: p.createdAt.toISOString(),
    adjustments: adjustments
      .filter((a) => a.paymentId === p.id)
      .map((a) => ({
        id: a.id,
        kind: a.kind,
        amount: a.amount,
        status: a.status,
        message: a.message,
        createdAt: a.createdAt.toISOString(),
      })),
  }));
}

/** A refund or void reserved under the payment's lock: its pending adjustment row and the amount. */
interface ReservedAdjustment {
  adjustmentId: number;
  payment: typeof payments.$inferSelect;
  amount: string;
}

async function adjustOnce(
  deps: StaffMoneyDeps,
  staff: StaffMember,
  paymentId: number,
  request: AdjustmentRequest,
  key: string,
): Promise<StaffAdjustmentResponse> {
  const { db } = deps;
  // 1. Check and reserve under the payment's lock: what is left of it less adjustments still running.
  const reserved = await db.transaction((tx) => reserveAdjustment(tx, staff, paymentId, request, key));

  // 2. The gateway (never inside a database transaction).
  const gatewayResult = await returnAtGateway(deps, paymentId, request, reserved);

  // 3. Record: adjustment, payment, invoice and the audit entry together.
  const at = new Date();
  return db.transaction((tx) => recordAdjustment(tx, staff, paymentId, request, reserved, gatewayResult, at));
}

/** Step 1, in the caller's transaction: the payment locked and checked, the pending adjustment inserted. */
async function reserveAdjustment(
  tx: Tx,
  staff: StaffMember,
  paymentId: number,
  request: AdjustmentRequest,
  key: string,
): Promise<ReservedAdjustment> {
  const [p] = await tx.select().from(payments).where(eq(payments.id, paymentId)).for('update').limit(1);
  if (!p) throw notFound(S.paymentNotFound);
  if (p.status !== 'succeeded' || !p.gatewayTransactionId) throw unprocessable(S.notCaptured);
  const [{ running }] = await tx
    .select({ running: sql<string>`coalesce(sum(${paymentAdjustments.amount}), 0)::text` })
    .from(paymentAdjustments)
    .where(and(eq(paymentAdjustments.paymentId, p.id), eq(paymentAdjustments.status, 'pending')));
  const left = cents(p.amount) - cents(p.refunded) - cents(running);
  let amount: number;
  if (request.kind === 'void') {
    if (cents(p.refunded) > 0 || cents(running) > 0) throw unprocessable(S.voidPartly);
    amount = cents(p.amount);
  } else {
    const asked = request.amount?.trim();
    if (asked === undefined || asked === '') amount = left;
    else {
      if (!AMOUNT.test(asked) || cents(asked) <= 0)
        throw unprocessable(S.amountInvalid, { amount: S.amountInvalid });
      amount = cents(asked);
    }
    if (amount > left || amount <= 0)
      throw unprocessable(S.amountAbove(dollars(Math.max(left, 0))), {
        amount: S.amountAbove(dollars(Math.max(left, 0))),
      });
  }
  const [row] = await tx
    .insert(paymentAdjustments)
    .values({
      paymentId: p.id,
      invnum: p.invnum,
      acctnum: p.acctnum,
      kind: request.kind,
      amount: dollars(amount),
      status: 'pending',
      idempotencyKey: key,
      staffUserId: staff.id,
    })
    .returning({ id: paymentAdjustments.id });
  return { adjustmentId: row.id, payment: p, amount: dollars(amount) };
}

/**
 * Step 2: the void or refund at the gateway (a refund of the whole untouched payment names no amount). A
 * refused or failed call marks the adjustment failed and answers 422 or 502.
 */
async function returnAtGateway(
  deps: StaffMoneyDeps,
  paymentId: number,
  request: AdjustmentRequest,
  reserved: ReservedAdjustment,
): Promise<Extract<GatewayActionResult, { ok: true }>> {
  const { db, gateway } = deps;
  let result: GatewayActionResult;
  try {
    const txId = reserved.payment.gatewayTransactionId as string;
    result =
      request.kind === 'void'
        ? await gateway.void(txId)
        : await gateway.refund(
            txId,
            reserved.amount === dollars(cents(reserved.payment.amount)) &&
              cents(reserved.payment.refunded) === 0
              ? undefined
              : reserved.amount,
          );
  } catch (err) {
    deps.log.warn({ paymentId, err: (err as Error).message }, 'card gateway refund/void failed');
    await db
      .update(paymentAdjustments)
      .set({ status: 'failed', message: S.gatewayDown, updatedAt: new Date() })
      .where(eq(paymentAdjustments.id, reserved.adjustmentId));
    throw new AppError('gateway_unavailable', 502, S.gatewayDown);
  }
  if (!result.ok) {
    await db
      .update(paymentAdjustments)
      .set({ status: 'failed', message: result.message, updatedAt: new Date() })
      .where(eq(paymentAdjustments.id, reserved.adjustmentId));
    throw unprocessable(result.message);
  }
  return result;
}

/** Step 3, in the caller's transaction: the adjustment done, the payment and invoice changed, the audit entry. */
async function recordAdjustment(
  tx: Tx,
  staff: StaffMember,
  paymentId: number,
  request: AdjustmentRequest,
  reserved: ReservedAdjustment,
  gatewayResult: Extract<GatewayActionResult, { ok: true }>,
  at: Date,
): Promise<StaffAdjustmentResponse> {
  const [paymentBefore] = await tx.select().from(payments).where(eq(payments.id, paymentId)).limit(1);
  await tx
    .update(paymentAdjustments)
    .set({ status: 'done', gatewayTransactionId: gatewayResult.transactionId, updatedAt: at })
    .where(eq(paymentAdjustments.id, reserved.adjustmentId));
  const [paymentAfter] = await tx
    .update(payments)
    .set({
      refunded: sql`${payments.refunded} + ${reserved.amount}::numeric`,
      ...(request.kind === 'void' ? { status: 'voided' } : {}),
      updatedAt: at,
    })
    .where(eq(payments.id, paymentId))
    .returning();
  const invoice = await reverseInvoicePayment(tx, {
    invnum: reserved.payment.invnum,
    amount: reserved.amount,
    paymentId,
    at,
  });
  const actor: AuditActor = {
    kind: 'staff',
    id: staff.id,
    name: staff.email,
    requestId: staff.requestId,
  };
  await recordAudit(tx, actor, {
    action: `payment.${request.kind}`,
    entity: 'payment',
    entityId: paymentId,
    before: {
      payment: { status: paymentBefore?.status, refunded: paymentBefore?.refunded },
      invoice: invoice?.before ?? null,
    },
    after: {
      payment: { status: paymentAfter?.status, refunded: paymentAfter?.refunded },
      invoice: invoice?.after ?? null,
      amount: reserved.amount,
      gatewayTransactionId: gatewayResult.transactionId,
      adjustmentId: reserved.adjustmentId,
    },
  });
  return {
    success: true,
    message: request.kind === 'void' ? 'Payment voided.' : `Refunded $${reserved.amount}.`,
    adjustmentId: reserved.adjustmentId,
    amount: reserved.amount,
    invoice: invoice?.after ?? null,
  };
}

export type StaffMoney = ReturnType<typeof createStaffMoney>;
