import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  dayText,
  defaultSchedule,
  expectedDelivery,
  isHoliday,
  nextShipment,
  parseWeekdays,
  routeFor,
  type ShipHoliday,
  type ShippingSettings,
  shipByLine,
  shipByLines,
  type TruckRoute,
  timeLeftText,
  weekdayOf,
  zonedMoment,
} from './ship-by.ts';
import { calendarDay } from './statement-aging.ts';

const NOLA = defaultSchedule('C'); // America/Chicago, 15:00, Mon–Fri
const HOLIDAYS: ShipHoliday[] = [
  { day: '2026-11-26', location: null, name: 'Thanksgiving' },
  { day: '2026-12-25', location: null, name: 'Christmas' },
  { day: '2027-01-01', location: null, name: 'New Year' },
];
const ROUTES: TruckRoute[] = [
  { location: 'C', zipPrefix: '701', days: [2, 4], transitDays: 0, name: 'New Orleans city' },
  { location: 'C', zipPrefix: '70130', days: [3], transitDays: 0, name: 'French Quarter' },
  { location: 'B', zipPrefix: '274', days: [1, 3, 5], transitDays: 1, name: 'Triad' },
];
const settings: ShippingSettings = {
  schedules: ['B', 'C', 'E', 'G'].map(defaultSchedule),
  holidays: HOLIDAYS,
  routes: ROUTES,
};
const truckBuyer = { shipvia: 'OUR TRUCK', zip: '70119', location: 'C' };

describe('the moment of a local time in a time zone', () => {
  it.each([
    ['2026-12-01', '15:00', 'America/Chicago', '2026-12-01T21:00:00.000Z'],
    ['2026-07-01', '15:00', 'America/Chicago', '2026-07-01T20:00:00.000Z'],
    ['2026-12-01', '15:00', 'America/New_York', '2026-12-01T20:00:00.000Z'],
    ['2026-12-01', '15:00', 'America/Denver', '2026-12-01T22:00:00.000Z'],
    // the days the clocks change: spring forward (8 March 2026) and fall back (1 November 2026)
    ['2026-03-08', '15:00', 'America/Chicago', '2026-03-08T20:00:00.000Z'],
    ['2026-11-01', '15:00', 'America/Chicago', '2026-11-01T21:00:00.000Z'],
    ['2026-11-01', '00:30', 'America/Chicago', '2026-11-01T05:30:00.000Z'],
  ])('%s %s in %s is %s', (day, time, zone, iso) => {
    expect(zonedMoment(day, time, zone).toISOString()).toBe(iso);
  });
});

