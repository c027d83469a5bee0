import { randomBytes } from 'node:crypto';
import { cardTypeOf, luhnValid } from '@mitrebox/domain';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../db.ts';
import type {
  ChargeRequest,
  ChargeResult,
  GatewayActionResult,
  PaymentGateway,
  VaultResult,
} from './gateway.ts';
import { sandboxTokens, sandboxTransactions } from './sandbox.tables.ts';

/**
 * The built-in sandbox gateway: behaves like a real gateway's sandbox, keeps its state in the database (so
 * several API processes agree) and never stores a card number.
 *  - 4111111111111111 (and any other valid number) approves; 4000111111111115 fails verification;
 *    5105105105105100 declines; amounts 2000.00–2999.99 decline with that processor code.
 *  - hosted-field tokens are single-use and expire; vaulted-card tokens are opaque random strings.
 */
export const SANDBOX_FIELDS_PATH = '/sandbox-gateway/card-fields';
export const SANDBOX_TOKENIZE_PATH = '/sandbox-gateway/tokenize';
export const SANDBOX_TOKEN_TTL_MS = 10 * 60_000;
/** An approved sandbox charge settles this long after it is made (voidable before, refundable after). */
export const SANDBOX_SETTLE_AFTER_MS = 30 * 60_000;

const VERIFY_FAIL = '4000111111111115';
const DECLINE = '5105105105105100';

/** Processor response texts of the 2000–2999 range (the rest read 'Processor Declined'). */
const PROCESSOR_TEXT: Record<number, string> = {
  2000: 'Do Not Honor',
  2001: 'Insufficient Funds',
  2002: 'Limit Exceeded',
  2003: 'Cardholder\u2019s Activity Limit Exceeded',
  2004: 'Expired Card',
  2005: 'Invalid Credit Card Number',
  2006: 'Invalid Expiration Date',
  2007: 'No Account',
  2010: 'Card Issuer Declined CVV',
  2015: 'Transaction Not Allowed',
  2046: 'Declined',
};

export const processorDecline = (code: number) => ({
  code: String(code),
  message: `${PROCESSOR_TEXT[code] ?? 'Processor Declined'} (${code})`,
});

/** A transaction row as row_to_json writes it. */
interface TransactionJson {
  id: string;
  status: string;
  processor_code: string;
  message: string;
  last_four: string;
  card_type: string;
}

const fromJson = (t: TransactionJson) => ({
  id: t.id,
  status: t.status,
  processorCode: t.processor_code,
  message: t.message,
  lastFour: t.last_four,
  cardType: t.card_type,
});

const randomId = (prefix: string) => `${prefix}${randomBytes(18).toString('base64url')}`;

export type TokenizeInput = { number: string; cvv: string; expmonth: number; expyear: number };
export type TokenizeResult =
  | { ok: true; token: string; lastFour: string; cardType: string }
  | { ok: false; field: 'number' | 'cvv' | 'expiry'; message: string };

export interface SandboxGateway extends PaymentGateway {
  /** The hosted card field's call: number and CVV in, single-use token out. Nothing of the card is kept. */
  tokenize(input: TokenizeInput, now?: Date): Promise<TokenizeResult>;
}

export function createSandboxGateway(opts: {
  db: Db;
  tokenTtlMs?: number;
  /** Where the hosted card-field page is for a shop page at shopOrigin (its own listener; null until it listens). */
  fieldsOrigin?: (shopOrigin: string) => string | null;
}): SandboxGateway {
  const { db } = opts;
  const ttl = opts.tokenTtlMs ?? SANDBOX_TOKEN_TTL_MS;

  return {
    name: 'sandbox',

    async clientConfig(shopOrigin) {
      const fieldsOrigin = opts.fieldsOrigin?.(shopOrigin) ?? null;
      return {
        gateway: 'sandbox',
        clientToken: null,
        fieldsUrl: fieldsOrigin ? `${fieldsOrigin}${SANDBOX_FIELDS_PATH}` : null,
        fieldsOrigin,
      };
    },

    tokenize: (input, now = new Date()) => tokenize(db, ttl, input, now),
    vault: (input) => vault(db, input),

    async deleteVaulted(token) {
      await db
        .update(sandboxTokens)
        .set({ deletedAt: sql`now()` })
        .where(and(eq(sandboxTokens.token, token), eq(sandboxTokens.kind, 'vault')));
    },

    charge: (request) => charge(db, request),
    findCharge: (reference) => findCharge(db, reference),
    void: (transactionId) => voidTransaction(db, transactionId),
    refund: (transactionId, amount) => refund(db, transactionId, amount),
  };
}

