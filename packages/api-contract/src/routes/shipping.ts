import { isValidCutoff, isValidTimeZone, LOCATION_CODES, shippingMessages } from '@mitrebox/domain';
import { z } from 'zod';
import { ErrorBody, SuccessBody } from '../common.ts';
import { defineRoute } from '../route.ts';

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const location = z.enum(LOCATION_CODES as [string, ...string[]], { error: shippingMessages.location });
const weekdays = z
  .array(z.number().int().min(1).max(7), { error: shippingMessages.shipDays })
  .min(1, shippingMessages.shipDays)
  .max(7, shippingMessages.shipDays);

/** A warehouse's cut-off and ship days (a warehouse staff have not set answers the defaults). */
export const WarehouseSchedule = z.object({
  location: z.string(),
  name: z.string(),
  cutoffTime: z.string(),
  timeZone: z.string(),
  shipDays: z.array(z.number().int()),
});
export type WarehouseSchedule = z.infer<typeof WarehouseSchedule>;

export const ShippingHoliday = z.object({
  id: z.number().int(),
  day: z.string(),
  /** null: every warehouse. */
  location: z.string().nullable(),
  name: z.string(),
});
export type ShippingHoliday = z.infer<typeof ShippingHoliday>;

export const DeliveryRoute = z.object({
  id: z.number().int(),
  location: z.string(),
  zipPrefix: z.string(),
  days: z.array(z.number().int()),
  name: z.string().nullable(),
  transitDays: z.number().int(),
});
export type DeliveryRoute = z.infer<typeof DeliveryRoute>;

/**
 * What the cart, the Frame Creator and the order's confirmation compute their ship-by lines from (the domain's
 * shipByLines): every warehouse's schedule, the holidays ahead, and the buyer's ship-via, ZIP, home warehouse
 * and the truck routes to that ZIP.
 */
export const ShippingScheduleResponse = z.object({
  schedules: z.array(WarehouseSchedule),
  holidays: z.array(ShippingHoliday),
  routes: z.array(DeliveryRoute),
  buyer: z.object({
    shipvia: z.string().nullable(),
    zip: z.string().nullable(),
    location: z.string().nullable(),
  }),
});
export type ShippingScheduleResponse = z.infer<typeof ShippingScheduleResponse>;

/** The back office's view: every schedule, the holidays from a month ago on, every route. */
export const StaffShippingResponse = z.object({
  schedules: z.array(WarehouseSchedule),
  holidays: z.array(ShippingHoliday),
  routes: z.array(DeliveryRoute),
});
export type StaffShippingResponse = z.infer<typeof StaffShippingResponse>;

export const WarehouseScheduleInput = z.object({
  cutoffTime: z.string().refine(isValidCutoff, shippingMessages.cutoff),
  timeZone: z.string().max(64).refine(isValidTimeZone, shippingMessages.timeZone),
  shipDays: weekdays,
});
export type WarehouseScheduleInput = z.infer<typeof WarehouseScheduleInput>;

export const ShippingHolidayInput = z.object({
  day: z
    .string()
    .regex(DAY, shippingMessages.day)
    .refine((d) => !Number.isNaN(Date.parse(`${d}T00:00:00Z`)), shippingMessages.day),
  location: location.nullable().default(null),
  name: z.string().trim().min(1, shippingMessages.name).max(80),
});
export type ShippingHolidayInput = z.input<typeof ShippingHolidayInput>;

export const DeliveryRouteInput = z.object({
  location,
  zipPrefix: z
    .string()
    .trim()
    .regex(/^\d{1,5}$/, shippingMessages.zipPrefix),
  days: weekdays,
  name: z.string().trim().max(80).nullable().default(null),
  transitDays: z.number().int().min(0, shippingMessages.transitDays).max(14, shippingMessages.transitDays),
});
export type DeliveryRouteInput = z.input<typeof DeliveryRouteInput>;

const LocationParams = z.object({ location });
const IdParams = z.object({ id: z.coerce.number().int().positive() });

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody };
const tags = ['Shipping'];
const staffTags = ['Staff: shipping'];

/** When orders ship and arrive: the buyer's read, the back office's settings. */
export const shippingContract = {
  schedule: defineRoute({
    method: 'GET',
    path: '/api/shipping/schedule',
    tags,
    summary:
      'Warehouse cut-offs and ship days, holidays ahead, and the signed-in account’s delivery (ship-via, truck routes)',
    response: { 200: ShippingScheduleResponse, 401: ErrorBody, 403: ErrorBody },
  }),
  staffSettings: defineRoute({
    method: 'GET',
    path: '/api/staff/shipping',
    tags: staffTags,
    summary: 'Every warehouse’s schedule, the holidays and the truck routes',
    response: { 200: StaffShippingResponse, ...errors },
  }),
  saveSchedule: defineRoute({
    method: 'PUT',
    path: '/api/staff/shipping/schedules/:location',
    tags: staffTags,
    summary: 'Set a warehouse’s cut-off time, time zone and ship days',
    params: LocationParams,
    body: WarehouseScheduleInput,
    response: { 200: WarehouseSchedule, ...errors },
  }),
  addHoliday: defineRoute({
    method: 'POST',
    path: '/api/staff/shipping/holidays',
    tags: staffTags,
    summary: 'Add a day nothing ships (one warehouse, or all)',
    body: ShippingHolidayInput,
    response: { 200: ShippingHoliday, ...errors },
  }),
  removeHoliday: defineRoute({
    method: 'DELETE',
    path: '/api/staff/shipping/holidays/:id',
    tags: staffTags,
    summary: 'Remove a holiday',
    params: IdParams,
    response: { 200: SuccessBody, ...errors },
  }),
  addRoute: defineRoute({
    method: 'POST',
    path: '/api/staff/shipping/routes',
    tags: staffTags,
    summary: 'Add a truck route: the days a warehouse’s truck delivers to a ZIP area',
    body: DeliveryRouteInput,
    response: { 200: DeliveryRoute, ...errors },
  }),
  saveRoute: defineRoute({
    method: 'PUT',
    path: '/api/staff/shipping/routes/:id',
    tags: staffTags,
    summary: 'Change a truck route',
    params: IdParams,
    body: DeliveryRouteInput,
    response: { 200: DeliveryRoute, ...errors },
  }),
  removeRoute: defineRoute({
    method: 'DELETE',
    path: '/api/staff/shipping/routes/:id',
    tags: staffTags,
    summary: 'Remove a truck route',
    params: IdParams,
    response: { 200: SuccessBody, ...errors },
  }),
};