describe('when an order ships', () => {
  // Tuesday 1 December 2026, New Orleans (UTC−6)
  it('before the cut-off on a ship day: today, with the time left', () => {
    const s = nextShipment(NOLA, HOLIDAYS, new Date('2026-12-01T18:50:00Z')); // 12:50 local
    expect(s).toMatchObject({ day: '2026-12-01', shipsToday: true, msLeft: (2 * 60 + 10) * 60_000 });
  });

  it('at 14:59:59 it still ships today; at 15:00:00 it ships the next ship day', () => {
    const before = nextShipment(NOLA, HOLIDAYS, new Date('2026-12-01T20:59:59Z'));
    expect(before).toMatchObject({ day: '2026-12-01', shipsToday: true, msLeft: 1000 });
    const at = nextShipment(NOLA, HOLIDAYS, new Date('2026-12-01T21:00:00Z'));
    expect(at).toMatchObject({ day: '2026-12-02', shipsToday: false, msLeft: null });
  });

  it('after the cut-off on Friday: Monday', () => {
    const s = nextShipment(NOLA, HOLIDAYS, new Date('2026-12-04T22:00:00Z')); // Fri 16:00
    expect(s?.day).toBe('2026-12-07');
    expect(weekdayOf('2026-12-07')).toBe(1);
  });

  it('on a weekend: Monday, even before the cut-off time', () => {
    expect(nextShipment(NOLA, HOLIDAYS, new Date('2026-12-05T15:00:00Z'))?.day).toBe('2026-12-07');
  });

  it('skips holidays: Thanksgiving morning ships Friday', () => {
    const s = nextShipment(NOLA, HOLIDAYS, new Date('2026-11-26T14:00:00Z')); // Thu 08:00
    expect(s).toMatchObject({ day: '2026-11-27', shipsToday: false });
  });

  it('a holiday of another warehouse does not close this one', () => {
    const only = [{ day: '2026-12-01', location: 'G', name: 'Denver stock count' }];
    expect(nextShipment(NOLA, only, new Date('2026-12-01T15:00:00Z'))?.shipsToday).toBe(true);
    expect(nextShipment(defaultSchedule('G'), only, new Date('2026-12-01T15:00:00Z'))?.day).toBe(
      '2026-12-02',
    );
  });

  it('reads the day in the warehouse’s own time zone', () => {
    // 05:30 UTC Tuesday is Monday 23:30 in New Orleans and Tuesday 00:30 in Greensboro: both ship Tuesday
    const at = new Date('2026-12-01T05:30:00Z');
    expect(nextShipment(NOLA, [], at)).toMatchObject({
      today: '2026-11-30',
      day: '2026-12-01',
      shipsToday: false,
    });
    expect(nextShipment(defaultSchedule('B'), [], at)).toMatchObject({
      today: '2026-12-01',
      shipsToday: true,
    });
  });

  it('the same 15:00 cut-off is different moments in Greensboro, New Orleans and Denver', () => {
    const at = new Date('2026-12-01T20:30:00Z'); // 15:30 New York, 14:30 Chicago, 13:30 Denver
    expect(nextShipment(defaultSchedule('B'), [], at)?.shipsToday).toBe(false);
    expect(nextShipment(NOLA, [], at)?.msLeft).toBe(30 * 60_000);
    expect(nextShipment(defaultSchedule('G'), [], at)?.msLeft).toBe(90 * 60_000);
  });

  it('counts the real time left across a change of the clocks', () => {
    // Sunday 8 March 2026 is a ship day here; at 01:00 CST, 15:00 CDT is 13 hours away, not 14
    const sunday = { ...NOLA, shipDays: [1, 2, 3, 4, 5, 6, 7] };
    expect(nextShipment(sunday, [], new Date('2026-03-08T07:00:00Z'))?.msLeft).toBe(13 * 3_600_000);
    // 1 November 2026 falls back: at 00:30 CDT, 15:00 CST is 15 h 30 min away
    expect(nextShipment(sunday, [], new Date('2026-11-01T05:30:00Z'))?.msLeft).toBe(15.5 * 3_600_000);
  });

  it('never, when no day is a ship day', () => {
    expect(nextShipment({ ...NOLA, shipDays: [] }, [], new Date())).toBeNull();
  });
});

describe('the words', () => {
  it.each([
    [(2 * 60 + 10) * 60_000, '2 h 10 min'],
    [45 * 60_000, '45 min'],
    [3 * 3_600_000, '3 h'],
    [1000, '1 min'],
    [61_000, '2 min'],
  ])('%d ms left is %s', (ms, text) => expect(timeLeftText(ms)).toBe(text));

  it('says a day as "Tuesday, Dec 1"', () => expect(dayText('2026-12-01')).toBe('Tuesday, Dec 1'));

  it('counts down before the cut-off, names the ship day after it', () => {
    expect(shipByLine(settings, 'C', null, new Date('2026-12-01T18:50:00Z')).shipText).toBe(
      'Order within 2 h 10 min to ship today from New Orleans',
    );
    expect(shipByLine(settings, 'C', null, new Date('2026-12-04T22:00:00Z')).shipText).toBe(
      'Ships Monday from New Orleans',
    );
  });

  it('adds the date when the ship day is more than 6 days away', () => {
    const week = ['2026-11-30', '2026-12-01', '2026-12-02', '2026-12-03', '2026-12-04'];
    const closed = [...HOLIDAYS, ...week.map((day) => ({ day, location: 'C', name: 'Stock count' }))];
    const line = shipByLine({ ...settings, holidays: closed }, 'C', null, new Date('2026-11-27T22:00:00Z'));
    expect(line.shipText).toBe('Ships Monday, Dec 7 from New Orleans');
  });

  it('says "Ships today" on a placed order’s confirmation', () => {
    const line = shipByLine(settings, 'C', null, new Date('2026-12-01T18:50:00Z'), { placed: true });
    expect(line.shipText).toBe('Ships today from New Orleans');
  });

  it('one line per warehouse, in the order they appear', () => {
    const lines = shipByLines(settings, ['G', 'C', 'G', null], null, new Date('2026-12-01T18:50:00Z'));
    expect(lines.map((l) => l.warehouse)).toEqual(['Denver', 'New Orleans']);
  });
});

