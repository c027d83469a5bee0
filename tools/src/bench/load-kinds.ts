/** The kinds of request of the load's loop (load-loop.ts), in the loop's order, and what each answered. */
export const KINDS = [
  'browse',
  'search',
  'product',
  'browse',
  'product',
  'search',
  'browse',
  'add to cart',
  'order',
  'pay',
] as const;

export interface KindFigures {
  requests: number;
  p50: number;
  p90: number;
  p99: number;
  max: number;
  /** Answers other than 2xx, by status. */
  non2xx: Record<string, number>;
  timeouts: number;
}

export interface LoopStats {
  /** Latency (ms, as autocannon measures it) by request kind. */
  kinds: Record<string, KindFigures>;
  /** Loops that lost an answer and kept their user. */
  abandonedLoops: number;
  /** Loops that found no free user and shared one (spares ran out: the figures are then not clean). */
  sharedLoops: number;
}

/** What each request of the loop answered, by its place in the loop: latencies, non-2xx statuses, timeouts. */
export function createKindFigures() {
  const latencies: number[][] = KINDS.map(() => []);
  const non2xx: Record<string, number>[] = KINDS.map(() => ({}));
  const timeouts = KINDS.map(() => 0);

  /** The figures by kind (a kind's places in the loop together). */
  function byKind(): Record<string, KindFigures> {
    const kinds: Record<string, KindFigures> = {};
    for (const kind of new Set(KINDS)) {
      const at = KINDS.flatMap((k, i) => (k === kind ? [i] : []));
      const all = at.flatMap((i) => latencies[i]).sort((a, b) => a - b);
      const q = (p: number) =>
        Math.round(all.length ? all[Math.min(all.length - 1, Math.floor(p * all.length))] : 0);
      const bad: Record<string, number> = {};
      for (const i of at)
        for (const [status, count] of Object.entries(non2xx[i])) bad[status] = (bad[status] ?? 0) + count;
      kinds[kind] = {
        requests: all.length,
        p50: q(0.5),
        p90: q(0.9),
        p99: q(0.99),
        max: Math.round(all.at(-1) ?? 0),
        non2xx: bad,
        timeouts: at.reduce((sum, i) => sum + timeouts[i], 0),
      };
    }
    return kinds;
  }

  return {
    latency(index: number, ms: number) {
      latencies[index]?.push(ms);
    },
    status(index: number, status: number) {
      if (status < 200 || status > 299) {
        const by = non2xx[index];
        by[status] = (by[status] ?? 0) + 1;
      }
    },
    timeout(index: number) {
      timeouts[index]++;
    },
    byKind,
  };
}

/** One line per kind: latency, non-2xx by status, timeouts. */
export function describeKinds(s: LoopStats): string[] {
  const lines = Object.entries(s.kinds).map(([kind, k]) => {
    const bad = Object.entries(k.non2xx)
      .map(([status, count]) => `${count} × ${status}`)
      .join(', ');
    return (
      `  ${kind.padEnd(12)} ${String(k.requests).padStart(6)} requests: p50 ${k.p50} ms, p90 ${k.p90} ms, p99 ${k.p99} ms, max ${k.max} ms` +
      (bad ? `; non-2xx ${bad}` : '') +
      (k.timeouts ? `; timeouts ${k.timeouts}` : '')
    );
  });
  if (s.abandonedLoops) lines.push(`  ${s.abandonedLoops} loops lost an answer (their users were set aside)`);
  if (s.sharedLoops) lines.push(`  ✗ ${s.sharedLoops} loops found no free user and shared one`);
  return lines;
}
