import type {
  CreateBillingMethodRequest,
  SessionUser,
  UpdateBillingMethodRequest,
} from '@mitrebox/api-contract';
import {
  BILLING_ADD_REQUIRED,
  BILLING_EDIT_REQUIRED,
  expiryValid,
  isUsState,
  paymentMessages as M,
  missingFields,
} from '@mitrebox/domain';
import { and, asc, desc, eq, inArray, isNull, ne } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db, Queryable } from '../../platform/db.ts';
import { AppError, notFound, unprocessable } from '../../platform/errors.ts';
import type { PaymentGateway } from '../../platform/payments/gateway.ts';
import { scopeAccounts } from '../accounts/scope.ts';
import { billingMethods } from './payments.tables.ts';

type CreateBody = z.output<typeof CreateBillingMethodRequest>;
type UpdateBody = z.output<typeof UpdateBillingMethodRequest>;

const trim = (v: string | undefined | null) => (v ?? '').trim();

function requireFields(body: Record<string, unknown>, required: readonly string[]) {
  const missing = missingFields(body, required);
  if (missing.length > 0)
    throw unprocessable(M.required(missing), Object.fromEntries(missing.map((f) => [f, M.fieldRequired])));
}

function checkAddress(body: { billing_state?: string | null; expmonth?: unknown; expyear?: unknown }) {
  const errors: Record<string, string> = {};
  if (!isUsState(trim(body.billing_state).toUpperCase())) errors.billing_state = 'Choose a US state.';
  if (!expiryValid(Number(body.expmonth), Number(body.expyear))) errors.expyear = 'The card has expired.';
  const first = Object.values(errors)[0];
  if (first) throw unprocessable(first, errors);
}

/** The stored cards of an account, default first — never a token or card number on the wire. */
export async function billingMethodsOf(db: Queryable, acctnum: string) {
  const rows = await db
    .select()
    .from(billingMethods)
    .where(and(eq(billingMethods.acctnum, acctnum), isNull(billingMethods.deletedAt)))
    .orderBy(desc(billingMethods.isDefault), asc(billingMethods.id));
  return rows.map((b) => ({
    id: b.id,
    name: b.name,
    last_four: b.lastFour,
    expmonth: b.expmonth,
    expyear: b.expyear,
    type: b.type,
    default: b.isDefault,
    billing_name: b.billingName,
    billing_address: b.billingAddress,
    billing_city: b.billingCity,
    billing_state: b.billingState,
    billing_postal: b.billingPostal,
    Acctnum: b.acctnum,
  }));
}

/** A billing method of the user's accounts, or 404. */
export async function ownBillingMethod(db: Queryable, user: SessionUser, id: number) {
  const own = scopeAccounts(user);
  const [row] = await db
    .select()
    .from(billingMethods)
    .where(
      and(eq(billingMethods.id, id), inArray(billingMethods.acctnum, own), isNull(billingMethods.deletedAt)),
    )
    .limit(1);
  if (!row) throw notFound(M.billingMethodNotFound);
  return row;
}

async function makeDefault(tx: Queryable, acctnum: string, id: number) {
  await tx
    .update(billingMethods)
    .set({ isDefault: false })
    .where(and(eq(billingMethods.acctnum, acctnum), ne(billingMethods.id, id)));
  await tx.update(billingMethods).set({ isDefault: true }).where(eq(billingMethods.id, id));
}

