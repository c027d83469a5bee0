import { eq, gte, ilike, lt, or, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';

/** A back-office table's query: server paging, sorting and searching. */
export interface ListQuery {
  page: number;
  perPage: number;
  sort?: string;
  dir?: 'asc' | 'desc';
  /** an account number (or its start), or a document number */
  q?: string;
  acctnum?: string;
  /** inclusive date (YYYY-MM-DD, UTC day) */
  from?: string;
  /** inclusive date (YYYY-MM-DD, UTC day) */
  to?: string;
}

/** Rows dated from `from` through `to` (whole days). */
export function dayRange(column: AnyPgColumn, from?: string, to?: string): SQL[] {
  const out: SQL[] = [];
  if (from) out.push(gte(column, new Date(`${from}T00:00:00Z`)));
  if (to) out.push(lt(column, new Date(new Date(`${to}T00:00:00Z`).getTime() + 86_400_000)));
  return out;
}

/** The search box: a number finds that document; any text finds account numbers starting with it. */
export function documentOrAccount(q: string | undefined, num: AnyPgColumn, acct: AnyPgColumn): SQL[] {
  const text = q?.trim();
  if (!text) return [];
  const conditions: SQL[] = [ilike(acct, `${text.replace(/[\\%_]/g, '\\$&')}%`)];
  if (/^\d{1,9}$/.test(text)) conditions.push(eq(num, Number(text)));
  const either = or(...conditions);
  return either ? [either] : [];
}
