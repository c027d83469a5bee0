import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { defaultDesign, type FrameDesign } from './frame-design.ts';
import { frameLayers, type Rect, type Side } from './frame-layers.ts';
import { designSizes } from './frame-sizes.ts';

const near = (a: number, b: number) => Math.abs(a - b) < 1e-9;
const sameRect = (a: Rect, b: Rect) => near(a.x, b.x) && near(a.y, b.y) && near(a.w, b.w) && near(a.h, b.h);
const same = (p: number[], q: number[]) => near(p[0], q[0]) && near(p[1], q[1]);

/** Four sides that meet at their corners, each mitre at 45° (outer and inner corner `face` apart on both axes). */
function meetsAt45(sides: Side[], face: number): boolean {
  const by = Object.fromEntries(sides.map((s) => [s.side, s.points]));
  if (!same(by.top[2], by.right[3]) || !same(by.right[2], by.bottom[3])) return false;
  if (!same(by.bottom[2], by.left[3]) || !same(by.left[2], by.top[3])) return false;
  if (!same(by.top[1], by.right[0]) || !same(by.left[1], by.top[0])) return false;
  return sides.every((s) => {
    const [o1, , , i1] = s.points;
    return near(Math.abs(o1[0] - i1[0]), face) && near(Math.abs(o1[1] - i1[1]), face);
  });
}

const centredIn = (inner: Rect, outer: Rect) =>
  near(inner.x - outer.x, outer.x + outer.w - (inner.x + inner.w)) &&
  near(inner.y - outer.y, outer.y + outer.h - (inner.y + inner.h));

/** Any design a framer can make: up to three mats, a fillet, an inner moulding, one or two openings. */
const arbDesign = fc
  .record({
    fWidth: fc.integer({ min: 1, max: 40 }),
    fWidthFrac: fc.integer({ min: 0, max: 15 }),
    fHeight: fc.integer({ min: 1, max: 40 }),
    fHeightFrac: fc.integer({ min: 0, max: 15 }),
    matTB: fc.integer({ min: 0, max: 8 }),
    matTBFrac: fc.integer({ min: 0, max: 15 }),
    matLR: fc.integer({ min: 0, max: 8 }),
    matLRFrac: fc.integer({ min: 0, max: 15 }),
    matOverlap: fc.constantFrom(0, 2, 4, 8),
    mats: fc.integer({ min: 0, max: 3 }),
    reveals: fc.array(fc.integer({ min: 2, max: 8 }), { minLength: 2, maxLength: 2 }),
    fillet: fc.constantFrom(null, 'frame' as const, 'mat' as const),
    inner: fc.boolean(),
    double: fc.boolean(),
    matGap: fc.integer({ min: 4, max: 160 }),
    glass: fc.boolean(),
    // face widths in sixteenths
    outer: fc.integer({ min: 4, max: 96 }),
    innerFace: fc.integer({ min: 4, max: 48 }),
    filletFace: fc.integer({ min: 3, max: 16 }),
  })
  .map((r) => {
    const d: FrameDesign = {
      ...defaultDesign(),
      ...r,
      moulding: 'OUTER',
      mat: r.mats > 0 ? 'TOP' : null,
      lowerMats: r.reveals.slice(0, Math.max(0, r.mats - 1)).map((reveal, i) => ({ code: `L${i}`, reveal })),
      fillet: r.fillet && (r.fillet === 'frame' || r.mats > 0) ? { code: 'FIL', position: r.fillet } : null,
      innerMoulding: r.inner ? 'INNER' : null,
      matOpening: r.double && r.mats > 0 ? 'double' : 'rectangle',
      glass: r.glass ? 'G' : null,
    };
    const parts = {
      mouldingWidth: r.outer / 16,
      innerMouldingWidth: r.innerFace / 16,
      filletWidth: r.filletFace / 16,
    };
    return { d, parts, r };
  });

