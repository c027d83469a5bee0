import autocannon from 'autocannon';

export interface Measurement {
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
}

/** Loads one local URL for a fixed time with a fixed number of connections. */
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
  const next = opts.paths;
  const result = await autocannon({
    url,
    connections: opts.connections ?? 32,
    duration: opts.seconds ?? 10,
    headers: opts.headers,
    method: opts.method ?? 'GET',
    body: opts.body,
    ...(next
      ? { requests: [{ setupRequest: (req: autocannon.Request) => ({ ...req, path: next() }) }] }
      : {}),
  });
  return {
    rps: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors,
    non2xx: result.non2xx,
  };
}
