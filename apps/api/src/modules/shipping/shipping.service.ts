import type {
  DeliveryRoute,
  DeliveryRouteInput,
  ShippingHoliday,
  ShippingHolidayInput,
  ShippingScheduleResponse,
  StaffShippingResponse,
  WarehouseSchedule,
  WarehouseScheduleInput,
} from '@mitrebox/api-contract';
import {
  addDays,
  calendarDay,
  defaultSchedule,
  LOCATIONS,
  parseWeekdays,
  type ShipBuyer,
  type ShipByLine,
  type ShippingSettings,
  shipByLines,
  weekdaysText,
} from '@mitrebox/domain';
import { and, asc, eq, gte, lte } from 'drizzle-orm';
import type { Db, Queryable } from '../../platform/db.ts';
import { notFound } from '../../platform/errors.ts';
import { findAccount } from '../accounts/accounts.service.ts';
import { type AuditActor, recordAudit } from '../audit/audit.service.ts';
import { deliveryRoutes, shippingHolidays, warehouseSchedules } from './shipping.tables.ts';

/** How far ahead the buyer's holidays reach: past the furthest a ship day and a truck's run are looked for. */
const HOLIDAYS_AHEAD_DAYS = 120;
/** The back office lists holidays from a month ago (the recent ones are still worth seeing). */
const HOLIDAYS_BACK_DAYS = 31;

type ScheduleRow = typeof warehouseSchedules.$inferSelect;
type HolidayRow = typeof shippingHolidays.$inferSelect;
type RouteRow = typeof deliveryRoutes.$inferSelect;

const toHoliday = (r: HolidayRow): ShippingHoliday => ({
  id: r.id,
  day: r.day,
  location: r.location,
  name: r.name,
});
const toRoute = (r: RouteRow): DeliveryRoute => ({
  id: r.id,
  location: r.location,
  zipPrefix: r.zipPrefix,
  days: parseWeekdays(r.days),
  name: r.name,
  transitDays: r.transitDays,
});

/** Every warehouse's schedule: its row, else the defaults (15:00 local, Monday to Friday). */
function schedulesOf(rows: ScheduleRow[]): WarehouseSchedule[] {
  return LOCATIONS.map(({ code, name }) => {
    const row = rows.find((r) => r.location === code);
    const s = row
      ? {
          location: code,
          cutoffTime: row.cutoffTime,
          timeZone: row.timeZone,
          shipDays: parseWeekdays(row.shipDays),
        }
      : defaultSchedule(code);
    return { ...s, name };
  });
}

async function holidaysBetween(db: Queryable, from: string, to: string): Promise<ShippingHoliday[]> {
  const rows = await db
    .select()
    .from(shippingHolidays)
    .where(and(gte(shippingHolidays.day, from), lte(shippingHolidays.day, to)))
    .orderBy(asc(shippingHolidays.day), asc(shippingHolidays.id));
  return rows.map(toHoliday);
}

/** The truck routes that reach a ZIP (any warehouse's): those whose prefix starts the ZIP. */
async function routesTo(db: Queryable, zip: string | null): Promise<DeliveryRoute[]> {
  const z = (zip ?? '').trim();
  if (!z) return [];
  const rows = await db.select().from(deliveryRoutes).orderBy(asc(deliveryRoutes.id));
  return rows.filter((r) => z.startsWith(r.zipPrefix)).map(toRoute);
}

export type ShippingService = ReturnType<typeof createShippingService>;

/**
 * When orders ship and arrive: the warehouses' cut-offs and ship days, the holidays and the truck routes staff
 * keep, and the buyer's own view of them. The arithmetic is the domain's (ship-by.ts), the same in the browser.
 */
