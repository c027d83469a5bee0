/** Waits until the server at `base` answers /api/health (every 200 ms, at most 2 minutes). */
export async function waitHealthy(base: string): Promise<void> {
  for (let i = 0; ; i++) {
    if (i > 600) throw new Error('the server did not start');
    if (
      await fetch(`${base}/api/health`).then(
        (r) => r.ok,
        () => false,
      )
    )
      return;
    await new Promise((r) => setTimeout(r, 200));
  }
}
