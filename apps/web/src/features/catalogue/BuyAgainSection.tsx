import { Title } from '@mantine/core';
import { BuyAgainCarousel } from '../../components/BuyAgainCarousel.tsx';
import { WhenNear } from '../../components/WhenNear.tsx';
import type { useRecentPurchases } from './catalogue-api.ts';
import classes from './ShopPage.module.css';

type RecentPurchases = NonNullable<ReturnType<typeof useRecentPurchases>['data']>;

/** Buy Again below the results: the buyer's recent purchases, built once the row comes near. */
export function BuyAgainSection({ items }: { items: RecentPurchases }) {
  return (
    <section className={classes.buyAgain} aria-labelledby="shop-buy-again">
      <Title order={2} id="shop-buy-again" className={classes.buyAgainTitle}>
        Buy Again
      </Title>
      <WhenNear placeholder={<div style={{ minHeight: 300 }} aria-hidden />}>
        <BuyAgainCarousel items={items} />
      </WhenNear>
    </section>
  );
}
