// How the invoices of the demo history were paid: each invoice's payment state and payments, the account's
// stored cards, the card payments the shop recorded (one processed payment batch among them), the ERP's payment
// lines, and the credits. The parts run in this order, since they draw from one random stream.
import { createHash } from 'node:crypto';
import { DEMO_ACCOUNTS } from './accounts.ts';
import { DAY, type DraftInvoice, type HistoryContext } from './history-drafts.ts';
import { CARDS, type Plan } from './history-plans.ts';
import { cents, divRound } from './money.ts';
import type { Rng } from './random.ts';

type Card = (typeof CARDS)[string][number];

/** A processed payment batch: the invoices it paid (ok) and those the card was declined for. */
interface Batch {
  id: number;
  date: Date;
  members: { inv: DraftInvoice; ok: boolean }[];
}

/** Payment state of every invoice of a plan, the payment batch, cards and on-account credits. */
export function settle(ctx: HistoryContext, plan: Plan) {
  const acct = plan.acct;
  const invs = ctx.drafts
    .filter((o) => o.acct === acct)
    .flatMap((o) => o.invoices)
    .filter((i) => !i.memo)
    .sort((a, b) => a.date.getTime() - b.date.getTime());
  for (const inv of invs) payInvoice(ctx, plan, inv);

  const userId = ctx.userIds.get(acct) ?? null;
  storeCards(ctx, acct);
  const card = (CARDS[acct] ?? [])[0];

  // Card payments become payment rows; one processed batch paid some invoices together.
  const batch = card ? paymentBatch(ctx, plan, invs) : undefined;
  recordPayments(ctx, acct, invs, { batch, card, userId });
  if (batch && card) recordBatch(ctx, acct, batch, { card, userId });
  recordCredits(ctx, plan);
}

/** Whether an invoice is open (0), paid (1) or part-paid (3), by the plan and its age. */
function paymentStatus(rng: Rng, plan: Plan, age: number): 0 | 1 | 3 {
  if (plan.mode === 'allPaid') return 1;
  if (plan.mode === 'overdue') return age > 45 && rng.chance(0.4) ? 1 : 0;
  if (age > 45)
    return rng.weighted([
      [1, 90],
      [3, 5],
      [0, 5],
    ] as const);
  if (age > 25)
    return rng.weighted([
      [1, 50],
      [3, 10],
      [0, 40],
    ] as const);
  return rng.weighted([
    [1, 15],
    [0, 85],
  ] as const);
}

/** An invoice's payment state and its payments: whole, in two parts, or a part of it. */
function payInvoice(ctx: HistoryContext, plan: Plan, inv: DraftInvoice) {
  const rng = ctx.rng;
  const age = ctx.daysAgo(inv.date);
  let status = paymentStatus(rng, plan, age);
  if (inv.invamt <= 0) status = 1;
  inv.paystatus = status;
  const payDay = () => {
    const after = Math.min(rng.int(8, 35), Math.max(0, age - 1));
    return ctx.at(age - after);
  };
  if (status === 1 && inv.invamt > 0) {
    if (rng.chance(0.1) && inv.invamt > 2000) {
      const first = divRound(inv.invamt, 200) * 100; // about half, in whole dollars
      inv.payments.push({ date: payDay(), amount: first, card: false });
      inv.payments.push({ date: payDay(), amount: inv.invamt - first, card: rng.chance(plan.cardShare) });
      inv.payments.sort((a, b) => a.date.getTime() - b.date.getTime());
    } else {
      inv.payments.push({ date: payDay(), amount: inv.invamt, card: rng.chance(plan.cardShare) });
    }
  } else if (status === 3) {
    let part = Math.floor((inv.invamt * (0.3 + rng.next() * 0.4)) / 100) * 100;
    if (part <= 0 || part >= inv.invamt) part = Math.floor(inv.invamt / 2);
    if (part <= 0) inv.paystatus = 0;
    else inv.payments.push({ date: payDay(), amount: part, card: rng.chance(plan.cardShare) });
  }
}

/** The account's stored cards, vaulted with the sandbox gateway. */
function storeCards(ctx: HistoryContext, acct: string) {
  const account = DEMO_ACCOUNTS.find((a) => a.acctnum === acct)!;
  for (const card of CARDS[acct] ?? []) {
    const year = new Date(ctx.today).getUTCFullYear() + card.exp[1];
    ctx.out.billingMethods.push({
      id: card.id,
      acctnum: acct,
      name: card.name,
      lastFour: card.lastFour,
      expmonth: card.exp[0],
      expyear: year,
      type: card.type,
      isDefault: card === CARDS[acct][0],
      billingName: account.contact ?? account.company,
      billingAddress: account.address1 ?? '',
      billingCity: account.city ?? '',
      billingState: account.state ?? '',
      billingPostal: account.zip ?? '',
      // an opaque vaulted-card token of the sandbox gateway (seeded into its vault beside this row)
      gatewayToken: `sbxv_${createHash('sha256').update(`demo:${acct}:${card.id}`).digest('base64url').slice(0, 24)}`,
      createdAt: new Date(ctx.today - 400 * DAY),
    });
  }
}

/**
 * The plan's processed payment batch, if it has one: the last two invoices paid in one payment in the weeks
 * before it (now paid by the batch) and the open ones it was declined for.
 */
