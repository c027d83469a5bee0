import { date, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * When each warehouse ships (issue 32): orders in by the cut-off time (in the warehouse's own time zone) on a
 * shipping day leave that day. `shipDays`: ISO weekdays, '1,2,3,4,5' Monday to Friday. No row: the defaults
 * (packages/domain ship-by).
 */
export const warehouseSchedules = pgTable('warehouse_schedules', {
  location: text('location').primaryKey(),
  /** 'HH:MM', 24-hour, in timeZone. */
  cutoffTime: text('cutoff_time').notNull().default('15:00'),
  /** An IANA time zone, e.g. 'America/Chicago'. */
  timeZone: text('time_zone').notNull(),
  shipDays: text('ship_days').notNull().default('1,2,3,4,5'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Days nothing ships: for one warehouse, or every warehouse when `location` is null. */
export const shippingHolidays = pgTable(
  'shipping_holidays',
  {
    id: serial('id').primaryKey(),
    day: date('day').notNull(),
    location: text('location'),
    name: text('name').notNull(),
  },
  (t) => [index('shipping_holidays_day_idx').on(t.day)],
);

/**
 * "Our truck" delivery: the days a warehouse's truck runs to a ZIP area (the ZIP's first digits), and how many
 * days after shipping it arrives there.
 */
export const deliveryRoutes = pgTable(
  'delivery_routes',
  {
    id: serial('id').primaryKey(),
    location: text('location').notNull(),
    zipPrefix: text('zip_prefix').notNull(),
    /** ISO weekdays the truck delivers there, '2,4' Tuesday and Thursday. */
    days: text('days').notNull(),
    name: text('name'),
    transitDays: integer('transit_days').notNull().default(0),
  },
  (t) => [index('delivery_routes_location_idx').on(t.location, t.zipPrefix)],
);
