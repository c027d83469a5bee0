import { describe, expect, it, vi } from 'vitest';
import { endHydration, startHydration } from './hydration.ts';
import { initialMatch, renderingFor, setRenderedGuess } from './viewport.ts';

describe('viewport guess of a server render', () => {
  it("answers width queries for a phone's or a wide screen's render", () => {
    expect(renderingFor('phone', () => initialMatch('(max-width: 36em)'))).toBe(true);
    expect(renderingFor('wide', () => initialMatch('(max-width: 36em)'))).toBe(false);
    expect(renderingFor('phone', () => initialMatch('(min-width: 62em)'))).toBe(false);
    expect(renderingFor('wide', () => initialMatch('(min-width: 62em)'))).toBe(true);
  });

  it('goes back to a wide screen after the render, and answers false to what it cannot read', () => {
    renderingFor('phone', () => undefined);
    expect(initialMatch('(max-width: 47.99em)')).toBe(false);
    expect(renderingFor('phone', () => initialMatch('(orientation: portrait)'))).toBe(false);
  });
});

describe('viewport guess while the app takes over a rendered page', () => {
  it("answers as the server's render did until the screen has been taken over, then as the window does", () => {
    const window = { matchMedia: (query: string) => ({ matches: query.includes('min-width') }) };
    vi.stubGlobal('window', window);
    vi.stubEnv('SSR', false); // a browser's bundle
    try {
      // a wide window over a page the server rendered for a phone
      expect(initialMatch('(max-width: 47.99em)')).toBe(false);
      setRenderedGuess('phone');
      let taken = false;
      startHydration(() => {
        taken = true;
      });
      expect(initialMatch('(max-width: 47.99em)')).toBe(true);
      expect(initialMatch('(min-width: 62em)')).toBe(false);
      // the screen's first commit ends it (HydrationEnd's layout effect)
      endHydration();
      expect(taken).toBe(true);
      expect(initialMatch('(max-width: 47.99em)')).toBe(false);
      expect(initialMatch('(min-width: 62em)')).toBe(true);
    } finally {
      setRenderedGuess(null);
      vi.unstubAllGlobals();
      vi.unstubAllEnvs();
    }
  });
});
