import { DEALER_CSV_COLUMNS, type StaffDealer } from '@mitrebox/api-contract';
import type { dealers } from './dealers.tables.ts';
import { zipCentroid } from './zip-centroids.ts';

/** A dealer as stored. */
export type DealerRow = typeof dealers.$inferSelect;

/** A dealer as the back office shows it (and the audit log keeps it). */
export const toDealer = (r: DealerRow): StaffDealer => ({ ...r });

/** Whether two rows hold the same dealer, placed at the same point. */
export const sameDealer = (a: DealerRow, b: DealerRow) =>
  DEALER_CSV_COLUMNS.every((c) => a[c] === b[c]) && a.latitude === b.latitude && a.longitude === b.longitude;

/** Coordinates of a dealer: kept when its ZIP did not change (staff may have placed it exactly), else the ZIP's centre. */
export async function locate(zip: string, old?: DealerRow) {
  if (old && old.zip === zip) return { latitude: old.latitude, longitude: old.longitude };
  return zipCentroid(zip);
}
