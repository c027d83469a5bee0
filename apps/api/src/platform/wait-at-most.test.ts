import { describe, expect, it } from 'vitest';
import { waitAtMost } from './wait-at-most.ts';

describe('waitAtMost', () => {
  it('waits for work that settles, failures included', async () => {
    const done = new Promise((resolve) => setTimeout(resolve, 20));
    expect(await waitAtMost([done, Promise.reject(new Error('no'))], 5_000)).toBe('settled');
  });

  it('waits without a limit when given none', async () => {
    const done = new Promise((resolve) => setTimeout(resolve, 30));
    expect(await waitAtMost([done], Number.POSITIVE_INFINITY)).toBe('settled');
  });

  it('gives up on work that never settles after the time given', async () => {
    const started = Date.now();
    expect(await waitAtMost([new Promise(() => {})], 50)).toBe('timed out');
    expect(Date.now() - started).toBeLessThan(2_000);
  });
});
