import { type RefObject, useEffect, useRef } from 'react';

/**
 * Calls `onReach` whenever the sentinel element comes within `rootMargin` of the viewport while `enabled`
 * (infinite scroll). The latest callback is always used; the observer is re-created only when enabled flips.
 */
export function useInfiniteScroll(
  sentinel: RefObject<Element | null>,
  {
    enabled,
    onReach,
    rootMargin = '0px 0px 900px 0px',
  }: { enabled: boolean; onReach: () => void; rootMargin?: string },
): void {
  const callback = useRef(onReach);
  callback.current = onReach;

  useEffect(() => {
    const el = sentinel.current;
    if (!enabled || !el || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) callback.current();
      },
      { rootMargin },
    );
    observer.observe(el);
    return () => observer.disconnect();
  }, [sentinel, enabled, rootMargin]);
}