describe('expected delivery', () => {
  it('by our truck: the first route day on or after the ship day', () => {
    // ships Tuesday 1 Dec; the 701 truck runs Tuesday and Thursday
    const line = shipByLine(settings, 'C', truckBuyer, new Date('2026-12-01T18:50:00Z'));
    expect(line.deliveryText).toBe('Expected delivery Tuesday, Dec 1 by our truck');
    // after the cut-off it ships Wednesday: Thursday's run
    const later = shipByLine(settings, 'C', truckBuyer, new Date('2026-12-01T21:00:00Z'));
    expect(later.deliveryText).toBe('Expected delivery Thursday, Dec 3 by our truck');
  });

  it('the longest ZIP prefix wins', () => {
    expect(routeFor(ROUTES, 'C', '70130')?.name).toBe('French Quarter');
    expect(routeFor(ROUTES, 'C', '70119')?.name).toBe('New Orleans city');
    expect(routeFor(ROUTES, 'G', '70130')).toBeNull();
  });

  it('adds the route’s transit days and skips holidays', () => {
    const buyer = { shipvia: 'OUR TRUCK', zip: '27401', location: 'B' };
    // ships Wednesday 25 Nov (New York 10:00): +1 day is Thanksgiving, so Friday's run
    const line = shipByLine(settings, 'B', buyer, new Date('2026-11-25T15:00:00Z'));
    expect(line.deliveryText).toBe('Expected delivery Friday, Nov 27 by our truck');
  });

  it('promises no day where the truck does not run', () => {
    const line = shipByLine(settings, 'G', truckBuyer, new Date('2026-12-01T18:50:00Z'));
    expect(line.deliveryText).toBeNull();
  });

  it('by carrier: 1 to 2 business days from the home warehouse, 2 to 5 from another', () => {
    const ups = { shipvia: 'UPS', zip: '70802', location: 'C' };
    const at = new Date('2026-12-04T18:00:00Z'); // Friday 12:00 in New Orleans, ships today
    expect(shipByLine(settings, 'C', ups, at).deliveryText).toBe(
      'Expected delivery between Monday, Dec 7 and Tuesday, Dec 8 by UPS',
    );
    expect(shipByLine(settings, 'G', { ...ups, shipvia: 'FEDEX' }, at).deliveryText).toBe(
      'Expected delivery between Tuesday, Dec 8 and Friday, Dec 11 by FedEx',
    );
  });

  it('carrier business days skip shop-wide holidays', () => {
    const s = nextShipment(NOLA, HOLIDAYS, new Date('2026-11-25T18:00:00Z'));
    if (!s) throw new Error('no shipment');
    const d = expectedDelivery(s, { shipvia: 'UPS', zip: null, location: 'C' }, settings);
    expect(d).toMatchObject({ from: '2026-11-27', to: '2026-11-30' });
  });

  it('says nothing for a ship-via it cannot estimate', () => {
    const line = shipByLine(
      settings,
      'C',
      { shipvia: 'CUSTOMER ARRANGED', zip: null, location: 'C' },
      new Date(),
    );
    expect(line.deliveryText).toBeNull();
  });
});

