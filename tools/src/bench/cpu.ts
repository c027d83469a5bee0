// CPU time of a process and of a database's PostgreSQL backends, read from /proc: what a request costs, which the
// other work on a shared machine changes much less than it changes wall-clock times.
import { readFileSync } from 'node:fs';
import { type Db, queryRows } from '@mitrebox/api/platform/db';
import { sql } from 'drizzle-orm';

/** CPU milliseconds (user + system) the process has used so far (0 once it has gone). */
export function cpuMs(pid: number): number {
  const { user, system } = cpuSplitMs(pid);
  return user + system;
}

/** CPU milliseconds the process has used so far in user space and in the kernel (0 once it has gone). */
export function cpuSplitMs(pid: number): { user: number; system: number } {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    // utime, stime in ticks of 1/100 s
    return { user: Number(fields[11]) * 10, system: Number(fields[12]) * 10 };
  } catch {
    return { user: 0, system: 0 };
  }
}

/**
 * The CPU the PostgreSQL backends of the database spend (the server's pool; not this script's own connection):
 * each backend's ticks are followed every 100 ms, so one that closes meanwhile still counts up to its last look.
 */
export function postgresCpu(db: Db) {
  const seen = new Map<number, { first: number; last: number }>();
  const look = async () => {
    const rows = await queryRows<{ pid: number }>(
      db,
      sql`select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()`,
    );
    for (const { pid } of rows) {
      const now = cpuMs(pid);
      const entry = seen.get(pid);
      if (entry) entry.last = Math.max(entry.last, now);
      else seen.set(pid, { first: now, last: now });
    }
  };
  const timer = setInterval(() => void look().catch(() => {}), 100);
  return {
    /** CPU ms since the last call. */
    async lap(): Promise<number> {
      await look();
      let used = 0;
      for (const e of seen.values()) {
        used += e.last - e.first;
        e.first = e.last;
      }
      return used;
    },
    stop: () => clearInterval(timer),
  };
}
