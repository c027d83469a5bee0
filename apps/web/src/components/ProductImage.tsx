import { type CSSProperties, useState } from 'react';
import { cx } from '../lib/cx.ts';
import classes from './ProductImage.module.css';

/** What a catalogue picture falls back to when it cannot be loaded (storefront §8). */
export const PLACEHOLDER_IMAGE = '/cdn/placeholder.jpg';

interface ProductImageProps {
  src: string | null | undefined;
  alt: string;
  /** Width over height of the box the picture fills; the box keeps its size while loading. */
  ratio?: number;
  /** 'cover' crops to fill the box; 'contain' shows the whole picture. */
  fit?: 'cover' | 'contain';
  /** Pictures below the fold load lazily (the default); the first ones of a page eagerly. */
  loading?: 'lazy' | 'eager';
  /** The page's largest picture (its LCP element): fetched first, never lazily. */
  priority?: boolean;
  /** Intrinsic size hint for the browser (the catalogue art is 400 × 400). */
  size?: number;
  /** Only the box for now (a carousel slide far from view): the picture is asked for when this turns false. */
  deferred?: boolean;
  className?: string;
  style?: CSSProperties;
}

/**
 * A catalogue picture (product, collection) in a fixed-ratio box on a linen ground, loaded lazily; a failed
 * load shows the placeholder instead (and never loops if the placeholder fails too).
 */
export function ProductImage({
  src,
  alt,
  ratio = 1,
  fit = 'cover',
  loading = 'lazy',
  priority = false,
  size = 400,
  deferred = false,
  className,
  style,
}: ProductImageProps) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const wanted = src || PLACEHOLDER_IMAGE;
  const shown = failedSrc === wanted ? PLACEHOLDER_IMAGE : wanted;
  return (
    <span className={cx(classes.frame, className)} style={{ aspectRatio: String(ratio), ...style }}>
      {deferred ? null : (
        <img
          className={classes.img}
          data-fit={fit}
          src={shown}
          alt={alt}
          loading={priority ? 'eager' : loading}
          fetchPriority={priority ? 'high' : undefined}
          decoding="async"
          width={size}
          height={Math.round(size / ratio)}
          onError={() => {
            if (shown !== PLACEHOLDER_IMAGE) setFailedSrc(wanted);
          }}
        />
      )}
    </span>
  );
}
