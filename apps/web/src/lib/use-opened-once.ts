import { useEffect, useState } from 'react';

/**
 * True from the first time `opened` is true on: a part (a form, a popover) is mounted only once it has been
 * opened (then kept, for its closing transition), so a screen's first render does not build and measure
 * parts nobody has asked for yet (ADR 013).
 */
export function useOpenedOnce(opened: boolean): boolean {
  const [once, setOnce] = useState(opened);
  if (opened && !once) setOnce(true);
  return once || opened;
}

/**
 * The same for a dialog or drawer: `mounted` from the first opening on, and `opened` one commit after it was
 * mounted — a dialog that mounts already open does not see itself open, so it would not note the element to
 * give the focus back to when it closes (Mantine's returnFocus).
 */
export function useLazyDialog(opened: boolean): { mounted: boolean; opened: boolean } {
  const mounted = useOpenedOnce(opened);
  const [ready, setReady] = useState(false);
  useEffect(() => {
    if (mounted && !ready) setReady(true);
  }, [mounted, ready]);
  return { mounted, opened: opened && ready };
}