describe('properties', () => {
  const moments = fc.date({
    min: new Date('2026-01-01T00:00:00Z'),
    max: new Date('2028-12-31T00:00:00Z'),
    noInvalidDate: true,
  });
  const zones = fc.constantFrom('America/Chicago', 'America/New_York', 'America/Denver', 'Pacific/Honolulu');
  const weekdays = fc.uniqueArray(fc.integer({ min: 1, max: 7 }), { minLength: 1, maxLength: 7 });
  const cutoffs = fc
    .tuple(fc.integer({ min: 0, max: 23 }), fc.integer({ min: 0, max: 59 }))
    .map(([h, m]) => `${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}`);
  const holidayDays = fc.uniqueArray(
    fc.date({
      min: new Date('2026-01-01T00:00:00Z'),
      max: new Date('2029-03-01T00:00:00Z'),
      noInvalidDate: true,
    }),
    { maxLength: 40 },
  );

  it('the ship day is a ship day, never a holiday, and never before today', () => {
    fc.assert(
      fc.property(
        moments,
        zones,
        weekdays,
        cutoffs,
        holidayDays,
        (now, timeZone, shipDays, cutoffTime, days) => {
          const holidays = days.map((d) => ({
            day: d.toISOString().slice(0, 10),
            location: null,
            name: 'Closed',
          }));
          const s = nextShipment({ location: 'C', timeZone, shipDays, cutoffTime }, holidays, now);
          if (!s) return;
          expect(shipDays).toContain(weekdayOf(s.day));
          expect(isHoliday(s.day, 'C', holidays)).toBe(false);
          expect(s.day >= calendarDay(now, timeZone)).toBe(true);
        },
      ),
    );
  });

  it('it ships today exactly when before today’s cut-off on an open ship day', () => {
    fc.assert(
      fc.property(moments, zones, cutoffs, (now, timeZone, cutoffTime) => {
        const schedule = { location: 'C', timeZone, shipDays: [1, 2, 3, 4, 5, 6, 7], cutoffTime };
        const s = nextShipment(schedule, [], now);
        const today = calendarDay(now, timeZone);
        const cutoff = zonedMoment(today, cutoffTime, timeZone).getTime();
        expect(s?.shipsToday).toBe(now.getTime() < cutoff);
        if (s?.shipsToday) expect(s.msLeft).toBe(cutoff - now.getTime());
        else expect((s?.day ?? '') > today).toBe(true);
      }),
    );
  });

  it('a later order never ships earlier', () => {
    fc.assert(
      fc.property(moments, fc.integer({ min: 0, max: 10 * 86_400_000 }), weekdays, (now, gap, shipDays) => {
        const schedule = { ...NOLA, shipDays };
        const a = nextShipment(schedule, HOLIDAYS, now);
        const b = nextShipment(schedule, HOLIDAYS, new Date(now.getTime() + gap));
        expect((b?.day ?? '') >= (a?.day ?? '')).toBe(true);
      }),
    );
  });

  it('our truck never arrives before the ship day, and on a route day', () => {
    fc.assert(
      fc.property(moments, weekdays, fc.integer({ min: 0, max: 5 }), (now, days, transitDays) => {
        const route = { location: 'C', zipPrefix: '7', days, transitDays };
        const s = nextShipment(NOLA, HOLIDAYS, now);
        if (!s) return;
        const d = expectedDelivery(s, truckBuyer, { holidays: HOLIDAYS, routes: [route] });
        if (!d) return;
        expect(d.from >= s.day).toBe(true);
        expect(days).toContain(weekdayOf(d.from));
        expect(isHoliday(d.from, 'C', HOLIDAYS)).toBe(false);
      }),
    );
  });
});

describe('parsing ship days', () => {
  it('keeps ISO weekdays, sorted, once each', () => {
    expect(parseWeekdays('5, 1,3,3,9,x')).toEqual([1, 3, 5]);
  });
});
