import type { deliveryRoutes, shippingHolidays, warehouseSchedules } from '../schema.ts';

/** Every warehouse: orders in by 15:00 local, Monday to Friday, ship that day. */
export const DEMO_WAREHOUSE_SCHEDULES: (typeof warehouseSchedules.$inferInsert)[] = [
  { location: 'B', cutoffTime: '15:00', timeZone: 'America/New_York', shipDays: '1,2,3,4,5' },
  { location: 'C', cutoffTime: '15:00', timeZone: 'America/Chicago', shipDays: '1,2,3,4,5' },
  { location: 'E', cutoffTime: '15:00', timeZone: 'America/New_York', shipDays: '1,2,3,4,5' },
  { location: 'G', cutoffTime: '15:00', timeZone: 'America/Denver', shipDays: '1,2,3,4,5' },
];

/** The US holidays every warehouse closes for. */
export const DEMO_SHIPPING_HOLIDAYS: (typeof shippingHolidays.$inferInsert)[] = [
  { day: '2026-05-25', location: null, name: 'Memorial Day' },
  { day: '2026-07-03', location: null, name: 'Independence Day (observed)' },
  { day: '2026-09-07', location: null, name: 'Labor Day' },
  { day: '2026-11-26', location: null, name: 'Thanksgiving' },
  { day: '2026-12-25', location: null, name: 'Christmas Day' },
  { day: '2027-01-01', location: null, name: 'New Year’s Day' },
];

/** "Our truck": the days each warehouse's truck runs to the ZIP areas around it. */
export const DEMO_DELIVERY_ROUTES: (typeof deliveryRoutes.$inferInsert)[] = [
  { location: 'C', zipPrefix: '701', days: '2,4', name: 'New Orleans', transitDays: 0 },
  { location: 'C', zipPrefix: '708', days: '3', name: 'Baton Rouge', transitDays: 1 },
  { location: 'B', zipPrefix: '274', days: '1,3,5', name: 'Greensboro', transitDays: 0 },
  { location: 'B', zipPrefix: '271', days: '2', name: 'Winston-Salem', transitDays: 1 },
  { location: 'E', zipPrefix: '336', days: '2,5', name: 'Tampa', transitDays: 0 },
  { location: 'E', zipPrefix: '337', days: '3', name: 'St. Petersburg', transitDays: 1 },
  { location: 'G', zipPrefix: '802', days: '1,4', name: 'Denver', transitDays: 0 },
];
