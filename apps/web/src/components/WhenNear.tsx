import { useIntersection } from '@mantine/hooks';
import { type ReactNode, useEffect, useState } from 'react';

/**
 * A part far down a page (the home page's carousel of every collection, a carousel under a long list) rendered once
 * its place comes within `margin` of the screen, `placeholder` until then: the page's first render does not build
 * and measure it (ADR 013). The server renders the placeholder too (the app takes its HTML over as it is).
 */
export function WhenNear({
  children,
  placeholder,
  margin = '800px',
}: {
  children: ReactNode;
  placeholder: ReactNode;
  margin?: string;
}) {
  const { ref, entry } = useIntersection({ rootMargin: `${margin} 0px ${margin} 0px` });
  // once near, it stays rendered (scrolling away does not take it down again)
  const [near, setNear] = useState(false);
  useEffect(() => {
    if (entry?.isIntersecting) setNear(true);
  }, [entry]);
  return near ? children : <div ref={ref}>{placeholder}</div>;
}
