import { Button, ScrollArea } from '@mantine/core';
import type { RecentPurchase } from '@mitrebox/api-contract';
import { Link } from 'react-router';
import { ProductImage } from '../../components/ProductImage.tsx';
import { FilterGroup } from './FilterGroup.tsx';
import classes from './FilterPanel.module.css';

/** The signed-in buyer's recent purchases, each with a Shop button that opens it over the shop. */
export function FrequentlyPurchased({
  purchases,
  shopPath,
}: {
  purchases: RecentPurchase[];
  shopPath: (code: string) => string;
}) {
  return (
    <FilterGroup value="frequent" title="Frequently Purchased">
      <ScrollArea.Autosize mah={236} type="auto" offsetScrollbars className={classes.scroll}>
        <ul className={classes.frequent} data-testid="frequently-purchased">
          {purchases.map((r) => (
            <li key={r.Code} className={classes.frequentItem}>
              <ProductImage src={r.image} alt="" className={classes.frequentImage} size={80} />
              <span className={classes.frequentText}>
                <span className={classes.frequentCode}>{r.Code}</span>
                <span className={classes.frequentName}>{r.description}</span>
              </span>
              <Button
                component={Link}
                to={shopPath(r.Code)}
                state={{ fromShop: true }}
                preventScrollReset
                size="compact-xs"
                variant="light"
                aria-label={`Shop ${r.Code}`}
              >
                Shop
              </Button>
            </li>
          ))}
        </ul>
      </ScrollArea.Autosize>
    </FilterGroup>
  );
}
