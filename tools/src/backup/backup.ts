import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, renameSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { PGlite } from '@electric-sql/pglite';
import { cube } from '@electric-sql/pglite/contrib/cube';
import { earthdistance } from '@electric-sql/pglite/contrib/earthdistance';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';

const run = promisify(execFile);

/** Where the shop's data is: a PostgreSQL server (url) or PGlite's data directory. */
export type Source = { url: string } | { dataDir: string };

const stamp = () => new Date().toISOString().replace(/[:.]/g, '-');

/** The file name a backup gets when none is given: kind and time, in `backups/`. */
export function defaultBackupFile(source: Source, dir = 'backups'): string {
  return path.join(dir, 'url' in source ? `mitrebox-${stamp()}.dump` : `mitrebox-${stamp()}.pglite.tar.gz`);
}

/**
 * Backs up the whole database into one file.
 * - PostgreSQL: `pg_dump --format=custom` (consistent snapshot while the shop runs; restore with pg_restore).
 * - PGlite: the data directory dumped as a gzipped tarball. PGlite is one process's database: stop the shop
 *   first (the tool refuses a directory PGlite reports in use by failing to open it).
 */
export async function backup(source: Source, file: string): Promise<{ file: string; bytes: number }> {
  mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
  if ('url' in source) {
    await run('pg_dump', ['--format=custom', '--no-owner', '--no-privileges', `--file=${file}`, source.url]);
  } else {
    if (!existsSync(path.join(source.dataDir, 'PG_VERSION'))) {
      throw new Error(`${source.dataDir} holds no PGlite database.`);
    }
    const client = await PGlite.create({
      dataDir: source.dataDir,
      extensions: { pg_trgm, cube, earthdistance },
    });
    try {
      const blob = await client.dumpDataDir('gzip');
      await writeFile(file, Buffer.from(await blob.arrayBuffer()));
    } finally {
      await client.close();
    }
  }
  const bytes = (await readFile(file)).byteLength;
  return { file, bytes };
}

/**
 * Restores a backup into a database that holds nothing yet:
 * - PostgreSQL: pg_restore into the database of `url` (it must exist and be empty; `--force` lets pg_restore
 *   drop what is there first).
 * - PGlite: the tarball unpacked into `dataDir`, which must be empty or absent; with `force` an existing
 *   directory is moved aside to `<dataDir>.before-restore-<time>` (nothing is deleted).
 */
export async function restore(target: Source, file: string, opts: { force?: boolean } = {}): Promise<void> {
  if (!existsSync(file)) throw new Error(`No backup file at ${file}.`);
  if ('url' in target) {
    const args = ['--no-owner', '--no-privileges', '--exit-on-error'];
    if (opts.force) args.push('--clean', '--if-exists');
    // tables and rows first, as pg_restore writes them
    await run('pg_restore', [
      ...args,
      '--section=pre-data',
      '--section=data',
      `--dbname=${target.url}`,
      file,
    ]);
    // indexes and constraints with the public schema on the search path: earthdistance's ll_to_earth (the dealer
    // map's GiST index) names its `earth` type unqualified, which the dump's empty search_path cannot resolve
    const { stdout: postData } = await run(
      'pg_restore',
      ['--no-owner', '--no-privileges', '--section=post-data', '-f', '-', file],
      {
        maxBuffer: 256 * 1024 * 1024,
      },
    );
    const script = postData.replace(
      /SELECT pg_catalog\.set_config\('search_path', '', false\);/g,
      'SET search_path = public, pg_catalog;',
    );
    await new Promise<void>((resolve, reject) => {
      const psql = execFile('psql', ['-q', '-v', 'ON_ERROR_STOP=1', '-d', target.url], (err) =>
        err ? reject(err) : resolve(),
      );
      psql.stdin?.end(script);
    });
    return;
  }
  const dir = target.dataDir;
  if (existsSync(dir) && readdirSync(dir).length > 0) {
    if (!opts.force)
      throw new Error(`${dir} is not empty: restore into an empty directory, or pass --force.`);
    renameSync(dir, `${dir}.before-restore-${stamp()}`);
  }
  mkdirSync(dir, { recursive: true });
  const blob = new Blob([await readFile(file)]);
  const client = await PGlite.create({
    dataDir: dir,
    loadDataDir: blob,
    extensions: { pg_trgm, cube, earthdistance },
  });
  await client.close();
}
