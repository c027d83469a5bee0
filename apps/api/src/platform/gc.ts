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

/**
 * Bounds the memory V8 keeps for the server's garbage (docs/decisions/018, "Memory"): how far the young generation
 * grows (`--semi-space-growth-factor`) and how far the old generation grows past what its last full collection kept
 * (`--heap-growing-percent`). V8 reads both whenever it resizes a space, so they apply when set at the start (unlike
 * `--max-semi-space-size`, read once when the heap is made); 0 keeps V8's own. At 100,000 products a process went
 * from 423 MB idle and 762 MB after the bench's mixed load to 273 and 313 MB, at the same throughput.
 */
export function applyHeapSettings(settings: { youngGrowth: number; growthPercent: number }): void {
  if (settings.youngGrowth > 0) v8.setFlagsFromString(`--semi-space-growth-factor=${settings.youngGrowth}`);
  if (settings.growthPercent > 0) v8.setFlagsFromString(`--heap-growing-percent=${settings.growthPercent}`);
}
