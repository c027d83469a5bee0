import type { MakePaymentRequest, MakePaymentResponse, SessionUser } from '@mitrebox/api-contract';
import {
  acceptablePaymentAmount,
  formatMoney,
  paymentMessages as M,
  manualCardProblem,
  money,
  payButton,
  paymentAmountRefusal,
} from '@mitrebox/domain';
import { eq, type SQL, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import { type Db, queryRows, type Tx } from '../../platform/db.ts';
import { AppError, badRequest, notFound, unprocessable } from '../../platform/errors.ts';
import type { Mailer } from '../../platform/mail.ts';
import type { ChargeResult, ChargeSource, PaymentGateway } from '../../platform/payments/gateway.ts';
import { scopeAccounts } from '../accounts/scope.ts';
import {
  applyInvoicePayment,
  lockInvoiceForPaymentQuery,
  lockInvoicesForPayment,
  type PayableInvoice,
} from '../invoices/invoices.service.ts';
import { claimKey, finishKey, finishKeyQuery, releaseKey, requestHash } from './idempotency.ts';
import { billingMethods, payments } from './payments.tables.ts';

type Body = z.output<typeof MakePaymentRequest>;

export interface PaymentFaults {
  /** Runs after an approved charge, before it is recorded (tests inject a failure here). */
  beforeRecord?: (paymentId: number) => void | Promise<void>;
}

export interface PaymentDeps {
  db: Db;
  gateway: PaymentGateway;
  mailer: Mailer;
  log: FastifyBaseLogger;
  companyName: string;
  faults?: PaymentFaults;
}

const IDEMPOTENCY_KEY = /^[A-Za-z0-9_.:-]{8,200}$/;

/** The answer to replay: HTTP status and body. */
export interface Answer {
  statusCode: number;
  body: MakePaymentResponse | { message: string; errors?: Record<string, string> };
}

/**
 * POST /api/admin/makePayment. One attempt per Idempotency-Key: the same key and body answer the first
 * result for 24 hours, another body under the key is refused, and concurrent requests with one key charge once.
 */
export async function makePaymentOnce(
  deps: PaymentDeps,
  user: SessionUser,
  body: Body,
  idempotencyKey: string | undefined,
): Promise<Answer> {
  const key = idempotencyKey?.trim();
  if (!key || !IDEMPOTENCY_KEY.test(key)) throw badRequest(M.idempotencyKeyMissing);
  const scope = `makePayment:${scopeAccounts(user).sort().join(',')}`;
  const hash = requestHash(body);
  for (let waited = 0; ; waited += 100) {
    const claim = await claimKey<Answer['body']>(deps.db, scope, key, hash);
    if (claim.kind === 'replay') return { statusCode: claim.statusCode, body: claim.response };
    if (claim.kind === 'conflict') throw unprocessable(M.idempotencyKeyReused);
    if (claim.kind === 'claimed') break;
    if (waited >= 20_000) throw new AppError('in_progress', 409, M.idempotencyInProgress);
    await new Promise((r) => setTimeout(r, 100));
  }
  let answer: Answer;
  let stored = false;
  try {
    answer = {
      statusCode: 200,
      body: await makePayment(deps, user, body, key, (response) => {
        stored = true;
        return finishKeyQuery(scope, key, 200, response);
      }),
    };
  } catch (err) {
    if (!(err instanceof AppError) || err.status >= 500) {
      // nothing was charged and kept (a charge whose recording failed is voided): a retry may run again
      await releaseKey(deps.db, scope, key).catch(() => {});
      throw err;
    }
    answer = {
      statusCode: err.status,
      body: { message: err.message, ...(err.fields ? { errors: err.fields } : {}) },
    };
  }
  if (!stored) await finishKey(deps.db, scope, key, answer.statusCode, answer.body);
  return answer;
}

async function makePayment(
  deps: PaymentDeps,
  user: SessionUser,
  body: Body,
  key: string,
  /**
   * The statement that stores a successful payment's answer (its JSON given as SQL), run in the statement that
   * applies the payment to the invoice: the answer is kept with the payment, in one commit and no round trip of
   * its own.
   */
  recordAnswer?: (response: SQL) => SQL,
): Promise<MakePaymentResponse> {
  const { db } = deps;
  const acctnums = scopeAccounts(user, body.Acctnum);

  // 1. Check and reserve: the invoice is locked, the amount fits the balance less payments still running.
  const reserved = await db.transaction((tx) =>
    reservePayment(tx, deps.gateway.name, user, body, key, acctnums),
  );

  // 2. Charge, outside any transaction (the gateway is another system).
  const charge = await chargeReserved(deps, reserved);

  if (!charge.ok) return recordDecline(db, reserved, charge);

  // 3. Record: payment row, invoice balance, paystatus and the invoice's Payments row together — or void.
  const at = new Date();
  const applied = await recordPaymentOrVoid(deps, reserved, charge, at, recordAnswer);

  await sendReceipt(deps, user, {
    invnum: reserved.invoice.invnum,
    amount: reserved.amount,
    balance: applied.balance,
    cardType: charge.cardType,
    lastFour: charge.lastFour,
    transactionId: charge.transactionId,
    at,
  });
  return succeeded(reserved.paymentId, applied);
}

/** A payment reserved under the invoice's lock: its pending row, the amount and the card to charge. */
interface ReservedPayment {
  paymentId: number;
  reference: string;
  amount: string;
  source: ChargeSource;
  invoice: PayableInvoice;
}

/**
 * Step 1, in the caller's transaction: locks the invoice, checks the amount and the method, and inserts the
 * pending payment row when the amount fits the balance less what running payments hold.
 */
async function reservePayment(
  tx: Tx,
  gatewayName: string,
  user: SessionUser,
  body: Body,
  key: string,
  acctnums: string[],
): Promise<ReservedPayment> {
  const [invoice] = await lockInvoicesForPayment(tx, [body.Invnum], acctnums);
  if (!invoice) throw notFound(M.invoiceNotFound);
  if (!payButton(invoice.paystatus, invoice.balance).enabled) throw unprocessable(M.notPayable);
  // The amount against the balance (what running payments hold is checked below, with the insert), then
  // the method — the order the messages come in.
  const tooHigh = () =>
    unprocessable(M.amountTooHigh(invoice.balance), { amount: M.amountTooHigh(invoice.balance) });
  const amount = acceptablePaymentAmount(body.amount, invoice.balance);
  if (!amount) {
    // the screen's reason: too many decimals is not a balance problem (issue 31)
    const refusal = paymentAmountRefusal(body.amount, invoice.balance);
    throw unprocessable(refusal, { amount: refusal });
  }
  const { method, single } = paymentMethod(body, invoice.acctnum);
  // One statement after the lock (so it sees payments committed while we waited for it): what payments still
  // running hold of the balance, the saved card, and — when the amount fits the balance less what they hold
  // and the card exists — the payment row with its gateway reference (the id drawn first, the reference made
  // from it).
  const [row] = await queryRows<{
    running: string;
    method: { gateway_token: string | null; last_four: string | null; type: string | null } | null;
    id: number | null;
  }>(
    tx,
    sql`with held as (
        select coalesce(sum(${payments.amount}), 0) as running from ${payments}
        where ${payments.invnum} = ${invoice.invnum} and ${payments.status} = 'pending'
          -- a payment left pending by a crashed process stops holding the balance after 10 minutes
          and ${payments.createdAt} > now() - interval '10 minutes'),
      method as (${method}),
      created as (
        insert into ${payments} (id, acctnum, invnum, user_id, amount, status, gateway, last_four, card_type,
          idempotency_key, reference)
        select n.id, ${invoice.acctnum}, ${invoice.invnum}::int, ${user.id}::int, ${amount}::numeric,
          'pending', ${gatewayName}, m.last_four, m.type, ${key}, 'payment-' || n.id
        from held h, method m, (select nextval(pg_get_serial_sequence('payments', 'id'))::int as id) n
        where ${invoice.balance}::numeric - h.running >= ${amount}::numeric
        returning id)
      select h.running::text as running, (select row_to_json(m) from method m) as method,
        (select id from created) as id
      from held h`,
  );
  if (!row?.id) {
    const available = money(invoice.balance).minus(money(row?.running ?? '0'));
    if (available.lt(amount)) throw tooHigh();
    throw notFound(M.billingMethodNotFound);
  }
  const source: ChargeSource =
    single !== null
      ? { kind: 'single-use', token: single }
      : { kind: 'vaulted', token: row.method?.gateway_token ?? '' };
  const reference = `payment-${row.id}`;
  return { paymentId: row.id, reference, amount, source, invoice };
}

/**
 * The chosen method, checked: a saved card of the invoice's account (the query that reads it), or a card typed
 * in the hosted field (its details checked, its single-use token kept).
 */
function paymentMethod(body: Body, acctnum: string): { method: SQL; single: string | null } {
  if (body.accountBillId === null || body.accountBillId === undefined)
    throw unprocessable(M.chooseMethod, { accountBillId: M.chooseMethod });
  let method: SQL;
  let single: string | null = null;
  if (body.accountBillId === 'manual') {
    const problem = manualCardProblem({
      billing_name: body.billing_name ?? '',
      billing_address: body.billing_address ?? '',
      billing_city: body.billing_city ?? '',
      billing_state: body.billing_state ?? '',
      billing_postal: body.billing_postal ?? '',
      expmonth: body.expmonth,
      expyear: body.expyear,
      cvvPresent: true, // typed in the hosted field; the gateway checks it
    });
    if (problem) throw unprocessable(problem);
    if (!body.token?.trim()) throw unprocessable(M.checkCardNumber, { token: M.checkCardNumber });
    single = body.token.trim();
    method = sql`select null::text as gateway_token, ${body.last_four ?? null}::text as last_four,
      ${body.type ?? null}::text as type`;
  } else {
    method = sql`select b.gateway_token, b.last_four, b.type from ${billingMethods} b
      where b.id = ${body.accountBillId} and b.acctnum = ${acctnum} and b.deleted_at is null limit 1`;
  }
  return { method, single };
}

/**
 * Step 2: the charge. When the gateway cannot be reached, a charge it made anyway is found by its reference;
 * else the payment is marked failed and nothing was charged (502).
 */
async function chargeReserved(deps: PaymentDeps, reserved: ReservedPayment): Promise<ChargeResult> {
  const { db, gateway } = deps;
  let charge: ChargeResult;
  try {
    charge = await gateway.charge({
      source: reserved.source,
      amount: reserved.amount,
      reference: reserved.reference,
    });
  } catch (err) {
    const found = await gateway.findCharge(reserved.reference).catch(() => null);
    if (!found) {
      await markFailed(db, reserved.paymentId, 'The card gateway could not be reached.');
      deps.log.warn({ paymentId: reserved.paymentId, err }, 'card gateway call failed');
      throw new AppError(
        'gateway_unavailable',
        502,
        'The card gateway could not be reached. Nothing was charged; please try again.',
      );
    }
    charge = found;
  }
  return charge;
}

/** A declined charge: the payment is marked failed and the invoice is left as it was. */
async function recordDecline(
  db: Db,
  reserved: ReservedPayment,
  charge: Extract<ChargeResult, { ok: false }>,
): Promise<MakePaymentResponse> {
  await db
    .update(payments)
    .set({
      status: 'failed',
      message: charge.message,
      gatewayTransactionId: charge.transactionId,
      lastFour: charge.lastFour ?? undefined,
      cardType: charge.cardType ?? undefined,
      updatedAt: new Date(),
    })
    .where(eq(payments.id, reserved.paymentId));
  return {
    success: false,
    paymentSuccess: false,
    msg: charge.message,
    paymentId: reserved.paymentId,
    balance: reserved.invoice.balance,
    paystatus: reserved.invoice.paystatus,
  };
}

/**
 * Step 3: the approved charge recorded in one transaction (the invoice's balance and paystatus it leaves);
 * when that fails, the charge is voided and the payment marked voided (500).
 */
async function recordPaymentOrVoid(
  deps: PaymentDeps,
  reserved: ReservedPayment,
  charge: Extract<ChargeResult, { ok: true }>,
  at: Date,
  recordAnswer: ((response: SQL) => SQL) | undefined,
): Promise<{ balance: string; paystatus: number }> {
  const { db, gateway } = deps;
  try {
    await deps.faults?.beforeRecord?.(reserved.paymentId);
    return await db.transaction((tx) => recordPayment(tx, reserved, charge, at, recordAnswer));
  } catch (err) {
    deps.log.error({ paymentId: reserved.paymentId, err }, 'recording a payment failed: voiding the charge');
    await gateway
      .void(charge.transactionId)
      .catch((voidErr) =>
        deps.log.error({ paymentId: reserved.paymentId, err: voidErr }, 'voiding the charge failed'),
      );
    await markFailed(db, reserved.paymentId, 'Voided: the payment could not be recorded.', 'voided').catch(
      () => {},
    );
    throw new AppError('record_failed', 500, M.recordFailed);
  }
}

/** In the caller's transaction: the payment recorded and applied to the invoice (with its kept answer). */
async function recordPayment(
  tx: Tx,
  reserved: ReservedPayment,
  charge: Extract<ChargeResult, { ok: true }>,
  at: Date,
  recordAnswer: ((response: SQL) => SQL) | undefined,
): Promise<{ balance: string; paystatus: number }> {
  // The invoice's lock, then the payment recorded — one statement, the lock taken first (the payment's
  // row is only touched once the invoice is ours, the order the sweep and the batch job lock in too).
  // Only a payment still pending is recorded here: the reconciliation sweep (a process that died
  // mid-payment) may have recorded this charge already, and it must count once.
  const [locked] = await queryRows<{ invoice: PayableInvoice | null; recorded: number | null }>(
    tx,
    sql`with inv as (${lockInvoiceForPaymentQuery(reserved.invoice.invnum, reserved.invoice.acctnum)}),
      rec as (
        update ${payments} set status = 'succeeded', gateway_transaction_id = ${charge.transactionId},
          last_four = ${charge.lastFour}, card_type = ${charge.cardType}, message = ${charge.message},
          updated_at = ${at.toISOString()}::timestamptz
        where id = ${reserved.paymentId} and status = 'pending' and exists (select 1 from inv)
        returning id)
      select (select row_to_json(i) from inv i) as invoice, (select id from rec) as recorded`,
  );
  const invoice = locked?.invoice;
  if (!locked?.recorded) {
    // read afresh (a statement of its own): what the sweep made of it while we waited for the lock
    const [now] = await tx
      .select({ status: payments.status })
      .from(payments)
      .where(eq(payments.id, reserved.paymentId));
    if (now?.status === 'succeeded' && invoice)
      return { balance: invoice.balance, paystatus: invoice.paystatus };
    throw new Error(`payment ${reserved.paymentId} was settled as ${now?.status} meanwhile`);
  }
  // the answer kept under the Idempotency-Key with the payment itself: the answer below, with the balance and
  // paystatus the statement leaves the invoice with
  const answer = succeeded(reserved.paymentId, { balance: '', paystatus: 0 });
  return applyInvoicePayment(
    tx,
    { invnum: reserved.invoice.invnum, amount: reserved.amount, paymentId: reserved.paymentId, at },
    recordAnswer &&
      ((applied) =>
        recordAnswer(
          sql`${JSON.stringify(answer)}::jsonb || jsonb_build_object('balance', ${applied.balance}, 'paystatus', ${applied.paystatus})`,
        )),
  );
}

const succeeded = (
  paymentId: number,
  applied: { balance: string; paystatus: number },
): MakePaymentResponse => ({
  success: true,
  paymentSuccess: true,
  msg: M.paymentCompleted,
  paymentId,
  balance: applied.balance,
  paystatus: applied.paystatus,
});

async function markFailed(db: Db, paymentId: number, message: string, status = 'failed') {
  await db.update(payments).set({ status, message, updatedAt: new Date() }).where(eq(payments.id, paymentId));
}

/** The receipt e-mail: what was paid and with which card (brand and last four only). A failed send is logged. */
export async function sendReceipt(
  deps: Pick<PaymentDeps, 'mailer' | 'log' | 'companyName'>,
  user: SessionUser,
  r: {
    invnum: number;
    amount: string;
    balance: string;
    cardType: string;
    lastFour: string;
    transactionId: string;
    at: Date;
  },
) {
  if (!user.email) return;
  const text = [
    `Thank you for your payment to ${deps.companyName}.`,
    '',
    `Invoice: ${r.invnum}`,
    `Amount paid: $${formatMoney(r.amount)}`,
    `Card: ${r.cardType} ending in ${r.lastFour}`,
    `Transaction: ${r.transactionId}`,
    `Date: ${r.at.toISOString().slice(0, 10)}`,
    `Balance remaining: $${formatMoney(r.balance)}`,
  ].join('\n');
  try {
    await deps.mailer.send({ to: user.email, subject: `Payment received for invoice ${r.invnum}`, text });
  } catch (err) {
    deps.log.warn({ invnum: r.invnum, err: (err as Error).message }, 'payment receipt e-mail failed');
  }
}
