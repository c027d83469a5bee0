import { type ReactNode, useEffect, useRef, useState } from 'react';

/**
 * Renders its children once their place comes within `margin` of the screen, the placeholder until then: a
 * part far down the page (the home page's carousel of every collection, dozens of tiles a carousel measures
 * one by one) costs the first load nothing (ADR 013).
 */
export function NearView({
  children,
  placeholder,
  margin = '600px',
}: {
  children: ReactNode;
  placeholder: ReactNode;
  margin?: string;
}) {
  const ref = useRef<HTMLDivElement>(null);
  // the server renders the placeholder too (the app takes its HTML over as it is)
  const [near, setNear] = useState(
    () => typeof window !== 'undefined' && typeof IntersectionObserver === 'undefined',
  );
  useEffect(() => {
    const el = ref.current;
    if (near || !el) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((e) => e.isIntersecting)) return;
        observer.disconnect();
        setNear(true);
      },
      { rootMargin: margin },
    );
    observer.observe(el);
    return () => observer.disconnect();
  }, [near, margin]);
  return near ? children : <div ref={ref}>{placeholder}</div>;
}
