import '@mantine/carousel/styles.layer.css';
import { Carousel } from '@mantine/carousel';
import { CollectionTile } from '../../components/CollectionTile.tsx';
import classes from './HomePage.module.css';
import type { HomeCollection } from './home-data.ts';

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
  return (
    <Carousel
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
          <CollectionTile collection={c} compact loading={i < eager ? 'eager' : 'lazy'} />
        </Carousel.Slide>
      ))}
    </Carousel>
  );
}
