import '@mantine/carousel/styles.layer.css';
import { Carousel } from '@mantine/carousel';
import { useState } from 'react';
import { CollectionTile } from '../../components/CollectionTile.tsx';
import classes from './HomePage.module.css';
import type { HomeCollection } from './home-data.ts';

/** Slides past the last one in view whose pictures are fetched ahead. */
const LOOKAHEAD = 4;

/** A row of collection tiles to swipe or page through (its own chunk: loaded after the home page's first paint). */
export function CollectionCarousel({
  label,
  collections,
  slideSize,
  eager = 0,
}: {
  label: string;
  collections: HomeCollection[];
  slideSize: Record<string, string>;
  eager?: number;
}) {
  // Slides beyond the next few ask for no picture yet (lazy loading alone fetches every slide within ~2,000 px
  // sideways: 40 pictures on a phone's first load); the reach grows as the buyer pages through.
  const [reach, setReach] = useState(LOOKAHEAD);
  return (
    <Carousel
      getEmblaApi={(embla) => {
        embla.on('slidesInView', () => {
          const furthest = Math.max(...embla.slidesInView(), 0);
          setReach((r) => Math.max(r, furthest + 1 + LOOKAHEAD));
        });
      }}
      aria-label={label}
      aria-roledescription="carousel"
      slideSize={slideSize}
      slideGap={{ base: 'sm', sm: 'md' }}
      controlSize={36}
      emblaOptions={{ align: 'start', slidesToScroll: 'auto', containScroll: 'trimSnaps' }}
      previousControlProps={{ 'aria-label': `Previous ${label.toLowerCase()}` }}
      nextControlProps={{ 'aria-label': `Next ${label.toLowerCase()}` }}
      classNames={{ control: classes.carouselControl, controls: classes.carouselControls }}
    >
      {collections.map((c, i) => (
        <Carousel.Slide key={c.id}>
          <CollectionTile
            collection={c}
            compact
            loading={i < eager ? 'eager' : 'lazy'}
            deferImage={i >= reach}
          />
        </Carousel.Slide>
      ))}
    </Carousel>
  );
}
