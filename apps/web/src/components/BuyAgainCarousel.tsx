import '@mantine/carousel/styles.layer.css';
import { Carousel } from '@mantine/carousel';
import { Text } from '@mantine/core';
import { useIntersection } from '@mantine/hooks';
import { formatMoney } from '@mitrebox/domain';
import { IconShoppingCartPlus } from '@tabler/icons-react';
import { startTransition, useEffect, useState } from 'react';
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

/** The most slides a row shows (4 from 1200 px): what the page's first render builds. */
export const FIRST_SLIDES = 4;

/**
 * Buy Again (storefront §2, §9): the account's recent purchases, 1, 2, 3 or 4 at a time at the 768, 992 and
 * 1200 px breakpoints; each opens the shop with that product's add-to-cart dialog. A buyer's list is up to 100
 * products (some 17 elements each): the first render (and the server's HTML) has the first row, the rest are
 * added once the carousel comes within 600 px of the screen — on the home page they were 130 KB of its HTML and
 * most of the work of taking it over.
 */
export function BuyAgainCarousel({ items, label = 'Buy Again' }: { items: BuyAgainItem[]; label?: string }) {
  const { ref, entry } = useIntersection({ rootMargin: '600px 0px 600px 0px' });
  const [all, setAll] = useState(false);
  useEffect(() => {
    // a transition: React builds the other slides in slices, between the buyer's taps and scrolls
    if (entry?.isIntersecting) startTransition(() => setAll(true));
  }, [entry]);
  if (items.length === 0) return null;
  const shown = all ? items : items.slice(0, FIRST_SLIDES);
  return (
    <Carousel
      ref={ref}
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
      {shown.map((item) => (
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
