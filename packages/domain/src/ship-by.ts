import { locationName } from './locations.ts';
import { addDays, type CalendarDay, calendarDay } from './statement-aging.ts';

/**
 * When an order leaves each warehouse and when it should arrive, from the warehouses' settings and a moment: the
 * cart, the Frame Creator, the order's confirmation and its e-mail all say it with these functions.
 *
 * - A warehouse ships on its ship days (ISO weekdays, 1 Monday … 7 Sunday) except holidays (for it, or for every
 *   warehouse). An order in before the cut-off (its own local time, in the warehouse's time zone) on a ship day
 *   ships that day; at the cut-off itself or later it ships on the next ship day.
 * - Delivery by "our truck": the first day on or after the ship day plus the route's transit days on which the
 *   warehouse's truck runs to the buyer's ZIP area (the route with the longest matching ZIP prefix), holidays
 *   skipped. No route: no date promised.
 * - Delivery by carrier (UPS, FedEx): we do not know the carrier's zones, so the estimate is a range of business
 *   days (Monday to Friday, shop-wide holidays skipped) after the ship day: 1 to 2 from the buyer's own warehouse,
 *   2 to 5 from another (ground service across the contiguous states). Said as a range, never as a promise.
 * - Pick-up (will call): ready at the warehouse on the ship day. Any other ship-via: no delivery line.
 */

export interface ShipSchedule {
  location: string;
  /** 'HH:MM', 24-hour, local to timeZone. */
  cutoffTime: string;
  /** IANA time zone of the warehouse. */
  timeZone: string;
  /** ISO weekdays it ships on. */
  shipDays: number[];
}

export interface ShipHoliday {
  day: CalendarDay;
  /** null: every warehouse. */
  location: string | null;
  name: string;
}

export interface TruckRoute {
  location: string;
  zipPrefix: string;
  /** ISO weekdays the truck delivers to the area. */
  days: number[];
  transitDays: number;
  name?: string | null;
}

/** What the estimate needs to know of the buyer: how the account ships, where to, and its home warehouse. */
export interface ShipBuyer {
  shipvia: string | null;
  zip: string | null;
  location: string | null;
}

export interface ShippingSettings {
  schedules: ShipSchedule[];
  holidays: ShipHoliday[];
  routes: TruckRoute[];
}

export const DEFAULT_CUTOFF = '15:00';
export const DEFAULT_SHIP_DAYS = [1, 2, 3, 4, 5];
/** The warehouses' time zones when staff have set none (New Orleans, Greensboro, Tampa, Denver). */
export const DEFAULT_TIME_ZONES: Record<string, string> = {
  B: 'America/New_York',
  C: 'America/Chicago',
  E: 'America/New_York',
  G: 'America/Denver',
};

export const WEEKDAY_NAMES = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];

/** A warehouse's schedule when staff have not set one: 15:00 local, Monday to Friday. */
export function defaultSchedule(location: string): ShipSchedule {
  return {
    location,
    cutoffTime: DEFAULT_CUTOFF,
    timeZone: DEFAULT_TIME_ZONES[location] ?? 'America/New_York',
    shipDays: [...DEFAULT_SHIP_DAYS],
  };
}

export const shippingMessages = {
  cutoff: 'Enter the cut-off time as HH:MM (24-hour), for example 15:00.',
  timeZone: 'Choose a time zone such as America/Chicago.',
  shipDays: 'Choose at least one day.',
  day: 'Enter the day as YYYY-MM-DD.',
  name: 'Enter a name.',
  zipPrefix: 'Enter the first 1 to 5 digits of the ZIP codes.',
  transitDays: 'Enter 0 to 14 days.',
  location: 'Choose a warehouse.',
} as const;

const CUTOFF = /^([01]\d|2[0-3]):[0-5]\d$/;
export const isValidCutoff = (value: string): boolean => CUTOFF.test(value);

/** Whether Intl knows the IANA time zone (what the server and every browser compute with). */
export function isValidTimeZone(value: string): boolean {
  if (!/^[A-Za-z_]+(\/[A-Za-z0-9_+-]+)+$/.test(value) && value !== 'UTC') return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

/** '1,2,3,4,5' → [1,2,3,4,5]: ISO weekdays, sorted, each once; anything else left out. */
export function parseWeekdays(text: string): number[] {
  const days = text
    .split(',')
    .map((d) => Number(d.trim()))
    .filter((d) => Number.isInteger(d) && d >= 1 && d <= 7);
  return [...new Set(days)].sort((a, b) => a - b);
}
export const weekdaysText = (days: number[]): string => parseWeekdays(days.join(',')).join(',');

/** ISO weekday of a calendar day: 1 Monday … 7 Sunday. */
export function weekdayOf(day: CalendarDay): number {
  const d = new Date(`${day}T00:00:00Z`).getUTCDay();
  return d === 0 ? 7 : d;
}

const daysBetween = (from: CalendarDay, to: CalendarDay): number =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);

