import { type ReactNode, useEffect, useRef, useState } from 'react';

/**
 * A part below the fold (a carousel under a long list) rendered once it comes within `margin` of the viewport:
 * the screen's first render does not build and measure it (ADR 013). Until then a box of `minHeight` holds its
 * place, on the server too (the app takes its HTML over as it is). A browser without IntersectionObserver renders
 * it at once.
 */
export function WhenNear({
  children,
  minHeight,
  margin = '800px',
}: {
  children: ReactNode;
  minHeight: number;
  margin?: string;
}) {
  const [near, setNear] = useState(
    () => typeof window !== 'undefined' && typeof IntersectionObserver === 'undefined',
  );
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const el = box.current;
    if (near || !el) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) setNear(true);
      },
      { rootMargin: `${margin} 0px ${margin} 0px` },
    );
    observer.observe(el);
    return () => observer.disconnect();
  }, [near, margin]);
  if (near) return <>{children}</>;
  return <div ref={box} style={{ minHeight }} aria-hidden data-testid="when-near" />;
}
