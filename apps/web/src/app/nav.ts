/** The main navigation; Where To Buy is for visitors only (storefront §2 "Header and footer"). */
export const MAIN_NAV = [
  { label: 'Shop', to: '/Shop' },
  { label: 'Collections', to: '/collections' },
  { label: 'Frame Builder', to: '/FrameBuilder' },
  { label: 'Where To Buy', to: '/whereToBuy', anonymousOnly: true },
] as const;

export function mainNav(signedIn: boolean) {
  return MAIN_NAV.filter((item) => !(signedIn && 'anonymousOnly' in item && item.anonymousOnly));
}