export function createBillingMethods(deps: { db: Db; gateway: PaymentGateway }) {
  const { db, gateway } = deps;
  return {
    /** Adds a card: vaults the hosted field's single-use token and keeps only the gateway's token and display fields. */
    async add(user: SessionUser, body: CreateBody) {
      const [acctnum] = scopeAccounts(user, body.Acctnum);
      requireFields(body, [...BILLING_ADD_REQUIRED]);
      if (!trim(body.token)) throw unprocessable(M.checkCardNumber, { token: M.checkCardNumber });
      checkAddress(body);
      const billing = {
        name: trim(body.billing_name),
        address: trim(body.billing_address),
        city: trim(body.billing_city),
        state: trim(body.billing_state).toUpperCase(),
        postal: trim(body.billing_postal),
      };
      const vaulted = await gateway.vault({ customerId: acctnum, singleUseToken: trim(body.token), billing });
      if (!vaulted.ok) throw new AppError('card_declined', 422, M.cardIssue(vaulted.message));
      const id = await db.transaction(async (tx) => {
        const existing = await tx
          .select({ id: billingMethods.id })
          .from(billingMethods)
          .where(and(eq(billingMethods.acctnum, acctnum), isNull(billingMethods.deletedAt)));
        const [row] = await tx
          .insert(billingMethods)
          .values({
            acctnum,
            name: trim(body.name),
            lastFour: vaulted.lastFour,
            type: vaulted.cardType,
            expmonth: Number(body.expmonth),
            expyear: Number(body.expyear),
            isDefault: false,
            billingName: billing.name,
            billingAddress: billing.address,
            billingCity: billing.city,
            billingState: billing.state,
            billingPostal: billing.postal,
            gatewayToken: vaulted.token,
          })
          .returning({ id: billingMethods.id });
        if (body.default || existing.length === 0) await makeDefault(tx, acctnum, row.id);
        return row.id;
      });
      return {
        success: true,
        message: 'Billing Method Added!',
        id,
        billing: await billingMethodsOf(db, acctnum),
      };
    },

    /** Edits a card's details, or makes it the default ({ default: true } alone). */
    async update(user: SessionUser, id: number, body: UpdateBody) {
      const method = await ownBillingMethod(db, user, id);
      const detailKeys = [...BILLING_EDIT_REQUIRED, 'name'] as const;
      const onlyDefault = body.default === true && detailKeys.every((k) => body[k] === undefined);
      if (onlyDefault) {
        await db.transaction((tx) => makeDefault(tx, method.acctnum, id));
      } else {
        requireFields(body, [...BILLING_EDIT_REQUIRED]);
        checkAddress(body);
        await db.transaction(async (tx) => {
          await tx
            .update(billingMethods)
            .set({
              ...(trim(body.name) ? { name: trim(body.name) } : {}),
              billingName: trim(body.billing_name),
              billingAddress: trim(body.billing_address),
              billingCity: trim(body.billing_city),
              billingState: trim(body.billing_state).toUpperCase(),
              billingPostal: trim(body.billing_postal),
              expmonth: Number(body.expmonth),
              expyear: Number(body.expyear),
            })
            .where(eq(billingMethods.id, id));
          if (body.default === true) await makeDefault(tx, method.acctnum, id);
        });
      }
      return {
        success: true,
        message: M.billingUpdated,
        billing: await billingMethodsOf(db, method.acctnum),
      };
    },

    /** Removes a card here and from the gateway's vault; the oldest remaining card becomes the default. */
    async remove(user: SessionUser, id: number) {
      const method = await ownBillingMethod(db, user, id);
      await db.transaction(async (tx) => {
        await tx
          .update(billingMethods)
          .set({ deletedAt: new Date(), isDefault: false })
          .where(eq(billingMethods.id, id));
        if (method.isDefault) {
          const [next] = await tx
            .select({ id: billingMethods.id })
            .from(billingMethods)
            .where(and(eq(billingMethods.acctnum, method.acctnum), isNull(billingMethods.deletedAt)))
            .orderBy(asc(billingMethods.id))
            .limit(1);
          if (next) await makeDefault(tx, method.acctnum, next.id);
        }
      });
      await gateway.deleteVaulted(method.gatewayToken).catch(() => {});
      return {
        success: true,
        message: M.billingDeleted,
        billing: await billingMethodsOf(db, method.acctnum),
      };
    },
  };
}
