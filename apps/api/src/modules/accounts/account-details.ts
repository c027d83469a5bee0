import type { SessionUser } from '@mitrebox/api-contract';
import { asc, inArray } from 'drizzle-orm';
import type { Queryable } from '../../platform/db.ts';
import { notFound } from '../../platform/errors.ts';
import { billingMethodsOf } from '../payments/payments.service.ts';
import { type AccountRow, findAccount } from './accounts.service.ts';
import { accounts } from './accounts.tables.ts';

function shape(a: AccountRow) {
  return {
    Acctnum: a.acctnum,
    Company: a.company,
    Contact: a.contact,
    Title: a.title,
    Phone: a.phone,
    Fax: a.fax,
    Website: a.website,
    Address1: a.address1,
    Address2: a.address2,
    City: a.city,
    State: a.state,
    Zip: a.zip,
    Shipvia: a.shipvia,
    Terms: a.terms,
    Location: a.location,
    B_Disc: a.bDisc,
    C_Disc: a.cDisc,
    G_Disc: a.gDisc,
    J_Disc: a.jDisc,
    L_Disc: a.lDisc,
    H_Disc: a.hDisc,
  };
}

/** GET /api/admin/accountDetails: one of the user's accounts with its billing methods. */
export async function accountDetails(db: Queryable, acctnum: string) {
  const account = await findAccount(db, acctnum);
  if (!account) throw notFound('Account not found');
  return { ...shape(account), billing: await billingMethodsOf(db, acctnum) };
}

/** GET /admin/listAccounts: the accounts the user may act for. */
export async function listAccounts(db: Queryable, user: SessionUser) {
  const own = user.accounts.map((a) => a.Acctnum);
  if (own.length === 0) return [];
  const rows = await db
    .select()
    .from(accounts)
    .where(inArray(accounts.acctnum, own))
    .orderBy(asc(accounts.acctnum));
  return rows.map(shape);
}
