import { defaultDesign } from '@mitrebox/domain';
import { describe, expect, it } from 'vitest';
import { builderReducer, decodeDesign, encodeDesign, initialState } from './frame-state.ts';

describe('frame builder state (storefront §4)', () => {
  it('any change marks not saved; saving marks saved; loading restores and marks saved', () => {
    let s = builderReducer(initialState(), {
      type: 'load',
      id: 7,
      name: 'Wall',
      design: { ...defaultDesign(), matTB: 2 },
    });
    expect([s.saved, s.savedId, s.step, s.design.matTB]).toEqual([true, 7, 3, 2]);
    s = builderReducer(s, { type: 'change', patch: { notes: 'x' } });
    expect(s.saved).toBe(false);
    s = builderReducer(s, { type: 'saved', id: 9, name: 'Copy' });
    expect([s.saved, s.savedId, s.savedName]).toEqual([true, 9, 'Copy']);
  });

  it('an image goes to step 2; continuing without one goes to step 3', () => {
    expect(
      builderReducer(initialState(), { type: 'image', file: 'preset:x', width: 8, height: 6 }).step,
    ).toBe(2);
    expect(builderReducer(initialState(), { type: 'image', file: null, width: 0, height: 0 }).step).toBe(3);
  });

  it('framedata round-trips, and matches the server (base64url JSON)', () => {
    const d = { ...defaultDesign(), notes: 'Gold & “curly” quotes é' };
    expect(decodeDesign(encodeDesign(d))).toEqual(d);
    expect(encodeDesign(d)).toBe(Buffer.from(JSON.stringify(d)).toString('base64url'));
  });
});
