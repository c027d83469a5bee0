// autocannon in a process of its own (measure.ts): the in-process app under test keeps its CPU and event loop to
// itself. (Not a worker thread: autocannon takes any worker thread for one of its own and skips its summary.)
// Receives { opts: autocannon's options without functions, paths?: string[] taken in turn }, answers the figures.
import autocannon from 'autocannon';

process.once('message', async ({ opts, paths }) => {
  let i = 0;
  const result = await autocannon({
    ...opts,
    ...(paths
      ? { requests: [{ setupRequest: (req) => ({ ...req, path: paths[i++ % paths.length] }) }] }
      : {}),
  });
  process.send(
    {
      rps: Math.round(result.requests.average),
      p50: result.latency.p50,
      p99: result.latency.p99,
      errors: result.errors,
      non2xx: result.non2xx,
    },
    () => process.exit(0),
  );
});
