/**
 * Waits until `work` has settled (each promise resolved or rejected), or `ms` have passed, whichever comes first;
 * says which. The timer does not keep the process alive. For a shutdown that lets work under way finish, but not
 * forever (an SMTP server that stops answering holds a send for minutes).
 */
export async function waitAtMost(work: Promise<unknown>[], ms: number): Promise<'settled' | 'timed out'> {
  const settled = Promise.allSettled(work).then(() => 'settled' as const);
  // no limit (a timer past 2^31 ms would fire at once)
  if (!Number.isFinite(ms) || ms > 2 ** 31 - 1) return settled;
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<'timed out'>((resolve) => {
    timer = setTimeout(() => resolve('timed out'), ms);
    timer.unref();
  });
  try {
    return await Promise.race([settled, late]);
  } finally {
    clearTimeout(timer);
  }
}