function paymentBatch(ctx: HistoryContext, plan: Plan, invs: DraftInvoice[]): Batch | undefined {
  const batchDaysAgo = plan.batchDaysAgo;
  if (batchDaysAgo === undefined) return undefined;
  const date = ctx.at(batchDaysAgo);
  const paid = invs.filter(
    (i) =>
      i.paystatus === 1 &&
      i.payments.length === 1 &&
      ctx.daysAgo(i.date) > batchDaysAgo + 3 &&
      ctx.daysAgo(i.date) < batchDaysAgo + 60,
  );
  const unpaid = invs.filter((i) => i.paystatus === 0 && ctx.daysAgo(i.date) > batchDaysAgo + 1);
  const members = [
    ...paid.slice(-2).map((inv) => ({ inv, ok: true })),
    ...unpaid.slice(plan.acct === '10001' ? -1 : unpaid.length).map((inv) => ({ inv, ok: false })),
  ];
  if (members.length === 0) return undefined;
  for (const m of members.filter((x) => x.ok)) m.inv.payments = [{ date, amount: m.inv.invamt, card: true }];
  return { id: ctx.out.paymentBatches.length + 1, date, members };
}

/** The shop's record of each card payment, and the ERP's payment line of every payment. */
function recordPayments(
  ctx: HistoryContext,
  acct: string,
  invs: DraftInvoice[],
  by: { batch: Batch | undefined; card: Card | undefined; userId: number | null },
) {
  const { batch, card, userId } = by;
  for (const inv of invs) {
    const member = batch?.members.find((m) => m.inv === inv);
    inv.payments.forEach((pay, k) => {
      // the shop's own record of a card payment; the ERP's payment line below records it on the invoice
      if (pay.card && card) {
        ctx.out.payments.push({
          id: ctx.out.payments.length + 1,
          acctnum: acct,
          invnum: inv.invnum!,
          userId,
          amount: cents(pay.amount),
          status: 'succeeded',
          gateway: 'sandbox',
          gatewayTransactionId: `sbx_${inv.invnum}_${k + 1}`,
          lastFour: card.lastFour,
          cardType: card.type,
          message: 'Approved',
          batchId: member ? batch!.id : null,
          createdAt: pay.date,
          updatedAt: pay.date,
        });
      }
      ctx.out.erp.payments.push({
        invnum: inv.invnum!,
        seqnum: k + 1,
        tran_date: pay.date.toISOString(),
        amount: cents(pay.amount),
      });
    });
  }
}

/** The batch, its lines, and a failed card payment for each invoice it was declined for. */
function recordBatch(
  ctx: HistoryContext,
  acct: string,
  batch: Batch,
  by: { card: Card; userId: number | null },
) {
  const { card, userId } = by;
  const out = ctx.out;
  let total = 0;
  for (const m of batch.members) {
    total += m.inv.invamt;
    let paymentId: number | null;
    if (m.ok) {
      paymentId = out.payments.find((p) => p.invnum === m.inv.invnum && p.batchId === batch.id)?.id ?? null;
    } else {
      paymentId = out.payments.length + 1;
      out.payments.push({
        id: paymentId,
        acctnum: acct,
        invnum: m.inv.invnum!,
        userId,
        amount: cents(m.inv.invamt),
        status: 'failed',
        gateway: 'sandbox',
        gatewayTransactionId: `sbx_${m.inv.invnum}_declined`,
        lastFour: card.lastFour,
        cardType: card.type,
        message: 'Declined: do not honor',
        batchId: batch.id,
        createdAt: batch.date,
        updatedAt: batch.date,
      });
    }
    const processed = new Date(batch.date.getTime() + 3_600_000);
    out.batchPayments.push({
      id: out.batchPayments.length + 1,
      paymentBatchId: batch.id,
      invoiceId: m.inv.invnum!,
      acctnum: acct,
      amount: cents(m.inv.invamt),
      status: m.ok ? 'Approved' : 'Declined',
      paymentStatusId: m.ok ? 2 : 3,
      paymentId,
      createdAt: batch.date,
      updatedAt: processed,
    });
  }
  out.paymentBatches.push({
    id: batch.id,
    acctnum: acct,
    userId,
    billingMethodId: card.id,
    total: cents(total),
    createdAt: batch.date,
    processedAt: new Date(batch.date.getTime() + 3_600_000),
  });
}

/** Credit memos stay open as credits; 5000… numbers are on-account credits without an invoice. */
function recordCredits(ctx: HistoryContext, plan: Plan) {
  const acct = plan.acct;
  const memos = ctx.drafts.filter((o) => o.acct === acct).flatMap((o) => o.invoices.filter((i) => i.memo));
  memos.forEach((m, k) => {
    const applied = k === 0 && memos.length > 1 ? m.invamt : 0; // the oldest was used against an invoice
    // the ERP sends a credit's size and the part used as amounts of 0 or more
    ctx.out.erp.credits.push({
      invnum: m.invnum!,
      acctnum: acct,
      tran_date: m.date.toISOString(),
      invamt: cents(-m.invamt),
      payamt: cents(-applied),
    });
  });
  for (const [invnum, amount, daysAgo] of plan.onAccountCredits) {
    ctx.out.erp.credits.push({
      invnum,
      acctnum: acct,
      tran_date: ctx.at(daysAgo).toISOString(),
      invamt: cents(-amount),
      payamt: cents(0),
    });
  }
}
