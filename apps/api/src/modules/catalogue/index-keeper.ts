import type { CatalogueIndex } from './catalogue-index.ts';

/**
 * Keeps the process's index: built on first use (or `warm()`), dropped and rebuilt when a page's rows come back at
 * another catalogue version or the process itself changed the catalogue. While there is none, listings are
 * answered with SQL. One build at a time, at most one every `minGapMs`.
 */
export function catalogueIndexKeeper(opts: {
  load: () => Promise<CatalogueIndex>;
  /**
   * Runs after each build, with the index already in use: reads what the index may hold beside its columns (the
   * products' rows, at its version). `stale()` is true once the index is no longer the current one.
   */
  fill?: (index: CatalogueIndex, stale: () => boolean) => Promise<void>;
  onError?: (err: unknown) => void;
  minGapMs?: number;
}) {
  const minGapMs = opts.minGapMs ?? 1_000;
  let current: CatalogueIndex | undefined;
  let building: Promise<void> | undefined;
  let lastStart = 0;
  let closed = false;
  let wake: (() => void) | undefined;
  /** Builds wait for this first (`hold`): the server's start, whose first answers go before the index's reads. */
  let held: Promise<unknown> = Promise.resolve();

  function refresh() {
    if (building || closed) return;
    building = (async () => {
      const wait = lastStart + minGapMs - Date.now();
      if (wait > 0)
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, wait);
          wake = () => {
            clearTimeout(timer);
            resolve();
          };
        });
      wake = undefined;
      await held;
      if (closed) return;
      lastStart = Date.now();
      try {
        const built = await opts.load();
        current = built;
        await opts.fill?.(built, () => closed || current !== built);
      } catch (err) {
        if (!closed) opts.onError?.(err);
      }
    })().finally(() => {
      building = undefined;
    });
  }

  return {
    /** The index, if there is one now; otherwise a build is started and the caller answers with SQL. */
    current(): CatalogueIndex | undefined {
      if (!current) refresh();
      return current;
    },
    /** The index, if there is one now, without starting a build. */
    peek: (): CatalogueIndex | undefined => current,
    /** The catalogue was read at `version`: an index built at another one is dropped and rebuilt. */
    seen(version: number) {
      if (current && current.version !== version) {
        current = undefined;
        refresh();
      }
    },
    /** This process changed the catalogue. */
    invalidate() {
      current = undefined;
      refresh();
    },
    /**
     * Builds (the first one too) start once `until` settles: meanwhile listings are answered with SQL. The server
     * holds them for its start, so the first answers (readiness, the first pages) do not queue behind the index's
     * statements and work (on PGlite, one connection, they did: 1.5 s).
     */
    hold(until: Promise<unknown>) {
      held = until.then(
        () => undefined,
        () => undefined,
      );
    },
    /** Starts the first build (the server calls it once it listens); resolves once it is built and filled. */
    warm() {
      refresh();
      return building ?? Promise.resolve();
    },
    async close() {
      closed = true;
      wake?.();
      await building?.catch(() => undefined);
    },
  };
}
