/** The pay window's choices before the user makes one (issue 31). */
export type PayMode = 'saved' | 'manual';

interface SavedCardLike {
  id: number;
  default?: boolean | number | null;
}

/** The saved card to preselect: the account's default card, as a radio value (none when no card is default). */
export function defaultCardChoice(saved: readonly SavedCardLike[] | undefined): string | null {
  const card = saved?.find((m) => Boolean(m.default));
  return card ? String(card.id) : null;
}

/** Saved card, unless the account has none saved (then Enter Card); saved while the cards are loading. */
export function firstPayMode(saved: readonly SavedCardLike[] | undefined): PayMode {
  return saved && saved.length === 0 ? 'manual' : 'saved';
}
