import { execFile } from 'node:child_process';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { parallelScavenge } from './gc.ts';

const run = promisify(execFile);

describe('young-generation GC on helper threads', () => {
  it('is off on one or two cores unless asked for, on from three, and as set otherwise', () => {
    expect(parallelScavenge('auto', 1)).toBe(false);
    expect(parallelScavenge('auto', 2)).toBe(false);
    expect(parallelScavenge('auto', 3)).toBe(true);
    expect(parallelScavenge('auto', 64)).toBe(true);
    expect(parallelScavenge('on', 2)).toBe(true);
    expect(parallelScavenge('off', 64)).toBe(false);
  });
});

describe('the memory V8 keeps for garbage', () => {
  /** The young generation's largest size (MB) in a child process that keeps a window of 200,000 objects. */
  async function youngGenerationMb(settings: string): Promise<number> {
    const gc = pathToFileURL(path.join(import.meta.dirname, 'gc.ts')).href;
    const script = `
      import v8 from 'node:v8';
      import { applyHeapSettings } from ${JSON.stringify(gc)};
      const settings = ${settings};
      if (settings) applyHeapSettings(settings);
      let kept = [];
      let largest = 0;
      for (let i = 0; i < 2_000_000; i++) {
        kept.push({ i, s: 'x' + i });
        if (kept.length > 200_000) kept = kept.slice(100_000);
        if (i % 10_000 === 0) {
          const young = v8.getHeapSpaceStatistics().find((s) => s.space_name === 'new_space');
          largest = Math.max(largest, young.physical_space_size);
        }
      }
      console.log(largest / 1048576);`;
    const { stdout } = await run(process.execPath, ['--input-type=module', '-e', script]);
    return Number(stdout.trim());
  }

  it('keeps the young generation at its first size when asked to, where V8 alone grows it', async () => {
    const own = await youngGenerationMb('null');
    const bounded = await youngGenerationMb('{ youngGrowth: 1, growthPercent: 25 }');
    expect(bounded).toBeLessThanOrEqual(16);
    expect(own).toBeGreaterThan(2 * bounded);
  }, 30_000);
});
