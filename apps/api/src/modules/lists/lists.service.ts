import type { AccountProduct, AddLinesResponse, CartItemInput, SessionUser } from '@mitrebox/api-contract';
import { DEFAULT_BACKORDER, importedSelection, MOULDING_TYPE, parseListImport } from '@mitrebox/domain';
import { and, count, eq, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db.ts';
import { notFound, unprocessable } from '../../platform/errors.ts';
import type { AddKeptLines } from '../cart/order-again.ts';
import type { CatalogueService } from '../catalogue/catalogue.service.ts';
import { listLineOf, type StoredSelection, withAmount } from './list-lines.ts';
import { createListsRepository, LIST_MESSAGES } from './lists.repository.ts';
import { standingListLines, standingLists } from './lists.tables.ts';

export type ListsService = ReturnType<typeof createListsService>;

/**
 * Standing lists: named lists of items with their selections, kept per account and shared by every user of the
 * account (its colleagues), never beyond it. A list carries no prices; it goes to the cart through the cart's
 * rules (order again's addKeptLines), which answers line by line what is different today.
 */
export function createListsService(deps: {
  db: Db;
  catalogue: CatalogueService;
  addKeptLines: AddKeptLines;
}) {
  const { db, catalogue } = deps;
  const { accountOf, own, products, lineRows, detail, nameFree, touch, append } = createListsRepository({
    db,
    catalogue,
  });

  return {
    async lists(user: SessionUser) {
      const rows = await db
        .select({
          id: standingLists.id,
          name: standingLists.name,
          updatedAt: standingLists.updatedAt,
          lineCount: count(standingListLines.id),
        })
        .from(standingLists)
        .leftJoin(standingListLines, eq(standingListLines.listId, standingLists.id))
        .where(eq(standingLists.acctnum, accountOf(user).Acctnum))
        .groupBy(standingLists.id)
        .orderBy(sql`lower(${standingLists.name})`);
      return { data: rows.map((r) => ({ ...r, updatedAt: r.updatedAt.toISOString() })) };
    },

    async list(user: SessionUser, id: number) {
      return detail(user, await own(user, id));
    },

    async create(user: SessionUser, name: string) {
      const acctnum = accountOf(user).Acctnum;
      await nameFree(acctnum, name);
      const [row] = await db.insert(standingLists).values({ acctnum, name, createdBy: user.id }).returning();
      return detail(user, row!);
    },

    async rename(user: SessionUser, id: number, name: string) {
      const list = await own(user, id);
      await nameFree(list.acctnum, name, id);
      const [row] = await db
        .update(standingLists)
        .set({ name, updatedAt: new Date() })
        .where(eq(standingLists.id, id))
        .returning();
      return detail(user, row!);
    },

    async remove(user: SessionUser, id: number) {
      await own(user, id);
      await db.delete(standingLists).where(eq(standingLists.id, id));
      return { success: true };
    },

    /** Lines as the add-to-cart dialog makes them; the first line a rule refuses refuses the whole call. */
    async addLines(user: SessionUser, id: number, inputs: CartItemInput[]) {
      const list = await own(user, id);
      const found = await products(
        user,
        inputs.map((i) => i.Code),
      );
      const errors: Record<string, string> = {};
      const stored: { code: string; selection: StoredSelection }[] = [];
      inputs.forEach((input, i) => {
        const product = found.get(input.Code);
        const read = product
          ? listLineOf(input, product, accountOf(user))
          : { ok: false as const, message: LIST_MESSAGES.noLongerSold };
        if (read.ok) stored.push({ code: input.Code, selection: read.stored });
        else errors[`lines.${i}`] = read.message;
      });
      const first = Object.values(errors)[0];
      if (first) throw unprocessable(first, errors);
      return detail(user, await append(list, stored));
    },

    async changeLine(user: SessionUser, id: number, lineId: number, amount: string | number) {
      const list = await own(user, id);
      const [line] = await db
        .select()
        .from(standingListLines)
        .where(and(eq(standingListLines.id, lineId), eq(standingListLines.listId, list.id)));
      if (!line) throw notFound(LIST_MESSAGES.lineNotFound);
      const changed = withAmount(line.selection as StoredSelection, amount);
      if (!changed.ok) throw unprocessable(changed.message, { amount: changed.message });
      await db
        .update(standingListLines)
        .set({ selection: changed.stored })
        .where(eq(standingListLines.id, lineId));
      const [touched] = await touch(list.id);
      return detail(user, touched ?? list);
    },

    async removeLine(user: SessionUser, id: number, lineId: number) {
      const list = await own(user, id);
      const gone = await db
        .delete(standingListLines)
        .where(and(eq(standingListLines.id, lineId), eq(standingListLines.listId, list.id)))
        .returning({ id: standingListLines.id });
      if (gone.length === 0) throw notFound(LIST_MESSAGES.lineNotFound);
      const [touched] = await touch(list.id);
      return detail(user, touched ?? list);
    },

    /** The list, or its ticked lines, into the cart through the cart's rules: answered line by line. */
    async toCart(user: SessionUser, id: number, lineIds?: number[]): Promise<AddLinesResponse> {
      const list = await own(user, id);
      const rows = (await lineRows(list.id)).filter((r) => !lineIds || lineIds.includes(r.id));
      const found = await products(
        user,
        rows.map((r) => r.code),
      );
      return deps.addKeptLines(
        user,
        rows.map((r) => {
          const stored = r.selection as StoredSelection;
          return {
            Code: r.code,
            Description: found.get(r.code)?.display_name ?? null,
            selection: stored.productSelection,
            backtype: stored.backtype ?? DEFAULT_BACKORDER,
            wasUnitPrice: null,
          };
        }),
      );
    },

    /** A pasted column of item numbers and quantities; unknown item numbers are reported and not added. */
    async import(user: SessionUser, id: number, text: string) {
      const list = await own(user, id);
      const { lines, problems } = parseListImport(text);
      const found = await products(
        user,
        lines.map((l) => l.code),
      );
      const stored = importedLines(lines, found, accountOf(user).Location, problems);
      problems.sort((a, b) => a.line - b.line);
      const updated = await append(list, stored);
      return { ...(await detail(user, updated)), added: stored.length, problems };
    },
  };
}

/** Pasted lines of known items as list lines; an unknown item # goes to `problems`. */
function importedLines(
  lines: { line: number; code: string; quantity: number }[],
  found: Map<string, AccountProduct>,
  accountLocation: string | null,
  problems: { line: number; text: string; message: string }[],
) {
  const stored: { code: string; selection: StoredSelection }[] = [];
  for (const line of lines) {
    const product = found.get(line.code);
    if (!product) {
      problems.push({ line: line.line, text: line.code, message: LIST_MESSAGES.unknownCode });
      continue;
    }
    const { selection, backtype } = importedSelection(
      line,
      { isMoulding: product.type === MOULDING_TYPE },
      accountLocation ?? product.stock[0]?.Loc ?? '',
    );
    stored.push({ code: product.Code, selection: { productSelection: selection, backtype } });
  }
  return stored;
}
