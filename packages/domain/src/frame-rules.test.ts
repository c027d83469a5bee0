import { describe, expect, it } from 'vitest';
import { defaultDesign, type FrameDesign, frameMessages, validateDesign } from './frame-design.ts';

const design = (over: Partial<FrameDesign> = {}): FrameDesign => ({
  ...defaultDesign(),
  fWidth: 10,
  fHeight: 12,
  moulding: 'M',
  ...over,
});

describe('the rules of the layers a framer adds (validateDesign)', () => {
  it('a double and a triple mat, a fillet in either place, an inner moulding and two openings are fine', () => {
    const d = design({
      mat: 'TOP',
      lowerMats: [
        { code: 'MIDDLE', reveal: 2 },
        { code: 'BOTTOM', reveal: 8 },
      ],
      fillet: { code: 'F', position: 'mat' },
      innerMoulding: 'L',
      matOpening: 'double',
      matGap: 24,
    });
    expect(validateDesign(d, { mouldingWidth: 1 })).toEqual({});
    expect(validateDesign({ ...d, fillet: { code: 'F', position: 'frame' } }, { mouldingWidth: 1 })).toEqual(
      {},
    );
  });

  it('at most three mats; mats under the top one need a top mat and a board each', () => {
    const three = [1, 2, 3].map((i) => ({ code: `L${i}`, reveal: 4 }));
    expect(validateDesign(design({ mat: 'TOP', lowerMats: three })).lowerMats).toBe(
      'A design can have at most 3 mats',
    );
    expect(validateDesign(design({ mat: null, lowerMats: three.slice(0, 1) })).lowerMats).toBe(
      'Choose the top mat before the mats under it',
    );
    expect(validateDesign(design({ mat: 'TOP', lowerMats: [{ code: ' ', reveal: 4 }] }))['lowerMats.0']).toBe(
      frameMessages.lowerMatMissing,
    );
  });

  it.each([0, 1, 9, 16, 2.5, -4, Number.NaN])('a reveal of %s sixteenths is refused', (reveal) => {
    const d = design({
      mat: 'TOP',
      lowerMats: [
        { code: 'B', reveal: 4 },
        { code: 'C', reveal },
      ],
    });
    expect(validateDesign(d)).toEqual({ 'lowerMats.1': 'A mat reveal must be between 1/8" and 1/2"' });
  });

  it('a fillet and an inner moulding sit inside a moulding; a fillet in the mat needs a mat', () => {
    expect(validateDesign(design({ moulding: null, fillet: { code: 'F', position: 'frame' } })).fillet).toBe(
      'A fillet sits inside a moulding: choose a moulding first',
    );
    expect(validateDesign(design({ mat: null, fillet: { code: 'F', position: 'mat' } })).fillet).toBe(
      'A fillet in the mat opening needs a mat: choose a mat first',
    );
    expect(validateDesign(design({ moulding: null, innerMoulding: 'L' })).innerMoulding).toBe(
      'An inner moulding sits inside a moulding: choose the outer moulding first',
    );
  });

  it('two openings are cut in a mat, a gap of 1/4" to 10" apart', () => {
    expect(validateDesign(design({ mat: null, matOpening: 'double' })).matOpening).toBe(
      'Two openings are cut in a mat: choose a mat first',
    );
    for (const matGap of [0, 3, 161, 1.5])
      expect(validateDesign(design({ mat: 'M', matOpening: 'double', matGap })).matGap).toBe(
        'The gap between the two openings must be between 1/4" and 10"',
      );
    // the gap of one opening is not judged
    expect(validateDesign(design({ mat: 'M', matOpening: 'rectangle', matGap: 0 }))).toEqual({});
  });

  it('each mat board covers the frame’s inside, grown by the reveals, the fillet and a second window', () => {
    const sheets = { mouldingWidth: 1, matSheet: { w: 16, h: 20 }, lowerMatSheets: [{ w: 16, h: 20 }] };
    // 10 × 12 less 1/2" overlap, 3" borders: 15 1/2 × 17 1/2 fits a 16 × 20 board
    const one = design({ mat: 'TOP' });
    expect(validateDesign(one, sheets)).toEqual({});
    // a 1/4" reveal makes it 16 × 18: still fits; a 1/2" reveal 16 1/2 × 18 1/2 fits neither board
    const two = design({ mat: 'TOP', lowerMats: [{ code: 'B', reveal: 4 }] });
    expect(validateDesign(two, sheets)).toEqual({});
    expect(validateDesign({ ...two, lowerMats: [{ code: 'B', reveal: 8 }] }, sheets)).toEqual({
      matTB: 'The mat borders are larger than the mat board (16 x 20)',
      'lowerMats.0': 'This mat board (16 x 20) is smaller than the top mat: choose a larger board',
    });
    // a 1/2" fillet in the frame grows the mats by 1/2" on each side
    const filleted = design({ mat: 'TOP', fillet: { code: 'F', position: 'frame' } });
    expect(validateDesign(filleted, { ...sheets, filletWidth: 0.5 }).matTB).toBe(
      frameMessages.borderTooLarge(16, 20),
    );
    // two 9 1/2" windows and a 1" gap are 26" across with the borders
    expect(validateDesign(design({ mat: 'TOP', matOpening: 'double' }), sheets).matTB).toBe(
      'The two openings and their borders are larger than the mat board (16 x 20)',
    );
  });

  it('the glazing covers the inside with its fillet; the messages of before are unchanged', () => {
    const glass = { mouldingWidth: 1, glassSheet: { w: 10, h: 12 }, filletWidth: 0.5 };
    expect(validateDesign(design({ glass: 'G' }), glass)).toEqual({});
    expect(
      validateDesign(design({ glass: 'G', fillet: { code: 'F', position: 'frame' } }), glass).glass,
    ).toBe('The glazing (10 x 12) is smaller than the inside of the frame: choose a larger sheet');
    expect(frameMessages.borderTooLarge(32, 40)).toBe(
      'The mat borders are larger than the mat board (32 x 40)',
    );
    expect(frameMessages.openingTooSmall).toBe('The mat opening must be larger than its overlap');
  });

  it('a design saved before the new layers is judged as it was', () => {
    const { lowerMats, fillet, innerMoulding, matOpening, matGap, ...before } = design({
      mat: 'M',
      glass: 'G',
    });
    expect(validateDesign(before as FrameDesign, { mouldingWidth: 1, matSheet: { w: 32, h: 40 } })).toEqual(
      {},
    );
  });
});
