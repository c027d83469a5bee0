import { Text, Title } from '@mantine/core';
import classes from './ShopPage.module.css';

/** The shop's title; in frame-builder mode it says a moulding is being chosen. */
export function ShopHeader({ frameBuilder }: { frameBuilder: boolean }) {
  return (
    <header className={classes.head}>
      <div className={classes.headText}>
        <Text className={classes.eyebrow}>
          {frameBuilder ? 'Frame Builder · choose a moulding' : 'Catalogue'}
        </Text>
        <Title order={1} className={classes.title}>
          Shop
        </Title>
      </div>
    </header>
  );
}
