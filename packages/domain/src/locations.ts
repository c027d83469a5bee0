/** The four warehouses (storefront §3 Locations, §9). */
export const LOCATIONS = [
  { code: 'B', name: 'Greensboro' },
  { code: 'C', name: 'New Orleans' },
  { code: 'E', name: 'Tampa' },
  { code: 'G', name: 'Denver' },
] as const;

export type LocationCode = (typeof LOCATIONS)[number]['code'];

export const LOCATION_CODES = LOCATIONS.map((l) => l.code) as LocationCode[];

export function locationName(code: string): string | undefined {
  return LOCATIONS.find((l) => l.code === code)?.name;
}