export function createShippingService(deps: { db: Db; timeZone: string }) {
  const { db } = deps;

  /** The settings and the account's delivery facts, as the buyer's screens compute their lines from. */
  async function scheduleFor(acctnum: string, now = new Date()): Promise<ShippingScheduleResponse> {
    const today = calendarDay(now, deps.timeZone);
    const [rows, holidays, account] = await Promise.all([
      db.select().from(warehouseSchedules),
      holidaysBetween(db, addDays(today, -1), addDays(today, HOLIDAYS_AHEAD_DAYS)),
      findAccount(db, acctnum),
    ]);
    const buyer = {
      shipvia: account?.shipvia ?? null,
      zip: account?.zip ?? null,
      location: account?.location ?? null,
    };
    return { schedules: schedulesOf(rows), holidays, routes: await routesTo(db, buyer.zip), buyer };
  }

  return {
    scheduleFor,

    /**
     * The lines of a placed order's confirmation, one per warehouse in it, as of the moment it was placed:
     * "Ships today from New Orleans", "Expected delivery Tuesday, Dec 1 by our truck".
     */
    async orderLines(
      order: { Acctnum: string; OrdDate: string; items: { Location?: string | null }[] },
      buyer?: Partial<ShipBuyer>,
    ): Promise<ShipByLine[]> {
      const placedAt = new Date(order.OrdDate);
      const s = await scheduleFor(order.Acctnum, placedAt);
      const settings: ShippingSettings = s;
      return shipByLines(
        settings,
        order.items.map((i) => i.Location),
        { ...s.buyer, ...buyer },
        placedAt,
        { placed: true },
      );
    },

    async staffSettings(now = new Date()): Promise<StaffShippingResponse> {
      const today = calendarDay(now, deps.timeZone);
      const [rows, holidays, routes] = await Promise.all([
        db.select().from(warehouseSchedules),
        holidaysBetween(db, addDays(today, -HOLIDAYS_BACK_DAYS), '9999-12-31'),
        db.select().from(deliveryRoutes).orderBy(asc(deliveryRoutes.location), asc(deliveryRoutes.zipPrefix)),
      ]);
      return { schedules: schedulesOf(rows), holidays, routes: routes.map(toRoute) };
    },

    async saveSchedule(location: string, input: WarehouseScheduleInput, actor: AuditActor) {
      return db.transaction(async (tx) => {
        const [old] = await tx
          .select()
          .from(warehouseSchedules)
          .where(eq(warehouseSchedules.location, location));
        const values = { ...input, shipDays: weekdaysText(input.shipDays), updatedAt: new Date() };
        const [row] = await tx
          .insert(warehouseSchedules)
          .values({ location, ...values })
          .onConflictDoUpdate({ target: warehouseSchedules.location, set: values })
          .returning();
        const [saved] = schedulesOf([row]).filter((s) => s.location === location);
        await recordAudit(tx, actor, {
          action: 'shipping.schedule',
          entity: 'warehouse_schedule',
          entityId: location,
          before: old ? schedulesOf([old]).find((s) => s.location === location) : null,
          after: saved,
        });
        return saved;
      });
    },

    async addHoliday(input: ShippingHolidayInput, actor: AuditActor): Promise<ShippingHoliday> {
      return db.transaction(async (tx) => {
        const [row] = await tx
          .insert(shippingHolidays)
          .values({ day: input.day, location: input.location ?? null, name: input.name })
          .returning();
        const after = toHoliday(row);
        await recordAudit(tx, actor, {
          action: 'shipping.holiday.add',
          entity: 'shipping_holiday',
          entityId: row.id,
          after,
        });
        return after;
      });
    },

    async removeHoliday(id: number, actor: AuditActor): Promise<void> {
      await db.transaction(async (tx) => {
        const [row] = await tx.delete(shippingHolidays).where(eq(shippingHolidays.id, id)).returning();
        if (!row) throw notFound('No such holiday.');
        await recordAudit(tx, actor, {
          action: 'shipping.holiday.remove',
          entity: 'shipping_holiday',
          entityId: id,
          before: toHoliday(row),
        });
      });
    },

    async saveRoute(id: number | null, input: DeliveryRouteInput, actor: AuditActor): Promise<DeliveryRoute> {
      const values = {
        location: input.location,
        zipPrefix: input.zipPrefix,
        days: weekdaysText(input.days),
        name: input.name || null,
        transitDays: input.transitDays,
      };
      return db.transaction(async (tx) => {
        let before: DeliveryRoute | null = null;
        let row: RouteRow | undefined;
        if (id === null) [row] = await tx.insert(deliveryRoutes).values(values).returning();
        else {
          const [old] = await tx.select().from(deliveryRoutes).where(eq(deliveryRoutes.id, id)).for('update');
          if (!old) throw notFound('No such route.');
          before = toRoute(old);
          [row] = await tx.update(deliveryRoutes).set(values).where(eq(deliveryRoutes.id, id)).returning();
        }
        const after = toRoute(row);
        await recordAudit(tx, actor, {
          action: id === null ? 'shipping.route.add' : 'shipping.route.update',
          entity: 'delivery_route',
          entityId: after.id,
          before,
          after,
        });
        return after;
      });
    },

    async removeRoute(id: number, actor: AuditActor): Promise<void> {
      await db.transaction(async (tx) => {
        const [row] = await tx.delete(deliveryRoutes).where(eq(deliveryRoutes.id, id)).returning();
        if (!row) throw notFound('No such route.');
        await recordAudit(tx, actor, {
          action: 'shipping.route.remove',
          entity: 'delivery_route',
          entityId: id,
          before: toRoute(row),
        });
      });
    },
  };
}