/** A single-use token consumed (unused, unexpired), or a vaulted card not deleted. */
async function resolveSource(db: Db, kind: 'single-use' | 'vaulted', token: string) {
  if (kind === 'single-use') {
    const [row] = await db
      .update(sandboxTokens)
      .set({ usedAt: sql`now()` })
      .where(
        and(
          eq(sandboxTokens.token, token),
          eq(sandboxTokens.kind, 'single'),
          isNull(sandboxTokens.usedAt),
          gt(sandboxTokens.expiresAt, sql`now()`),
        ),
      )
      .returning();
    return row;
  }
  const [row] = await db
    .select()
    .from(sandboxTokens)
    .where(
      and(eq(sandboxTokens.token, token), eq(sandboxTokens.kind, 'vault'), isNull(sandboxTokens.deletedAt)),
    )
    .limit(1);
  return row;
}

const invalidToken = (kind: 'single-use' | 'vaulted') => ({
  code: 'invalid_token',
  message:
    kind === 'single-use'
      ? 'The card details have expired or were already used. Please enter the card again.'
      : 'The saved card is no longer valid. Please choose another card.',
});

const toResult = (
  t: Pick<
    typeof sandboxTransactions.$inferSelect,
    'id' | 'status' | 'processorCode' | 'message' | 'lastFour' | 'cardType'
  >,
): ChargeResult =>
  t.status === 'declined'
    ? {
        ok: false,
        transactionId: t.id,
        code: t.processorCode,
        message: t.message,
        lastFour: t.lastFour,
        cardType: t.cardType,
      }
    : { ok: true, transactionId: t.id, lastFour: t.lastFour, cardType: t.cardType, message: t.message };

async function findCharge(db: Db, reference: string) {
  const [t] = await db
    .select()
    .from(sandboxTransactions)
    .where(eq(sandboxTransactions.reference, reference))
    .limit(1);
  return t ? toResult(t) : null;
}

/** The hosted card field's call: the number, CVV and expiry checked, a single-use token kept for ttl. */
async function tokenize(db: Db, ttl: number, input: TokenizeInput, now: Date): Promise<TokenizeResult> {
  const number = input.number.replace(/[\s-]/g, '');
  if (!/^\d{13,19}$/.test(number) || !luhnValid(number))
    return { ok: false, field: 'number', message: 'Check Credit Card Number' };
  const type = cardTypeOf(number);
  const cvvLength = type === 'American Express' ? 4 : 3;
  if (!new RegExp(`^\\d{${cvvLength}}$`).test(input.cvv))
    return { ok: false, field: 'cvv', message: `The CVV has ${cvvLength} digits.` };
  if (
    !Number.isInteger(input.expmonth) ||
    input.expmonth < 1 ||
    input.expmonth > 12 ||
    !Number.isInteger(input.expyear) ||
    input.expyear * 12 + input.expmonth < now.getFullYear() * 12 + now.getMonth() + 1
  )
    return { ok: false, field: 'expiry', message: 'The card has expired.' };
  const token = randomId('sbxn_');
  await db.insert(sandboxTokens).values({
    token,
    kind: 'single',
    lastFour: number.slice(-4),
    cardType: type,
    expmonth: input.expmonth,
    expyear: input.expyear,
    outcome: number === VERIFY_FAIL ? 'verify_fail' : number === DECLINE ? 'decline' : 'approve',
    expiresAt: new Date(now.getTime() + ttl),
  });
  return { ok: true, token, lastFour: number.slice(-4), cardType: type };
}

/** A single-use token's card kept in the vault under a new opaque token (refused when it fails verification). */
async function vault(
  db: Db,
  { customerId, singleUseToken }: Parameters<PaymentGateway['vault']>[0],
): Promise<VaultResult> {
  const card = await resolveSource(db, 'single-use', singleUseToken);
  if (!card) return { ok: false, ...invalidToken('single-use') };
  if (card.outcome === 'verify_fail')
    return { ok: false, code: 'verification_failed', message: 'Card verification failed (Do Not Honor)' };
  const token = randomId('sbxv_');
  await db.insert(sandboxTokens).values({
    token,
    kind: 'vault',
    customerId,
    lastFour: card.lastFour,
    cardType: card.cardType,
    expmonth: card.expmonth,
    expyear: card.expyear,
    outcome: card.outcome,
  });
  return {
    ok: true,
    token,
    lastFour: card.lastFour,
    cardType: card.cardType,
    expmonth: card.expmonth,
    expyear: card.expyear,
  };
}

