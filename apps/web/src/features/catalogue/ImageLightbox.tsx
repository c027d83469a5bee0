import { Modal, Text } from '@mantine/core';
import { ProductImage } from '../../components/ProductImage.tsx';
import type { ShopProduct } from './catalogue-api.ts';
import { collectionLine, productTitle } from './product-info.ts';
import classes from './ShopPage.module.css';

/** The large picture of a product (the card's image opens it). */
export function ImageLightbox({ product, onClose }: { product: ShopProduct | null; onClose: () => void }) {
  const title = product ? productTitle(product) : '';
  return (
    <Modal
      opened={product !== null}
      onClose={onClose}
      size="min(92vw, 42rem)"
      centered
      title={product ? `${product.Code} · ${title}` : ''}
      closeButtonProps={{ 'aria-label': 'Close picture' }}
      classNames={{ title: classes.modalTitle }}
    >
      {product ? (
        <figure className={classes.lightbox}>
          <ProductImage src={product.image} alt={title} loading="eager" fit="contain" size={800} />
          {collectionLine(product) ? (
            <Text component="figcaption" size="sm" c="dimmed" mt="xs">
              {collectionLine(product)}
            </Text>
          ) : null}
        </figure>
      ) : null}
    </Modal>
  );
}
