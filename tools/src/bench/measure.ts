import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';

export interface Measurement {
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
}

/** One figure of the bench beside the baseline measured in the same run. */
export interface BenchRow {
  name: string;
  unit: string;
  measured: Measurement;
  baseline: Measurement;
  ratio: number;
  target: string;
  met: boolean;
}

/** How many paths of a `paths` stream are taken up front (the load process goes round them). */
const PATHS_TAKEN = 50_000;

/**
 * Loads one local URL for a fixed time with a fixed number of connections. autocannon runs in a child process:
 * the app under test often runs in this process (run.ts), and autocannon beside it measured both.
 */
export async function measure(
  url: string,
  opts: {
    connections?: number;
    seconds?: number;
    headers?: Record<string, string>;
    method?: 'GET' | 'POST';
    body?: string;
    /** A stream of paths (with their query) on the same host: each request takes the next one. */
    paths?: () => string;
  } = {},
): Promise<Measurement> {
  const paths = opts.paths ? Array.from({ length: PATHS_TAKEN }, opts.paths) : undefined;
  const child = fork(fileURLToPath(new URL('./autocannon-worker.mjs', import.meta.url)), [], {
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  try {
    return await new Promise<Measurement>((resolve, reject) => {
      child.once('message', (m) => resolve(m as Measurement));
      child.once('error', reject);
      child.once('exit', (code) => reject(new Error(`the autocannon process stopped (${code})`)));
      child.send({
        opts: {
          url,
          connections: opts.connections ?? 32,
          duration: opts.seconds ?? 10,
          headers: opts.headers,
          method: opts.method ?? 'GET',
          body: opts.body,
        },
        paths,
      });
    });
  } finally {
    if (child.exitCode === null) child.kill();
  }
}