describe('the geometry of every layer (one for the screen and the server)', () => {
  it('property: the moulding and the inner moulding meet at 45°, the inner outside is the outer inside', () => {
    fc.assert(
      fc.property(arbDesign, ({ d, parts }) => {
        const l = frameLayers(d, parts);
        const wo = parts.mouldingWidth;
        if (!meetsAt45(l.moulding, wo)) return false;
        // the moulding's inner edge, read off its top and bottom sides
        const lip: Rect = { x: wo, y: wo, w: l.width - 2 * wo, h: l.height - 2 * wo };
        if (!same(l.moulding[0].points[3], [lip.x, lip.y])) return false;
        if (!l.inner) return near(lip.w, l.inside.w) && near(lip.h, l.inside.h);
        const wi = parts.innerMouldingWidth;
        return (
          sameRect(l.inner.outer, lip) && meetsAt45(l.inner.sides, wi) && sameRect(l.inner.inside, l.inside)
        );
      }),
    );
  });

  it('property: to scale — outside = inside + both mouldings, inside from the picture outwards', () => {
    fc.assert(
      fc.property(arbDesign, ({ d, parts, r }) => {
        const l = frameLayers(d, parts);
        const faces = parts.mouldingWidth + (d.innerMoulding ? parts.innerMouldingWidth : 0);
        if (!near(l.width, l.inside.w + 2 * faces) || !near(l.height, l.inside.h + 2 * faces)) return false;
        // by hand, in sixteenths: each picture less the overlap, the reveals and a fillet in the mat around it,
        // the gap between two windows, the borders, a fillet in the frame
        const pw = r.fWidth * 16 + r.fWidthFrac;
        const ph = r.fHeight * 16 + r.fHeightFrac;
        const f = d.fillet ? r.filletFace : 0;
        const inFrame = d.fillet?.position === 'frame' ? f : 0;
        if (!d.mat)
          return near(l.inside.w, (pw + 2 * inFrame) / 16) && near(l.inside.h, (ph + 2 * inFrame) / 16);
        const grow =
          -2 * d.matOverlap +
          2 * (d.lowerMats ?? []).reduce((s, m) => s + m.reveal, 0) +
          (d.fillet?.position === 'mat' ? 2 * f : 0);
        const windows = d.matOpening === 'double' ? 2 : 1;
        const w =
          windows * (pw + grow) + (windows - 1) * r.matGap + 2 * (r.matLR * 16 + r.matLRFrac) + 2 * inFrame;
        const h = ph + grow + 2 * (r.matTB * 16 + r.matTBFrac) + 2 * inFrame;
        return near(l.inside.w, w / 16) && near(l.inside.h, h / 16);
      }),
    );
  });

  it('property: every mat covers the inside, its windows are centred, each reveal is exactly its size', () => {
    fc.assert(
      fc.property(arbDesign, ({ d, parts }) => {
        const l = frameLayers(d, parts);
        if (l.mats.length !== (d.mat ? 1 + (d.lowerMats?.length ?? 0) : 0)) return false;
        if (l.mat !== (l.mats[0] ?? null)) return false;
        const f = d.fillet?.position === 'mat' ? parts.filletWidth : 0;
        for (const [k, m] of l.mats.entries()) {
          if (!sameRect(m.outer, l.inside)) return false;
          if (m.windows.length !== (d.matOpening === 'double' ? 2 : 1) || m.window !== m.windows[0])
            return false;
          // the windows together are centred on the board; two windows are equal, `matGap` apart on the top mat
          const [a, b = a] = [m.windows[0], m.windows[m.windows.length - 1]];
          const pair = { x: a.x, y: a.y, w: b.x + b.w - a.x, h: a.h };
          if (!centredIn(pair, m.outer) || !near(a.w, b.w) || !near(a.h, b.h) || !near(a.y, b.y))
            return false;
          if (k === 0 && m.windows.length === 2 && !near(b.x - (a.x + a.w), (d.matGap ?? 0) / 16))
            return false;
          if (k === 0) continue;
          // a lower mat shows its reveal inside each window of the layer above (inside the fillet under the top)
          const reveal = (d.lowerMats?.[k - 1].reveal ?? 0) / 16 + (k === 1 ? f : 0);
          if (!near(m.reveal, (d.lowerMats?.[k - 1].reveal ?? 0) / 16)) return false;
          for (const [i, w] of m.windows.entries()) {
            const up = l.mats[k - 1].windows[i];
            if (!centredIn(w, up)) return false;
            if (!near(w.x - up.x, reveal) || !near(up.y + up.h - (w.y + w.h), reveal)) return false;
          }
        }
        // the bevels lie inside their windows
        for (const m of l.mats)
          for (const b of m.bevel)
            for (const [x, y] of b.points)
              if (
                !m.windows.some(
                  (w) => x >= w.x - 1e-9 && x <= w.x + w.w + 1e-9 && y >= w.y - 1e-9 && y <= w.y + w.h + 1e-9,
                )
              )
                return false;
        return true;
      }),
    );
  });

  it('property: each picture is centred under the innermost opening and overlapped by exactly the overlap', () => {
    fc.assert(
      fc.property(arbDesign, ({ d, parts }) => {
        const l = frameLayers(d, parts);
        const s = designSizes(d, parts);
        if (l.art !== l.arts[0]) return false;
        if (!l.mats.length) return l.arts.length === 1 && centredIn(l.art, l.inside);
        // the innermost opening: the bottom window, or inside a fillet lining the only mat's window
        const innermost =
          l.mats.length === 1 && l.fillet?.position === 'mat'
            ? l.fillet.rings.map((r) => r.inside)
            : l.mats[l.mats.length - 1].windows;
        if (l.arts.length !== innermost.length) return false;
        return l.arts.every((a, i) => {
          const w = innermost[i];
          return (
            centredIn(w, a) &&
            near(w.x - a.x, d.matOverlap / 16) &&
            near(a.w, s.picture.width / 16) &&
            near(a.h, s.picture.height / 16)
          );
        });
      }),
    );
  });

  it('property: the fillet lines the top window(s) or the inside, narrowing it by its width, mitred at 45°', () => {
    fc.assert(
      fc.property(arbDesign, ({ d, parts }) => {
        const l = frameLayers(d, parts);
        if (!d.fillet) return l.fillet === null;
        const f = parts.filletWidth;
        const lined = d.fillet.position === 'mat' ? (l.mat?.windows ?? []) : [l.inside];
        if (!l.fillet || l.fillet.rings.length !== lined.length || !near(l.fillet.width, f)) return false;
        return l.fillet.rings.every(
          (r, i) =>
            sameRect(r.outer, lined[i]) &&
            sameRect(r.inside, {
              x: r.outer.x + f,
              y: r.outer.y + f,
              w: r.outer.w - 2 * f,
              h: r.outer.h - 2 * f,
            }) &&
            meetsAt45(r.sides, f),
        );
      }),
    );
  });

  it('a double mat with a fillet in the frame, by hand', () => {
    const d: FrameDesign = {
      ...defaultDesign(),
      fWidth: 8,
      fHeight: 10,
      moulding: 'M',
      mat: 'TOP',
      lowerMats: [{ code: 'BOTTOM', reveal: 4 }],
      matTB: 2,
      matLR: 2,
      matOverlap: 4,
      fillet: { code: 'F', position: 'frame' },
      glass: 'G',
    };
    const l = frameLayers(d, { mouldingWidth: 1, filletWidth: 0.5 });
    // 8 × 10 less 1/4" overlap: 7 1/2 × 9 1/2 shows; the top window 1/4" more each side: 8 × 10;
    // borders 2": 12 × 14; the fillet 1/2" each side: the inside 13 × 15; a 1" moulding: 15 × 17.
    // Across: 1" moulding, 1/2" fillet, 2" border to the top window; 1/4" reveal to the bottom one
    expect(l.mats[1].window).toEqual({ x: 3.75, y: 3.75, w: 7.5, h: 9.5 });
    expect(l.mats[0].window).toEqual({ x: 3.5, y: 3.5, w: 8, h: 10 });
    expect(l.inside).toEqual({ x: 1, y: 1, w: 13, h: 15 });
    expect([l.width, l.height]).toEqual([15, 17]);
    expect(l.fillet?.rings[0].inside).toEqual({ x: 1.5, y: 1.5, w: 12, h: 14 });
    expect(l.art).toEqual({ x: 3.5, y: 3.5, w: 8, h: 10 });
    expect(l.glass).toEqual(l.inside);
  });

  it('two windows for a diptych: each picture its own size, the gap between the top windows', () => {
    const d: FrameDesign = {
      ...defaultDesign(),
      fWidth: 5,
      fHeight: 7,
      mat: 'M',
      matOverlap: 0,
      matTB: 2,
      matLR: 2,
      matOpening: 'double',
      matGap: 16,
    };
    const l = frameLayers(d, { mouldingWidth: null });
    // 2" + 5" + 1" + 5" + 2" across, 2" + 7" + 2" down
    expect(l.inside).toEqual({ x: 0, y: 0, w: 15, h: 11 });
    expect(l.mat?.windows).toEqual([
      { x: 2, y: 2, w: 5, h: 7 },
      { x: 8, y: 2, w: 5, h: 7 },
    ]);
    expect(l.arts).toEqual(l.mat?.windows);
  });
});
