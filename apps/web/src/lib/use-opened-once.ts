import { useState } from 'react';

/**
 * True from the first time `opened` is true on: a dialog, drawer or menu is mounted only once it has been
 * opened (then kept, for its closing transition), so a screen's first render does not build and measure
 * parts nobody has asked for yet (ADR 013).
 */
export function useOpenedOnce(opened: boolean): boolean {
  const [once, setOnce] = useState(opened);
  if (opened && !once) setOnce(true);
  return once || opened;
}