const partFormats = new Map<string, Intl.DateTimeFormat>();
/** The wall-clock reading in a time zone of a moment, as if it were UTC (its offset is the difference). */
function wallClock(at: number, timeZone: string): number {
  let format = partFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    partFormats.set(timeZone, format);
  }
  const p: Record<string, number> = {};
  for (const part of format.formatToParts(at)) p[part.type] = Number(part.value);
  return Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second);
}

/** The moment a local day and time happen in a time zone (offsets re-read once: right on both sides of DST). */
export function zonedMoment(day: CalendarDay, time: string, timeZone: string): Date {
  const [h, m] = time.split(':').map(Number);
  const wanted = Date.parse(`${day}T00:00:00Z`) + (h * 60 + m) * 60_000;
  const whole = (ms: number) => ms - (ms % 1000);
  let guess = wanted - (wallClock(wanted, timeZone) - whole(wanted));
  const again = wanted - (wallClock(guess, timeZone) - whole(guess));
  if (again !== guess) guess = again;
  return new Date(guess);
}

export function isHoliday(day: CalendarDay, location: string, holidays: ShipHoliday[]): boolean {
  return holidays.some((h) => h.day === day && (h.location === null || h.location === location));
}

export interface Shipment {
  location: string;
  /** The warehouse's local day it leaves. */
  day: CalendarDay;
  /** The warehouse's local day at `now`. */
  today: CalendarDay;
  /** It leaves today: the order is in before today's cut-off. */
  shipsToday: boolean;
  /** Today's cut-off, when it ships today. */
  cutoffAt: Date | null;
  /** Milliseconds to today's cut-off (> 0), when it ships today. */
  msLeft: number | null;
}

/** The furthest ahead a ship day is looked for: a year of closures is a setting gone wrong, not a schedule. */
const HORIZON_DAYS = 370;

/** When an order placed at `now` leaves the warehouse; null when it never ships (no ship days). */
export function nextShipment(schedule: ShipSchedule, holidays: ShipHoliday[], now: Date): Shipment | null {
  const { location, timeZone } = schedule;
  const today = calendarDay(now, timeZone);
  const shipsOn = (day: CalendarDay) =>
    schedule.shipDays.includes(weekdayOf(day)) && !isHoliday(day, location, holidays);
  if (shipsOn(today)) {
    const cutoffAt = zonedMoment(today, schedule.cutoffTime, timeZone);
    const msLeft = cutoffAt.getTime() - now.getTime();
    if (msLeft > 0) return { location, day: today, today, shipsToday: true, cutoffAt, msLeft };
  }
  for (let n = 1; n <= HORIZON_DAYS; n++) {
    const day = addDays(today, n);
    if (shipsOn(day)) return { location, day, today, shipsToday: false, cutoffAt: null, msLeft: null };
  }
  return null;
}

/** '2 h 10 min', '45 min', '1 min': the minutes rounded up, so that "within 1 min" is never already late. */
export function timeLeftText(ms: number): string {
  const minutes = Math.max(1, Math.ceil(ms / 60_000));
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  if (h === 0) return `${m} min`;
  return m === 0 ? `${h} h` : `${h} h ${m} min`;
}

/** 'Tuesday, Dec 1': a calendar day in words. */
export function dayText(day: CalendarDay): string {
  const d = new Date(`${day}T12:00:00Z`);
  const month = d.toLocaleString('en-US', { month: 'short', timeZone: 'UTC' });
  return `${WEEKDAY_NAMES[weekdayOf(day) - 1]}, ${month} ${d.getUTCDate()}`;
}

/** The ship day as said from `today`: its weekday within the coming week, else with its date. */
function shipDayText(s: Shipment): string {
  return daysBetween(s.today, s.day) <= 6 ? WEEKDAY_NAMES[weekdayOf(s.day) - 1] : dayText(s.day);
}

/** How the account's ship-via delivers: our truck, a carrier, pick-up, or something we do not estimate. */
export type DeliveryKind = 'truck' | 'carrier' | 'pickup' | 'other';
export function deliveryKind(shipvia: string | null): DeliveryKind {
  const v = (shipvia ?? '').toUpperCase();
  if (v.includes('TRUCK')) return 'truck';
  if (/\bUPS\b|FED\s?EX|FEDX/.test(v)) return 'carrier';
  if (v.includes('WILL CALL') || v.includes('PICK')) return 'pickup';
  return 'other';
}

const carrierName = (shipvia: string) => (/\bUPS\b/i.test(shipvia) ? 'UPS' : 'FedEx');

