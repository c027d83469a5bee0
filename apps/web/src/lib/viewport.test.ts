import { describe, expect, it } from 'vitest';
import { initialMatch, renderingFor } from './viewport.ts';

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
