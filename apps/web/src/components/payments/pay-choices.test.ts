import { describe, expect, it } from 'vitest';
import { defaultCardChoice, firstPayMode } from './pay-choices.ts';

describe('the pay window before the user chooses (issue 31)', () => {
  it('preselects the saved card marked default, wherever it is in the list', () => {
    const cards = [
      { id: 3, default: false },
      { id: 7, default: true },
      { id: 9, default: false },
    ];
    expect(defaultCardChoice(cards)).toBe('7');
    expect(defaultCardChoice([{ id: 4, default: 1 }])).toBe('4');
  });

  it('preselects nothing while loading or when no card is default', () => {
    expect(defaultCardChoice(undefined)).toBeNull();
    expect(defaultCardChoice([])).toBeNull();
    expect(defaultCardChoice([{ id: 1, default: false }])).toBeNull();
  });

  it('opens on Enter Card only when the account has no saved card', () => {
    expect(firstPayMode(undefined)).toBe('saved');
    expect(firstPayMode([{ id: 1, default: true }])).toBe('saved');
    expect(firstPayMode([])).toBe('manual');
  });
});
