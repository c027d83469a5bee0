import { AddToCartDialog } from '../../components/add-to-cart/AddToCartDialog.tsx';
import { CannotBuyModal } from './CannotBuyModal.tsx';
import { ImageLightbox } from './ImageLightbox.tsx';
import { ProductDetailsModal } from './ProductDetailsModal.tsx';
import type { useCannotBuyAlert } from './useCannotBuyAlert.ts';
import type { useShopDialogs } from './useShopDialogs.ts';

/** The dialogs over the shop, each once it has first opened: picture, details, add to cart, cannot buy. */
export function ShopDialogs(props: {
  dialogs: ReturnType<typeof useShopDialogs>;
  cannotBuy: ReturnType<typeof useCannotBuyAlert>;
  action: 'cart' | 'select' | 'none';
  canBuy: boolean;
}) {
  const { lightbox, details, cart } = props.dialogs;
  const { cannotBuy } = props;
  return (
    <>
      {lightbox.mounted ? (
        <ImageLightbox product={lightbox.opened ? lightbox.product : null} onClose={lightbox.close} />
      ) : null}

      {details.mounted ? (
        <ProductDetailsModal
          code={details.opened ? details.code : null}
          initial={details.initial}
          onClose={details.close}
          action={props.action}
          onAddToCart={details.addToCart}
          onSelect={props.dialogs.select}
        />
      ) : null}

      {props.canBuy && cart.mounted ? (
        <AddToCartDialog code={cart.code} opened={cart.opened} onClose={cart.close} />
      ) : null}

      {cannotBuy.mounted ? <CannotBuyModal opened={cannotBuy.opened} onClose={cannotBuy.close} /> : null}
    </>
  );
}
