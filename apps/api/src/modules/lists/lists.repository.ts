import type { AccountProduct, SessionUser, StandingListDetail } from '@mitrebox/api-contract';
import { MAX_LIST_LINES } from '@mitrebox/api-contract';
import { describeSelection } from '@mitrebox/domain';
import { and, asc, count, eq, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db.ts';
import { AppError, notFound, unprocessable } from '../../platform/errors.ts';
import type { CatalogueService } from '../catalogue/catalogue.service.ts';
import type { StoredSelection } from './list-lines.ts';
import { standingListLines, standingLists } from './lists.tables.ts';

export const LIST_MESSAGES = {
  notFound: 'List not found',
  lineNotFound: 'Line not found',
  nameTaken: 'A list with this name already exists.',
  full: `A list holds at most ${MAX_LIST_LINES} lines.`,
  unknownCode: 'Unknown item # — not added',
  noLongerSold: 'This item is no longer available.',
} as const;

export type ListRow = typeof standingLists.$inferSelect;

/** The queries of standing lists, always within the signed-in account (its first account, as the cart's). */
export function createListsRepository(deps: { db: Db; catalogue: CatalogueService }) {
  const { db, catalogue } = deps;
  const accountOf = (user: SessionUser) => {
    const account = user.accounts[0];
    if (!account) throw notFound(LIST_MESSAGES.notFound);
    return account;
  };

  /** The list when it is the signed-in account's; another account's list is not found. */
  async function own(user: SessionUser, id: number): Promise<ListRow> {
    const [row] = await db
      .select()
      .from(standingLists)
      .where(and(eq(standingLists.id, id), eq(standingLists.acctnum, accountOf(user).Acctnum)))
      .limit(1);
    if (!row) throw notFound(LIST_MESSAGES.notFound);
    return row;
  }

  async function products(user: SessionUser, codes: string[]): Promise<Map<string, AccountProduct>> {
    if (codes.length === 0) return new Map();
    const found = await catalogue.forAccount([...new Set(codes)], accountOf(user));
    return new Map(found.products.map((p) => [p.Code, p]));
  }

  const lineRows = (listId: number) =>
    db
      .select()
      .from(standingListLines)
      .where(eq(standingListLines.listId, listId))
      .orderBy(asc(standingListLines.position), asc(standingListLines.id));

  async function detail(user: SessionUser, list: ListRow): Promise<{ data: StandingListDetail }> {
    const rows = await lineRows(list.id);
    const found = await products(
      user,
      rows.map((r) => r.code),
    );
    const lines = rows.map((r) => {
      const stored = r.selection as StoredSelection;
      const sel = stored.productSelection;
      const product = found.get(r.code);
      return {
        id: r.id,
        Code: r.code,
        Description: product?.display_name ?? null,
        image: product?.image ?? null,
        productSelection: sel,
        backtype: stored.backtype ?? null,
        asked: describeSelection(sel),
        unit: sel.type === 'length' ? ('ft' as const) : ('ea' as const),
        amount: Number((sel.type === 'length' ? sel.length : sel.quantity) ?? 0),
      };
    });
    return {
      data: {
        id: list.id,
        name: list.name,
        lineCount: lines.length,
        updatedAt: list.updatedAt.toISOString(),
        lines,
      },
    };
  }

  async function nameFree(acctnum: string, name: string, except?: number) {
    const [taken] = await db
      .select({ id: standingLists.id })
      .from(standingLists)
      .where(and(eq(standingLists.acctnum, acctnum), sql`lower(${standingLists.name}) = lower(${name})`))
      .limit(1);
    if (taken && taken.id !== except) throw new AppError('conflict', 409, LIST_MESSAGES.nameTaken);
  }

  const touch = (id: number) =>
    db.update(standingLists).set({ updatedAt: new Date() }).where(eq(standingLists.id, id)).returning();

  async function append(list: ListRow, stored: { code: string; selection: StoredSelection }[]) {
    const [{ n, last }] = await db
      .select({ n: count(), last: sql<number>`coalesce(max(${standingListLines.position}), 0)` })
      .from(standingListLines)
      .where(eq(standingListLines.listId, list.id));
    if (n + stored.length > MAX_LIST_LINES) throw unprocessable(LIST_MESSAGES.full);
    if (stored.length === 0) return list;
    await db.insert(standingListLines).values(
      stored.map((s, i) => ({
        listId: list.id,
        position: Number(last) + i + 1,
        code: s.code,
        selection: s.selection,
      })),
    );
    const [touched] = await touch(list.id);
    return touched ?? list;
  }

  return { accountOf, own, products, lineRows, detail, nameFree, touch, append };
}

export type ListsRepository = ReturnType<typeof createListsRepository>;
