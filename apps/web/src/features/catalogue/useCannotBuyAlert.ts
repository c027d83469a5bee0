import { CANNOT_BUY_ALERT_DELAY_MS } from '@mitrebox/domain';
import { useEffect, useState } from 'react';
import { useLazyDialog } from '../../lib/use-opened-once.ts';

/** The cannot-buy alert of an account that may not purchase: it opens a moment after the shop does. */
export function useCannotBuyAlert(blocked: boolean) {
  const [open, setOpen] = useState(false);
  const dialog = useLazyDialog(open);
  useEffect(() => {
    if (!blocked) return;
    const timer = window.setTimeout(() => setOpen(true), CANNOT_BUY_ALERT_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [blocked]);
  return { ...dialog, close: () => setOpen(false) };
}
