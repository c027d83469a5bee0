import { randomBytes } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { seedDemo } from '@mitrebox/api/demo-seed';
import { type Database, openDatabase, queryRows } from '@mitrebox/api/platform/db';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { backup, restore } from './backup.ts';

/** Every table of the shop as (rows, md5 of all rows in order): equal fingerprints mean equal data. */
async function fingerprint(database: Database): Promise<Record<string, string>> {
  const tables = await queryRows<{ name: string }>(
    database.db,
    sql`select table_name as name from information_schema.tables
        where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`,
  );
  const out: Record<string, string> = {};
  for (const { name } of tables) {
    const [row] = await queryRows<{ n: number; h: string | null }>(
      database.db,
      sql.raw(`select count(*)::int as n, md5(coalesce(string_agg(t::text, '|' order by t::text), '')) as h
               from "${name}" t`),
    );
    out[name] = `${row.n}:${row.h}`;
  }
  return out;
}

const rowsOf = (print: Record<string, string>, table: string) => Number(print[table]?.split(':')[0] ?? 0);

const cleanups: Array<() => Promise<void>> = [];
afterAll(async () => {
  for (const c of cleanups.reverse()) await c().catch(() => {});
});

function tempDir(prefix: string): string {
  const dir = mkdtempSync(path.join(tmpdir(), prefix));
  cleanups.push(() => rm(dir, { recursive: true, force: true }));
  return dir;
}

async function seeded(database: Database): Promise<Record<string, string>> {
  await database.migrate();
  await seedDemo(database.db, { products: 120 });
  const print = await fingerprint(database);
  // the demo history is there to be lost: orders, invoices and payments
  for (const table of ['orders', 'order_items', 'invoices', 'invoice_payments', 'payments']) {
    expect(rowsOf(print, table), table).toBeGreaterThan(0);
  }
  return print;
}

describe('backup and restore', () => {
  it.skipIf(Boolean(process.env.DATABASE_URL))(
    'PGlite: a restored data directory holds every order, invoice and payment of the original',
    async () => {
      const original = path.join(tempDir('mbx-bk-a-'), 'data');
      const restored = path.join(tempDir('mbx-bk-b-'), 'data');
      const file = path.join(tempDir('mbx-bk-f-'), 'shop.pglite.tar.gz');

      const a = await openDatabase({ dataDir: original });
      const before = await seeded(a);
      await a.close();

      const { bytes } = await backup({ dataDir: original }, file);
      expect(bytes).toBeGreaterThan(1000);
      await restore({ dataDir: restored }, file);

      const b = await openDatabase({ dataDir: restored });
      try {
        expect(await fingerprint(b)).toEqual(before);
      } finally {
        await b.close();
      }

      // a directory that already holds a database is not overwritten without --force
      await expect(restore({ dataDir: restored }, file)).rejects.toThrow(/not empty/);
      await expect(backup({ dataDir: tempDir('mbx-bk-empty-') }, file)).rejects.toThrow(/no PGlite database/);
    },
  );

  it.skipIf(!process.env.DATABASE_URL)(
    'PostgreSQL: pg_dump restored by pg_restore into a fresh database holds every order, invoice and payment',
    async () => {
      const server = process.env.DATABASE_URL as string;
      const urlOf = (name: string) => {
        const u = new URL(server);
        u.pathname = `/${name}`;
        return u.toString();
      };
      const admin = async (query: string) => {
        const c = new pg.Client({ connectionString: server });
        await c.connect();
        try {
          await c.query(query);
        } finally {
          await c.end();
        }
      };
      const suffix = randomBytes(5).toString('hex');
      const [from, to] = [`mitrebox_bk_a_${suffix}`, `mitrebox_bk_b_${suffix}`];
      for (const name of [from, to]) {
        await admin(`create database ${name}`);
        cleanups.push(() => admin(`drop database if exists ${name} with (force)`));
      }
      const file = path.join(tempDir('mbx-bk-f-'), 'shop.dump');

      const a = await openDatabase({ url: urlOf(from) });
      const before = await seeded(a);
      await a.close();

      await backup({ url: urlOf(from) }, file);
      await restore({ url: urlOf(to) }, file);

      const b = await openDatabase({ url: urlOf(to) });
      try {
        expect(await fingerprint(b)).toEqual(before);
      } finally {
        await b.close();
      }
    },
  );

  it('refuses a backup file that is not there', async () => {
    await expect(restore({ dataDir: tempDir('mbx-bk-x-') }, '/nonexistent/backup.dump')).rejects.toThrow(
      /No backup file/,
    );
    const bogus = path.join(tempDir('mbx-bk-g-'), 'bogus.dump');
    writeFileSync(bogus, 'not a backup');
    await expect(restore({ dataDir: path.join(tempDir('mbx-bk-y-'), 'data') }, bogus)).rejects.toThrow();
  });
});
