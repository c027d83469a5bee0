import { describe, expect, it } from 'vitest';
import { parallelScavenge } from './gc.ts';

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
