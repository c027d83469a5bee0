import { availableParallelism } from 'node:os';
import v8 from 'node:v8';

/**
 * Whether V8 collects the young generation on helper threads (docs/decisions/018, "GC"). On one or two cores shared
 * with PostgreSQL, a parallel scavenge waits for helper threads that have no core to run on, and the main thread
 * stands still meanwhile; on the main thread alone the same work is shorter (measured: scavenges p99 7–11 ms
 * instead of 28–74 ms, and the listing and search streams' throughput up). `auto` decides by the cores.
 */
export function parallelScavenge(setting: 'auto' | 'on' | 'off', cores = availableParallelism()): boolean {
  return setting === 'on' || (setting === 'auto' && cores > 2);
}

/** Applies the setting to this process (V8 reads the flag at each scavenge; set before the server starts). */
export function applyScavengeSetting(setting: 'auto' | 'on' | 'off'): boolean {
  const parallel = parallelScavenge(setting);
  v8.setFlagsFromString(parallel ? '--parallel-scavenge' : '--no-parallel-scavenge');
  return parallel;
}