// One statement (one round trip, one pooled connection): an earlier charge of the reference is answered
// as it was; else the card is resolved (a single-use token consumed) and the charge written — its outcome
// chosen by the card's test outcome from the three the amount allows.
async function charge(db: Db, { source, amount, reference }: ChargeRequest): Promise<ChargeResult> {
  const cents = Math.round(Number(amount) * 100);
  const approve =
    cents >= 200_000 && cents <= 299_999
      ? { status: 'declined', ...processorDecline(Math.floor(cents / 100)) }
      : { status: 'settled', code: '1000', message: 'Approved' };
  const decline = processorDecline(2000);
  const card =
    source.kind === 'single-use'
      ? sql`update ${sandboxTokens} set used_at = now()
          where token = ${source.token} and kind = 'single' and used_at is null and expires_at > now()
            and not exists (select 1 from earlier)
          returning last_four, card_type, outcome`
      : sql`select last_four, card_type, outcome from ${sandboxTokens}
          where token = ${source.token} and kind = 'vault' and deleted_at is null
            and not exists (select 1 from earlier)
          limit 1`;
  const [row] = await queryRows<{
    earlier: TransactionJson | null;
    inserted: TransactionJson | null;
    cards: number;
  }>(
    db,
    sql`with earlier as (select * from ${sandboxTransactions} where reference = ${reference} limit 1),
      card as (${card}),
      outcome as (
        select c.*, case c.outcome when 'approve' then ${approve.status} else 'declined' end as status,
          case c.outcome when 'verify_fail' then 'verification_failed' when 'decline' then ${decline.code}
            else ${approve.code} end as code,
          case c.outcome when 'verify_fail' then 'Card verification failed (Do Not Honor)'
            when 'decline' then ${decline.message} else ${approve.message} end as message
        from card c),
      ins as (
        insert into ${sandboxTransactions} (id, reference, amount, status, processor_code, message, last_four,
          card_type, settles_at)
        select ${randomId('sbxt_')}, ${reference}, ${amount}::numeric, o.status, o.code, o.message, o.last_four,
          o.card_type,
          case when o.status = 'settled' then now() + make_interval(secs => ${SANDBOX_SETTLE_AFTER_MS / 1000})
          end
        from outcome o
        on conflict (reference) do nothing
        returning *)
    select (select row_to_json(e) from earlier e) as earlier, (select row_to_json(i) from ins i) as inserted,
      (select count(*) from card)::int as cards`,
  );
  const found = row?.earlier ?? row?.inserted;
  if (found) return toResult(fromJson(found));
  if (!row?.cards) return { ok: false, transactionId: null, ...invalidToken(source.kind) };
  // another request charged the reference at the same moment: its charge is the answer
  return (await findCharge(db, reference)) as ChargeResult;
}

// Braintree's answers and codes: void only before settlement (91504), refund only after (91506), never
// above what is left of the charge (91521).
async function voidTransaction(db: Db, transactionId: string): Promise<GatewayActionResult> {
  const [t] = await db
    .update(sandboxTransactions)
    .set({ status: 'voided' })
    .where(
      and(
        eq(sandboxTransactions.id, transactionId),
        eq(sandboxTransactions.status, 'settled'),
        gt(sandboxTransactions.settlesAt, sql`now()`),
      ),
    )
    .returning({ id: sandboxTransactions.id });
  if (t) return { ok: true, transactionId: t.id };
  return {
    ok: false,
    code: '91504',
    message: 'Transaction can only be voided if status is authorized or submitted_for_settlement.',
  };
}

async function refund(db: Db, transactionId: string, amount?: string): Promise<GatewayActionResult> {
  const [t] = await db
    .select()
    .from(sandboxTransactions)
    .where(eq(sandboxTransactions.id, transactionId))
    .limit(1);
  if (!t || t.status === 'declined' || t.status === 'voided')
    return { ok: false, code: '91506', message: 'Cannot refund a transaction unless it is settled.' };
  const left = Math.round(Number(t.amount) * 100) - Math.round(Number(t.refunded) * 100);
  const cents = amount === undefined ? left : Math.round(Number(amount) * 100);
  if (!(cents > 0) || cents > left)
    return { ok: false, code: '91521', message: 'Refund amount is too large.' };
  const share = (cents / 100).toFixed(2);
  // settled, and still has what is asked: one atomic step (two refunds at once cannot both take the rest)
  const [done] = await db
    .update(sandboxTransactions)
    .set({
      refunded: sql`${sandboxTransactions.refunded} + ${share}::numeric`,
      status: sql`case when ${sandboxTransactions.refunded} + ${share}::numeric >= ${sandboxTransactions.amount} then 'refunded' else ${sandboxTransactions.status} end`,
    })
    .where(
      and(
        eq(sandboxTransactions.id, transactionId),
        eq(sandboxTransactions.status, 'settled'),
        sql`${sandboxTransactions.settlesAt} <= now()`,
        sql`${sandboxTransactions.refunded} + ${share}::numeric <= ${sandboxTransactions.amount}`,
      ),
    )
    .returning({ id: sandboxTransactions.id });
  if (!done) {
    const settled = t.settlesAt !== null && t.settlesAt.getTime() <= Date.now();
    return settled
      ? { ok: false, code: '91521', message: 'Refund amount is too large.' }
      : { ok: false, code: '91506', message: 'Cannot refund a transaction unless it is settled.' };
  }
  const id = randomId('sbxr_');
  await db.insert(sandboxTransactions).values({
    id,
    reference: null,
    amount: share,
    status: 'refund',
    processorCode: '1000',
    message: `Refund of ${transactionId}`,
    lastFour: t.lastFour,
    cardType: t.cardType,
  });
  return { ok: true, transactionId: id };
}
