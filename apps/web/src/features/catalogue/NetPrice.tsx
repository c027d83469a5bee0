import type { AccountProduct } from '@mitrebox/api-contract';
import classes from './NetPrice.module.css';
import { headlinePrice, netPriceText } from './product-info.ts';

/**
 * The account's own price of a unit beside the list price it comes from
 * (docs/decisions/009-net-prices-in-listings.md): cards, search results and the product page. Falls back to the list
 * price alone when the answer carries no net price.
 */
export function NetPrice({ product, size = 'sm' }: { product: AccountProduct; size?: 'sm' | 'lg' }) {
  const text = netPriceText(product);
  if (!text) {
    const list = headlinePrice(product);
    return list ? (
      <p className={classes.price} data-size={size}>
        <span className={classes.label}>List</span> <span className={classes.list}>{list}</span>
      </p>
    ) : null;
  }
  return (
    <p className={classes.price} data-size={size} data-testid="net-price">
      <span className={classes.label}>Your price</span>{' '}
      <strong className={classes.net} data-testid="net-price-value">
        {text.net}
      </strong>{' '}
      <span className={classes.unit}>{text.unit}</span>
      <span className={classes.listLine}>
        <span className={classes.label}>List</span>{' '}
        <span className={classes.list} data-testid="list-price-value">
          {text.list}
        </span>
        {text.off ? <span className={classes.off}>{text.off}</span> : null}
      </span>
    </p>
  );
}
