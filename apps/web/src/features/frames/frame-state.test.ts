import { decodeFrameData, defaultDesign, encodeFrameData } from '@mitrebox/domain';
import { describe, expect, it } from 'vitest';
import { builderReducer, initialState, mayGoTo, restoreState } from './frame-state.ts';

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

  it('a picture or none, step 1 leads to the size (step 2)', () => {
    expect(
      builderReducer(initialState(), { type: 'image', file: 'preset:x', width: 8, height: 6 }).step,
    ).toBe(2);
    const without = builderReducer(initialState(), { type: 'image', file: null, width: 0, height: 0 });
    expect([without.step, without.image, without.design.file]).toEqual([2, null, null]);
  });

  it('the size stays reachable from the design, with or without a picture', () => {
    for (const file of [null, 'preset:x']) {
      let s = builderReducer(initialState(), { type: 'image', file, width: 8, height: 6 });
      s = builderReducer(s, {
        type: 'change',
        patch: { fWidth: 16, fWidthFrac: 8, fHeight: 24, fHeightFrac: 4 },
      });
      s = builderReducer(s, { type: 'step', step: 3 });
      expect(s.step).toBe(3);
      s = builderReducer(s, { type: 'step', step: 2 });
      expect([s.step, s.design.fWidth, s.design.fWidthFrac]).toEqual([2, 16, 8]);
      expect(mayGoTo(s, 2)).toBe(true);
    }
    // a saved design opens at the design, its size a click away
    const loaded = builderReducer(initialState(), {
      type: 'load',
      id: 1,
      name: 'A',
      design: defaultDesign(),
    });
    expect(builderReducer(loaded, { type: 'step', step: 2 }).step).toBe(2);
  });

  it('the design waits for a size it can be built at', () => {
    let s = builderReducer(initialState(), { type: 'image', file: null, width: 0, height: 0 });
    s = builderReducer(s, { type: 'change', patch: { fWidth: 0, fWidthFrac: 0 } });
    expect(builderReducer(s, { type: 'step', step: 3 }).step).toBe(2);
    s = builderReducer(s, { type: 'change', patch: { fWidthFrac: 1 } });
    expect(builderReducer(s, { type: 'step', step: 3 }).step).toBe(3);
  });

  it('framedata is the domain codec: it round-trips and matches the server (base64url JSON)', () => {
    const d = { ...defaultDesign(), notes: 'Gold & “curly” quotes é' };
    expect(decodeFrameData(encodeFrameData(d))).toEqual(d);
    expect(encodeFrameData(d)).toBe(Buffer.from(JSON.stringify(d)).toString('base64url'));
  });

  it('a build kept in the session before the added layers existed comes back with none of them', () => {
    const store = new Map<string, string>();
    const old = { ...defaultDesign(), moulding: 'M' } as Record<string, unknown>;
    for (const k of ['lowerMats', 'fillet', 'innerMoulding', 'matOpening', 'matGap']) delete old[k];
    store.set('mitrebox.frameBuilder', JSON.stringify({ ...initialState(), design: old }));
    const was = globalThis.sessionStorage;
    Object.defineProperty(globalThis, 'sessionStorage', {
      configurable: true,
      value: { getItem: (k: string) => store.get(k) ?? null },
    });
    try {
      const s = restoreState();
      expect(s.step).toBe(3);
      expect(s.design).toEqual({ ...defaultDesign(), moulding: 'M' });
    } finally {
      Object.defineProperty(globalThis, 'sessionStorage', { configurable: true, value: was });
    }
  });
});
