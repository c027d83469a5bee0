import { useHydrated } from '../../lib/hydration.ts';
import type { ShopProduct } from './catalogue-api.ts';
import { ProductCard } from './ProductCard.tsx';
import { ProductTable } from './ProductTable.tsx';
import classes from './ShopPage.module.css';
import type { ShopView } from './ViewToggle.tsx';

/** Cards whose pictures load at once (a phone's first screenful: they are not to compete with the first one). */
const EAGER_CARDS = 4;
/** The cards of the server's render (a wide screen's first screenful); the browser's renders have the whole page. */
const SERVER_CARDS = 12;

/** The products found, as a grid of cards or a dense list; nothing while there are none. */
export function ProductResults(props: {
  items: ShopProduct[];
  view: ShopView;
  refreshing: boolean;
  action: 'cart' | 'select' | 'none';
  ownLocation: string | null | undefined;
  onDetails: (product: ShopProduct) => void;
  onEnlarge: (product: ShopProduct) => void;
  onAddToCart: (code: string) => void;
  onSelect: (code: string) => void;
}) {
  const { items, action, ownLocation, onDetails, onAddToCart, onSelect } = props;
  // the server's render and the app's first render over it have a screenful; the rest comes right after
  const hydrated = useHydrated();
  if (items.length === 0) return null;
  if (props.view === 'list') {
    return (
      <ProductTable
        products={items}
        action={action}
        ownLocation={ownLocation}
        onDetails={onDetails}
        onAddToCart={onAddToCart}
        onSelect={onSelect}
      />
    );
  }
  return (
    <div className={classes.grid} data-refreshing={props.refreshing || undefined} data-testid="product-grid">
      {(hydrated ? items : items.slice(0, SERVER_CARDS)).map((p, i) => (
        <ProductCard
          key={p.Code}
          product={p}
          action={action}
          ownLocation={ownLocation}
          eager={i < EAGER_CARDS}
          priority={i === 0}
          onDetails={onDetails}
          onEnlarge={props.onEnlarge}
          onAddToCart={onAddToCart}
          onSelect={onSelect}
        />
      ))}
    </div>
  );
}
