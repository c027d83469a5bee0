import { Button, Text, UnstyledButton } from '@mantine/core';
import { locationName, messages } from '@mitrebox/domain';
import { IconAlertTriangle, IconCheck, IconInfoCircle, IconPlus, IconZoomIn } from '@tabler/icons-react';
import { memo } from 'react';
import { ProductImage } from '../../components/ProductImage.tsx';
import { isAccountProduct, type ShopProduct } from './catalogue-api.ts';
import classes from './ProductCard.module.css';
import { collectionLine, formatQty, headlinePrice, mouldingWidth, productTitle } from './product-info.ts';

export const NOT_STOCKED_HERE = messages.notStockedHere;

export interface ProductCardProps {
  product: ShopProduct;
  /** What the card's main action is: add to cart (signed-in buyer), select (frame builder) or none. */
  action: 'cart' | 'select' | 'none';
  /** The account's own warehouse letter (signed in). */
  ownLocation?: string | null;
  /** The first cards of a page load their pictures at once. */
  eager?: boolean;
  /** The first card of a page: its picture is fetched first (the page's largest picture). */
  priority?: boolean;
  onDetails: (product: ShopProduct) => void;
  onEnlarge: (product: ShopProduct) => void;
  onAddToCart: (code: string) => void;
  onSelect: (code: string) => void;
}

/** One product of the shop's grid (storefront §2 Product cards). */
export const ProductCard = memo(function ProductCard({
  product: p,
  action,
  ownLocation,
  eager,
  priority,
  onDetails,
  onEnlarge,
  onAddToCart,
  onSelect,
}: ProductCardProps) {
  const title = productTitle(p);
  const width = mouldingWidth(p);
  const line = collectionLine(p);
  const titleId = `product-${p.Code.replace(/[^A-Za-z0-9_-]/g, '_')}`;
  const account = isAccountProduct(p) ? p : null;
  const price = account ? headlinePrice(account) : '';
  const here = ownLocation ? locationName(ownLocation) : undefined;
  const unit = p.FrameType === 'MOULDING' ? ' ft' : '';

  return (
    <article className={classes.card} aria-labelledby={titleId} data-testid="product-card" data-code={p.Code}>
      <UnstyledButton
        className={classes.imageButton}
        onClick={() => onEnlarge(p)}
        aria-label={`Enlarge picture of ${p.Code}`}
      >
        <ProductImage src={p.image} alt={title} loading={eager ? 'eager' : 'lazy'} priority={priority} />
        <span className={classes.zoom} aria-hidden>
          <IconZoomIn size={18} />
        </span>
      </UnstyledButton>

      <div className={classes.body}>
        <div className={classes.topline}>
          <Text component="span" className={classes.code} data-testid="product-code">
            {p.Code}
          </Text>
          {width ? (
            <span className={classes.width} title="Moulding width" data-testid="product-width">
              {width}
            </span>
          ) : null}
        </div>
        <Text component="h3" id={titleId} className={classes.title} lineClamp={2} title={title}>
          {title}
        </Text>
        {line ? (
          <Text className={classes.line} lineClamp={2} title={line}>
            {line}
          </Text>
        ) : null}

        {account ? (
          <div className={classes.account}>
            {price ? (
              <Text className={classes.price}>
                <span className={classes.priceLabel}>List</span> {price}
              </Text>
            ) : null}
            {account.stocked_here ? (
              <Text className={classes.stock} data-empty={account.available_here <= 0 || undefined}>
                {account.available_here > 0 ? (
                  <IconCheck size={14} aria-hidden />
                ) : (
                  <IconAlertTriangle size={14} aria-hidden />
                )}
                {account.available_here > 0
                  ? `${formatQty(account.available_here)}${unit} available${here ? ` in ${here}` : ''}`
                  : `None available${here ? ` in ${here}` : ''}`}
              </Text>
            ) : (
              <Text className={classes.notice} role="note">
                <IconAlertTriangle size={14} aria-hidden /> {NOT_STOCKED_HERE}
              </Text>
            )}
          </div>
        ) : null}

        <div className={classes.actions}>
          <Button
            variant="default"
            size="sm"
            className={classes.action}
            leftSection={<IconInfoCircle size={16} aria-hidden />}
            onClick={() => onDetails(p)}
            aria-describedby={titleId}
          >
            Details
          </Button>
          {action === 'cart' ? (
            <Button
              size="sm"
              className={classes.action}
              leftSection={<IconPlus size={16} aria-hidden />}
              onClick={() => onAddToCart(p.Code)}
              aria-describedby={titleId}
            >
              Add to Cart
            </Button>
          ) : null}
          {action === 'select' ? (
            <Button
              size="sm"
              color="brass.4"
              c="walnut.9"
              className={classes.action}
              onClick={() => onSelect(p.Code)}
              aria-describedby={titleId}
            >
              Select
            </Button>
          ) : null}
        </div>
      </div>
    </article>
  );
});
