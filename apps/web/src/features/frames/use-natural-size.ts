import { useEffect, useState } from 'react';

/** The natural size of the picture at `url` (null until it has loaded, or without a url). */
export function useNaturalSize(url: string | null): { width: number; height: number } | null {
  const [size, setSize] = useState<{ url: string; width: number; height: number } | null>(null);
  useEffect(() => {
    if (!url) return;
    let live = true;
    const img = new Image();
    img.onload = () => {
      if (live) setSize({ url, width: img.naturalWidth, height: img.naturalHeight });
    };
    img.src = url;
    return () => {
      live = false;
    };
  }, [url]);
  return size && size.url === url ? { width: size.width, height: size.height } : null;
}
