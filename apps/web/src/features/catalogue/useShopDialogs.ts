import { useCallback, useEffect, useState } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router';
import { useLazyDialog } from '../../lib/use-opened-once.ts';
import type { ShopProduct } from './catalogue-api.ts';

/** Navigation state of a product opened from within the shop: closing it goes Back. */
interface ShopNavState {
  fromShop?: boolean;
}

/**
 * What the shop opens over its results: the phone's filter drawer, a picture enlarged, a product's details
 * (at /Shop/{code}) and the add-to-cart dialog (also at /Shop/{code}/Y for a buyer). Each is built the first
 * time it opens (ADR 013).
 */
export function useShopDialogs({ canBuy, search }: { canBuy: boolean; search: string }) {
  const { code: routeCode = null } = useParams();
  const location = useLocation();
  const navigate = useNavigate();
  const autoAdd = routeCode !== null && /\/y\/?$/i.test(location.pathname);

  const [drawerOpen, setDrawerOpen] = useState(false);
  const [lightbox, setLightbox] = useState<ShopProduct | null>(null);
  const [detailsInitial, setDetailsInitial] = useState<ShopProduct | null>(null);
  const [cartCode, setCartCode] = useState<string | null>(null);

  const shopPath = useCallback((code: string) => `/Shop/${encodeURIComponent(code)}${search}`, [search]);

  const openDetails = useCallback(
    (p: ShopProduct) => {
      setDetailsInitial(p);
      setDrawerOpen(false);
      navigate(shopPath(p.Code), {
        preventScrollReset: true,
        state: { fromShop: true } satisfies ShopNavState,
      });
    },
    [navigate, shopPath],
  );

  const closeRouteProduct = useCallback(() => {
    if ((location.state as ShopNavState | null)?.fromShop) navigate(-1);
    else navigate({ pathname: '/Shop', search }, { replace: true, preventScrollReset: true });
  }, [location.state, navigate, search]);

  // A product opened from the drawer (Frequently Purchased) shows without the drawer behind it.
  useEffect(() => {
    if (routeCode) setDrawerOpen(false);
  }, [routeCode]);

  const openCart = useCallback((code: string) => setCartCode(code), []);
  const select = useCallback(
    (code: string) => navigate(`/FrameBuilder?select=${encodeURIComponent(code)}`),
    [navigate],
  );

  const detailsCode = routeCode && !(autoAdd && canBuy) ? routeCode : null;
  const dialogCode = cartCode ?? (routeCode && autoAdd && canBuy ? routeCode : null);
  const closeDialog = () => {
    if (cartCode) setCartCode(null);
    else closeRouteProduct();
  };
  const addFromDetails = (code: string) => {
    closeRouteProduct();
    setCartCode(code);
  };

  const drawer = useLazyDialog(drawerOpen);
  const lightboxDialog = useLazyDialog(lightbox !== null);
  const detailsDialog = useLazyDialog(detailsCode !== null);
  const cartDialog = useLazyDialog(dialogCode !== null);

  return {
    shopPath,
    select,
    drawer: { ...drawer, open: () => setDrawerOpen(true), close: () => setDrawerOpen(false) },
    lightbox: { ...lightboxDialog, product: lightbox, open: setLightbox, close: () => setLightbox(null) },
    details: {
      ...detailsDialog,
      code: detailsCode,
      initial: detailsInitial,
      open: openDetails,
      close: closeRouteProduct,
      addToCart: addFromDetails,
    },
    cart: { ...cartDialog, code: dialogCode, open: openCart, close: closeDialog },
  };
}
