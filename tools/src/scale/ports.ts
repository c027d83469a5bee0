import { createServer } from 'node:net';

async function isFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}

/** A base port p such that p … p+count−1 are free on loopback (nginx on p, the API processes after it). */
export async function freePortPair(count: number): Promise<number> {
  for (let attempt = 0; attempt < 50; attempt++) {
    const base = 20_000 + Math.floor(Math.random() * 30_000);
    const all = await Promise.all(Array.from({ length: count }, (_, i) => isFree(base + i)));
    if (all.every(Boolean)) return base;
  }
  throw new Error('no free run of ports on loopback');
}
