import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { defaultDesign, type FrameDesign } from './frame-design.ts';
import { faceKind, faceRelief, frameSvg, type MouldingLook } from './frame-drawing.ts';
import { frameLayers } from './frame-layers.ts';
import { finishKind, mouldingLook, type ProfileKind, profileHeight, profileKind } from './moulding-look.ts';

const count = (text: string, part: string) => text.split(part).length - 1;

describe('the moulding look, read from the catalogue (one definition for the drawing and the product art)', () => {
  it.each([
    ['Gold Leaf', 'leaf'],
    ['Antique Gold', 'leaf'],
    ['Champagne Gold', 'leaf'],
    ['Brushed Silver', 'metal'],
    ['Bright Gold', 'metal'],
    ['Walnut', 'wood'],
    ['White Wash', 'wood'],
    ['Ebony', 'wood'],
    ['Barnwood Gray', 'distressed'],
    ['Black Lacquer', 'gloss'],
    ['Black Satin', 'paint'],
    ['Slate Blue', 'paint'],
    [null, 'paint'],
  ])('the finish %s reads as %s', (name, kind) => {
    expect(finishKind(name)).toBe(kind);
    expect(faceKind(name)).toBe(kind);
  });

  it.each([
    ['Flat', 'flat'],
    ['Scoop', 'scoop'],
    ['Reverse', 'reverse'],
    ['Cap', 'cap'],
    ['Bevel', 'bevel'],
    ['Floater', 'floater'],
    ['Rounded', 'rounded'],
    ['Bullnose', 'rounded'],
    ['Stepped', 'stepped'],
    ['Box', 'box'],
    ['', 'flat'],
  ])('the profile %s reads as %s', (name, kind) => expect(profileKind(name)).toBe(kind));

  it('property: a face is never higher than 1 nor lower than 0, for every profile', () => {
    const kinds: ProfileKind[] = [
      'flat',
      'scoop',
      'reverse',
      'cap',
      'bevel',
      'floater',
      'rounded',
      'stepped',
      'box',
    ];
    fc.assert(
      fc.property(fc.constantFrom(...kinds), fc.double({ min: 0, max: 1, noNaN: true }), (k, t) => {
        const h = profileHeight(k, t);
        return h >= 0 && h <= 1;
      }),
    );
    expect(faceRelief('Scoop', 0.4)).toBe(profileHeight('scoop', 0.4));
  });

  it('an Ornate style carries beads, a floater never', () => {
    const look = { swatch: '#c9a24a', finishName: 'Gold Leaf', profileName: 'Scoop', styleName: 'Ornate' };
    expect(mouldingLook(look)).toEqual({
      base: [201, 162, 74],
      finish: 'leaf',
      profile: 'scoop',
      ornate: true,
    });
    expect(mouldingLook({ ...look, profileName: 'Floater' }).ornate).toBe(false);
  });
});

const everything: FrameDesign = {
  ...defaultDesign(),
  fWidth: 8,
  fHeight: 10,
  moulding: 'M',
  innerMoulding: 'L',
  mat: 'TOP',
  lowerMats: [
    { code: 'MID', reveal: 4 },
    { code: 'BOT', reveal: 4 },
  ],
  fillet: { code: 'F', position: 'mat' },
  matOpening: 'double',
  glass: 'G',
};
const parts = { mouldingWidth: 2, innerMouldingWidth: 1, filletWidth: 0.25 };
const walnut: MouldingLook = { swatch: '#5e3f2e', finishName: 'Walnut', profileName: 'Flat' };

describe('the drawing of every layer', () => {
  it('draws each mat in its colour, the fillet rings, the inner moulding and the moulding, the two pictures', () => {
    const svg = frameSvg(frameLayers(everything, parts), {
      moulding: walnut,
      inner: { swatch: '#c9a24a', finishName: 'Gold Leaf', profileName: 'Scoop' },
      fillet: { swatch: '#222222', finishName: 'Black Satin', profileName: 'Bevel' },
      mats: [{ swatch: '#f0eee8' }, { swatch: '#6a1f2b' }, { swatch: '#1f2d48', core: 'black' }],
    });
    expect(svg).toContain('fill="#f0eee8"');
    expect(svg).toContain('fill="#6a1f2b"');
    expect(svg).toContain('fill="#1f2d48"');
    // two placeholders for the two pictures; three mats of two windows each, four bevel sides a window
    expect(count(svg, 'url(#fb-blank)')).toBe(2);
    expect(count(svg, 'fill-rule="evenodd"')).toBe(3);
    // four sides of each ring: the moulding, the inner moulding and the two fillet rings
    for (const ring of ['fb-g-', 'fb-i-g-', 'fb-f0-g-', 'fb-f1-g-'])
      expect(count(svg, `<linearGradient id="${ring}`)).toBe(4);
  });

  it('two mouldings of one finish but different profiles look different', () => {
    const layers = frameLayers({ ...defaultDesign(), moulding: 'M' }, { mouldingWidth: 2 });
    const drawn = ['Flat', 'Scoop', 'Stepped', 'Cap'].map((profileName) =>
      frameSvg(layers, { moulding: { ...walnut, profileName } }),
    );
    expect(new Set(drawn).size).toBe(4);
    // and an Ornate style adds its row of beads
    const ornate = frameSvg(layers, { moulding: { ...walnut, styleName: 'Ornate' } });
    expect(ornate).toContain('stroke-dasharray');
    expect(drawn[0]).not.toContain('stroke-dasharray');
  });

  it('leaf, wood and paint read as what they are: leaf squares, grain, a plain face', () => {
    const layers = frameLayers({ ...defaultDesign(), moulding: 'M' }, { mouldingWidth: 2 });
    const draw = (finishName: string) => frameSvg(layers, { moulding: { ...walnut, finishName } });
    expect(draw('Walnut')).toContain('<path d="M');
    expect(draw('Gold Leaf')).toContain('stroke="#8a3b22"');
    const paint = draw('Navy');
    expect(paint).not.toContain('<path d="M');
    expect(paint).not.toContain('stroke="#8a3b22"');
  });
});
