import '@mantine/carousel/styles.layer.css';
import { Carousel } from '@mantine/carousel';
import { Text } from '@mantine/core';
import { formatMoney } from '@mitrebox/domain';
import { IconShoppingCartPlus } from '@tabler/icons-react';
import { Link } from 'react-router';
import classes from './BuyAgainCarousel.module.css';
import { ProductImage } from './ProductImage.tsx';

export interface BuyAgainItem {
  Code: string;
  description: string;
  image: string;
  /** The account's net price of a unit beside its list price, when the answer carries it. */
  net_price?: { net: string; list: string; unit: 'ft' | 'ea' };
}

const dollars = (v: string) => `$${formatMoney(v)}`;

/** /Shop/{code}/Y: the shop with the add-to-cart dialog of the product open. */
export const buyAgainPath = (code: string) => `/Shop/${encodeURIComponent(code)}/Y`;

/**
 * Buy Again (storefront §2, §9): the account's recent purchases, 1, 2, 3 or 4 at a time at the 768, 992 and
 * 1200 px breakpoints; each opens the shop with that product's add-to-cart dialog.
 */
export function BuyAgainCarousel({ items, label = 'Buy Again' }: { items: BuyAgainItem[]; label?: string }) {
  if (items.length === 0) return null;
  return (
    <Carousel
      aria-label={label}
      aria-roledescription="carousel"
      slideSize={{ base: '100%', sm: '50%', md: '33.3333%', lg: '25%' }}
      slideGap="md"
      controlSize={34}
      controlsOffset="-6px"
      emblaOptions={{ align: 'start', slidesToScroll: 'auto', containScroll: 'trimSnaps', loop: false }}
      previousControlProps={{ 'aria-label': 'Previous purchases' }}
      nextControlProps={{ 'aria-label': 'More purchases' }}
      classNames={{ root: classes.root, control: classes.control, controls: classes.controls }}
    >
      {items.map((item) => (
        <Carousel.Slide key={item.Code}>
          <Link to={buyAgainPath(item.Code)} className={classes.card} data-testid="buy-again-slide">
            <ProductImage src={item.image} alt="" className={classes.image} />
            <span className={classes.text}>
              <Text component="span" className={classes.code}>
                {item.Code}
              </Text>
              <Text component="span" className={classes.description} lineClamp={2}>
                {item.description}
              </Text>
              {item.net_price ? (
                <Text component="span" className={classes.price} data-testid="buy-again-price">
                  <strong>{dollars(item.net_price.net)}</strong>{' '}
                  {item.net_price.unit === 'ft' ? 'per ft' : 'each'}
                  {item.net_price.net !== item.net_price.list ? (
                    <span className={classes.list}> · list {dollars(item.net_price.list)}</span>
                  ) : null}
                </Text>
              ) : null}
              <span className={classes.cta}>
                <IconShoppingCartPlus size={16} aria-hidden /> Add to Cart
              </span>
            </span>
          </Link>
        </Carousel.Slide>
      ))}
    </Carousel>
  );
}
