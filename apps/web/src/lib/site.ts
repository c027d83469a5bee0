import type { SiteResponse } from '@mitrebox/api-contract';
import { LOCATIONS } from '@mitrebox/domain';
import { useQuery } from '@tanstack/react-query';
import { siteQuery } from './shared-queries.ts';

export const PRODUCT_NAME = 'Mitrebox';

/** What the footer and messages show before GET /api/site answers (the server's own defaults). */
export const SITE_DEFAULTS: SiteInfo = {
  companyName: 'Mitrebox Moulding Supply',
  addressLines: ['4400 Tchoupitoulas St', 'New Orleans, LA 70115'],
  phone: '800-640-2467',
  stagingBanner: false,
  businessTimeZone: 'America/New_York',
  warehouses: LOCATIONS.map((l) => ({
    code: l.code,
    name: l.name,
    street: '',
    city: l.name,
    state: '',
    zip: '',
  })),
};

export interface SiteInfo {
  companyName: string;
  addressLines: string[];
  phone: string;
  stagingBanner: boolean;
  /** Payment batch times and business days are shown in this zone (BUSINESS_TZ). */
  businessTimeZone: string;
  warehouses: { code: string; name: string; street: string; city: string; state: string; zip: string }[];
}

/** '4400 Tchoupitoulas St, New Orleans, LA 70115' → street line, then the rest. */
export function splitAddress(address: string): string[] {
  const i = address.indexOf(',');
  if (i === -1) return [address.trim()].filter(Boolean);
  return [address.slice(0, i).trim(), address.slice(i + 1).trim()].filter(Boolean);
}

export function toSiteInfo(answer: SiteResponse): SiteInfo {
  return {
    companyName: answer.companyName,
    addressLines: splitAddress(answer.companyAddress),
    phone: answer.phone,
    stagingBanner: answer.stagingBanner,
    businessTimeZone: answer.businessTimeZone || SITE_DEFAULTS.businessTimeZone,
    warehouses:
      answer.locations.length > 0
        ? answer.locations.map((l) => ({
            code: l.Loc,
            name: l.Name,
            street: l.Addr1,
            city: l.City,
            state: l.State,
            zip: l.Zip,
          }))
        : SITE_DEFAULTS.warehouses,
  };
}

/** GET /api/site, once per visit; the defaults stand in until it answers (or if it cannot). */
export function useSiteInfo(): SiteInfo {
  const site = useQuery(siteQuery);
  return site.data ? toSiteInfo(site.data) : SITE_DEFAULTS;
}

export const telHref = (phone: string) => `tel:+1${phone.replace(/\D/g, '')}`;

export const SOCIAL_LINKS = [
  { name: 'Facebook', href: 'https://www.facebook.com/' },
  { name: 'Instagram', href: 'https://www.instagram.com/' },
  { name: 'Pinterest', href: 'https://www.pinterest.com/' },
  { name: 'YouTube', href: 'https://www.youtube.com/' },
] as const;
