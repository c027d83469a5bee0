/**
 * npm run backup -- [--out FILE]
 * npm run restore -- FILE [--force]
 *
 * Backs up or restores the database the server would use: DATABASE_URL (pg_dump / pg_restore, custom format),
 * else PGlite under DATA_DIR (its data directory as a gzipped tarball; stop the shop first, PGlite is one
 * process's database). Restore goes into an empty database or directory; --force clears the PostgreSQL
 * database first, or moves an existing PGlite directory aside.
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '@mitrebox/api/config';
import { backup, defaultBackupFile, restore, type Source } from './backup/backup.ts';

async function main() {
  const [command, ...rest] = process.argv.slice(2);
  const { values, positionals } = parseArgs({
    args: rest,
    options: {
      out: { type: 'string', short: 'o' },
      force: { type: 'boolean', short: 'f', default: false },
    },
    allowPositionals: true,
  });
  const config = loadConfig();
  if (!config.DATABASE_URL && config.DATA_DIR.startsWith('memory://')) {
    throw new Error('DATA_DIR is in memory: there is nothing on disk to back up or restore.');
  }
  const source: Source = config.DATABASE_URL ? { url: config.DATABASE_URL } : { dataDir: config.DATA_DIR };
  const where = 'url' in source ? 'PostgreSQL (DATABASE_URL)' : `PGlite in ${path.resolve(source.dataDir)}`;

  if (command === 'backup') {
    const file = values.out ?? defaultBackupFile(source);
    const { bytes } = await backup(source, file);
    console.log(`Backed up ${where} to ${file} (${(bytes / 1024).toFixed(0)} KB).`);
  } else if (command === 'restore') {
    const file = positionals[0];
    if (!file) throw new Error('usage: npm run restore -- FILE [--force]');
    await restore(source, file, { force: values.force });
    console.log(`Restored ${file} into ${where}.`);
  } else {
    throw new Error('usage: backup-cli.ts backup [--out FILE] | restore FILE [--force]');
  }
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
