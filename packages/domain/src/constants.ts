/** Business constants of the specifications (storefront §9, account-area §9). */
export const IDLE_TIMEOUT_MS = 43_200_000; // 12 hours
export const CART_CHECK_INTERVAL_MS = 3_600_000; // 1 hour
export const SEARCH_DEBOUNCE_MS = 600;
export const TOP_SEARCH_PAGE_SIZE = 10;
/** The longest product search text the shop sends (and the server accepts). */
export const SEARCH_MAX_LENGTH = 100;
export const SHOP_PAGE_SIZE = 50;
export const RECENT_PURCHASES_PAGE_SIZE = 100;
export const COLLECTIONS_PAGE_SIZE = 1000;
export const RESET_REDIRECT_DELAY_MS = 3000;
export const CANNOT_BUY_ALERT_DELAY_MS = 1000;
export const ORDER_LIST_PAGE_SIZES = [25, 50, 100, 200, 400] as const;
export const VALUE_LINE_COLLECTION_ID = 87;
export const QUICK_LINK_COLLECTIONS = [
  { id: 133, name: 'Ferrara' },
  { id: 159, name: 'Innsbruck' },
  { id: 132, name: 'Modena' },
] as const;
export const POPULAR_COLLECTIONS_COUNT = 6;
export const DEALER_RADIUS_MILES = [1, 5, 10, 15, 20, 25, 50] as const;
export const PO_MAX_LENGTH = 13;