/** Business days after a day: Monday to Friday, shop-wide holidays skipped. */
function businessDaysAfter(day: CalendarDay, count: number, holidays: ShipHoliday[]): CalendarDay {
  let d = day;
  for (let left = count; left > 0; ) {
    d = addDays(d, 1);
    if (weekdayOf(d) <= 5 && !holidays.some((h) => h.day === d && h.location === null)) left--;
  }
  return d;
}

/** The truck route to a ZIP from a warehouse: the longest matching ZIP prefix. */
export function routeFor(routes: TruckRoute[], location: string, zip: string | null): TruckRoute | null {
  const z = (zip ?? '').trim();
  if (!z) return null;
  const matching = routes.filter((r) => r.location === location && r.zipPrefix && z.startsWith(r.zipPrefix));
  return matching.sort((a, b) => b.zipPrefix.length - a.zipPrefix.length)[0] ?? null;
}

/** The day our truck brings an order that leaves on `shipDay`; null when the route runs on no day. */
export function truckDeliveryDay(
  route: TruckRoute,
  shipDay: CalendarDay,
  holidays: ShipHoliday[],
): CalendarDay | null {
  const earliest = addDays(shipDay, Math.max(0, route.transitDays));
  for (let n = 0; n <= 60; n++) {
    const day = addDays(earliest, n);
    if (route.days.includes(weekdayOf(day)) && !isHoliday(day, route.location, holidays)) return day;
  }
  return null;
}

export interface Delivery {
  /** First and last expected day (the same for our truck and pick-up). */
  from: CalendarDay;
  to: CalendarDay;
  text: string;
}

/** The expected delivery of a shipment for the buyer, with its words; null when there is none to state. */
export function expectedDelivery(
  shipment: Shipment,
  buyer: ShipBuyer,
  settings: Pick<ShippingSettings, 'holidays' | 'routes'>,
): Delivery | null {
  const kind = deliveryKind(buyer.shipvia);
  const warehouse = locationName(shipment.location) ?? shipment.location;
  if (kind === 'truck') {
    const route = routeFor(settings.routes, shipment.location, buyer.zip);
    const day = route && truckDeliveryDay(route, shipment.day, settings.holidays);
    if (!day) return null;
    return { from: day, to: day, text: `Expected delivery ${dayText(day)} by our truck` };
  }
  if (kind === 'carrier' && buyer.shipvia) {
    const near = buyer.location === shipment.location;
    const from = businessDaysAfter(shipment.day, near ? 1 : 2, settings.holidays);
    const to = businessDaysAfter(shipment.day, near ? 2 : 5, settings.holidays);
    const text = `Expected delivery between ${dayText(from)} and ${dayText(to)} by ${carrierName(buyer.shipvia)}`;
    return { from, to, text };
  }
  if (kind === 'pickup')
    return {
      from: shipment.day,
      to: shipment.day,
      text: `Ready to pick up ${dayText(shipment.day)} in ${warehouse}`,
    };
  return null;
}

export interface ShipByLine {
  location: string;
  warehouse: string;
  shipment: Shipment | null;
  /** "Order within 2 h 10 min to ship today from New Orleans", "Ships Monday from New Orleans". */
  shipText: string;
  /** "Expected delivery Tuesday, Dec 1 by our truck"; null when there is none to state. */
  deliveryText: string | null;
}

/**
 * The lines for one warehouse of an order at `now`. `placed`: the order is in (its confirmation), so a same-day
 * shipment is "Ships today" rather than a countdown.
 */
export function shipByLine(
  settings: ShippingSettings,
  location: string,
  buyer: ShipBuyer | null,
  now: Date,
  opts: { placed?: boolean } = {},
): ShipByLine {
  const warehouse = locationName(location) ?? location;
  const schedule = settings.schedules.find((s) => s.location === location) ?? defaultSchedule(location);
  const shipment = nextShipment(schedule, settings.holidays, now);
  if (!shipment)
    return {
      location,
      warehouse,
      shipment,
      shipText: `No ship days are set for ${warehouse}`,
      deliveryText: null,
    };
  const shipText = shipment.shipsToday
    ? opts.placed
      ? `Ships today from ${warehouse}`
      : `Order within ${timeLeftText(shipment.msLeft ?? 0)} to ship today from ${warehouse}`
    : `Ships ${shipDayText(shipment)} from ${warehouse}`;
  const delivery = buyer ? expectedDelivery(shipment, buyer, settings) : null;
  return { location, warehouse, shipment, shipText, deliveryText: delivery?.text ?? null };
}

/** The lines for each warehouse of an order, in the order the warehouses first appear in it. */
export function shipByLines(
  settings: ShippingSettings,
  locations: (string | null | undefined)[],
  buyer: ShipBuyer | null,
  now: Date,
  opts: { placed?: boolean } = {},
): ShipByLine[] {
  const seen = [...new Set(locations.filter((l): l is string => Boolean(l)))];
  return seen.map((location) => shipByLine(settings, location, buyer, now, opts));
}
