import { Text } from '@mantine/core';
import { Link } from 'react-router';
import { cx } from '../lib/cx.ts';
import classes from './CollectionTile.module.css';
import { ProductImage } from './ProductImage.tsx';

export interface CollectionTileData {
  id: number;
  name: string;
  image?: string | null;
  /** Products in the collection; left out when unknown. */
  productCount?: number | null;
}

/** The shop filtered by one collection: /shop?collection={id}. */
export const collectionShopPath = (id: number) => `/shop?collection=${id}`;

const fallbackImage = (name: string) =>
  `/cdn/collections/${encodeURIComponent(name.trim().toLowerCase().replace(/\s+/g, '-'))}.jpg`;

/** A collection as a picture tile with its name (and product count); the whole tile is one link. */
export function CollectionTile({
  collection,
  loading = 'lazy',
  compact = false,
  deferImage = false,
  className,
}: {
  collection: CollectionTileData;
  loading?: 'lazy' | 'eager';
  /** Smaller type for carousels. */
  compact?: boolean;
  /** The picture's box only, for now (a carousel slide far from view). */
  deferImage?: boolean;
  className?: string;
}) {
  const { id, name, productCount } = collection;
  return (
    <Link
      to={collectionShopPath(id)}
      className={cx(classes.tile, className)}
      data-compact={compact || undefined}
      data-testid="collection-tile"
    >
      <ProductImage
        src={collection.image || fallbackImage(name)}
        alt=""
        loading={loading}
        deferred={deferImage}
        className={classes.image}
      />
      <span className={classes.caption}>
        <Text component="span" className={classes.name}>
          {name}
        </Text>
        {typeof productCount === 'number' ? (
          <Text component="span" className={classes.count}>
            {productCount} {productCount === 1 ? 'product' : 'products'}
          </Text>
        ) : null}
      </span>
    </Link>
  );
}
