import { ShippingScheduleResponse, StaffShippingResponse } from '@mitrebox/api-contract';
import { shipByLines } from '@mitrebox/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, signIn, signInStaff, type TestApp } from '../../testing/test-app.ts';
import { orderConfirmationMail } from '../notifications/order-confirmation.mail.ts';
import { createShippingService } from './shipping.service.ts';

let t: TestApp;
let buyer: string;
let other: string;
let admin: string;
let sales: string;
let accounting: string;

beforeAll(async () => {
  t = await createTestApp();
  buyer = await signIn(t.app, '10001');
  other = await signIn(t.app, '10005');
  admin = await signInStaff(t.app);
  sales = await signInStaff(t.app, 'sales@mitrebox.example');
  accounting = await signInStaff(t.app, 'accounting@mitrebox.example');
}, 120_000);
afterAll(() => t?.close());

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, who?: string, payload?: unknown) =>
  t.app.inject({
    method,
    url,
    headers: who ? bearer(who) : {},
    payload: payload as Record<string, unknown>,
  });

describe('GET /api/shipping/schedule (the buyer’s)', () => {
  it('answers every warehouse’s schedule and the account’s delivery facts', async () => {
    const res = await call('GET', '/api/shipping/schedule', buyer);
    expect(res.statusCode).toBe(200);
    const body = ShippingScheduleResponse.parse(res.json());
    expect(body.schedules.map((s) => [s.location, s.name, s.timeZone, s.cutoffTime])).toEqual([
      ['B', 'Greensboro', 'America/New_York', '15:00'],
      ['C', 'New Orleans', 'America/Chicago', '15:00'],
      ['E', 'Tampa', 'America/New_York', '15:00'],
      ['G', 'Denver', 'America/Denver', '15:00'],
    ]);
    expect(body.schedules[1].shipDays).toEqual([1, 2, 3, 4, 5]);
    expect(body.buyer).toEqual({ shipvia: 'OUR TRUCK', zip: '70130', location: 'C' });
    // only the truck routes that reach the account's ZIP
    expect(body.routes.map((r) => [r.location, r.zipPrefix, r.days])).toEqual([['C', '701', [2, 4]]]);
  });

  it('each account reads its own: 10005 (FedEx, Denver) gets its ZIP’s routes, none of 10001’s', async () => {
    const body = ShippingScheduleResponse.parse((await call('GET', '/api/shipping/schedule', other)).json());
    expect(body.buyer).toEqual({ shipvia: 'FEDEX', zip: '80202', location: 'G' });
    expect(body.routes.every((r) => '80202'.startsWith(r.zipPrefix))).toBe(true);
  });

  it('refuses a visitor and staff', async () => {
    expect((await call('GET', '/api/shipping/schedule')).statusCode).toBe(401);
    expect((await call('GET', '/api/shipping/schedule', admin)).statusCode).toBe(403);
  });

  it('the lines the cart computes from it: countdown, then our truck’s day', async () => {
    const service = createShippingService({ db: t.database.db, timeZone: t.config.BUSINESS_TZ });
    // Tuesday 1 December 2026, 12:50 in New Orleans
    const now = new Date('2026-12-01T18:50:00Z');
    const s = await service.scheduleFor('10001', now);
    const [line] = shipByLines(s, ['C'], s.buyer, now);
    expect(line.shipText).toBe('Order within 2 h 10 min to ship today from New Orleans');
    expect(line.deliveryText).toBe('Expected delivery Tuesday, Dec 1 by our truck');
    // the demo holidays: Christmas closes every warehouse
    expect(s.holidays.map((h) => h.day)).toContain('2026-12-25');
    const christmasEve = new Date('2026-12-24T22:00:00Z'); // Thursday 16:00 in New Orleans
    const after = shipByLines(await service.scheduleFor('10001', christmasEve), ['C'], s.buyer, christmasEve);
    expect(after[0].shipText).toBe('Ships Monday from New Orleans');
  });

  it('a placed order’s confirmation says "Ships today", one line per warehouse, in the e-mail too', async () => {
    const service = createShippingService({ db: t.database.db, timeZone: t.config.BUSINESS_TZ });
    const order = {
      Acctnum: '10001',
      OrdDate: '2026-12-01T18:50:00Z',
      items: [{ Location: 'C' }, { Location: 'G' }],
    };
    const lines = await service.orderLines(order);
    expect(lines.map((l) => l.shipText)).toEqual(['Ships today from New Orleans', 'Ships today from Denver']);
    // no truck runs from Denver to 701xx: no day promised
    expect(lines[1].deliveryText).toBeNull();
    const mail = orderConfirmationMail(
      {
        Ordnum: 1,
        CustPo: null,
        OrdDate: order.OrdDate,
        Acctnum: '10001',
        ItemTotal: '0.00',
        DiscRate: '0',
        Discount: '0.00',
        Tax: '0.00',
        Shipping: '0.00',
        ShipCost: '0.00',
        Packing: '0.00',
        items: [],
      } as never,
      {
        publicUrl: 'https://shop.example',
        timeZone: 'America/New_York',
        warehouseName: () => '',
        shipBy: ['Ships today from New Orleans'],
      },
    );
    expect(mail.blocks).toContainEqual({ kind: 'paragraph', text: 'Ships today from New Orleans' });
  });
});

describe('the back office’s shipping settings', () => {
  it('admin changes a cut-off; the buyer sees it; the change is audited', async () => {
    const put = await call('PUT', '/api/staff/shipping/schedules/C', admin, {
      cutoffTime: '14:00',
      timeZone: 'America/Chicago',
      shipDays: [5, 1, 2, 3, 4, 6],
    });
    expect(put.statusCode).toBe(200);
    expect(put.json()).toMatchObject({ location: 'C', cutoffTime: '14:00', shipDays: [1, 2, 3, 4, 5, 6] });
    const mine = ShippingScheduleResponse.parse((await call('GET', '/api/shipping/schedule', buyer)).json());
    expect(mine.schedules.find((s) => s.location === 'C')).toMatchObject({ cutoffTime: '14:00' });
    const audit = await call('GET', '/api/staff/audit?entity=warehouse_schedule', admin);
    expect(audit.body).toContain('shipping.schedule');
    await call('PUT', '/api/staff/shipping/schedules/C', admin, {
      cutoffTime: '15:00',
      timeZone: 'America/Chicago',
      shipDays: [1, 2, 3, 4, 5],
    });
  });

  it.each([
    [
      { cutoffTime: '25:00', timeZone: 'America/Chicago', shipDays: [1] },
      'cutoffTime',
      'Enter the cut-off time as HH:MM (24-hour), for example 15:00.',
    ],
    [
      { cutoffTime: '15:00', timeZone: 'Mars/Olympus', shipDays: [1] },
      'timeZone',
      'Choose a time zone such as America/Chicago.',
    ],
    [
      { cutoffTime: '15:00', timeZone: 'America/Chicago', shipDays: [] },
      'shipDays',
      'Choose at least one day.',
    ],
  ])('refuses a bad schedule with its message (%o)', async (payload, field, message) => {
    const res = await call('PUT', '/api/staff/shipping/schedules/C', admin, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors?.[field]).toBe(message);
  });

  it('refuses an unknown warehouse', async () => {
    const res = await call('PUT', '/api/staff/shipping/schedules/Z', admin, {
      cutoffTime: '15:00',
      timeZone: 'America/Chicago',
      shipDays: [1],
    });
    expect(res.statusCode).toBe(400);
  });

  it('adds and removes holidays and truck routes', async () => {
    const day = '2027-02-15';
    const added = await call('POST', '/api/staff/shipping/holidays', admin, {
      day,
      location: 'G',
      name: 'Stock count',
    });
    expect(added.statusCode).toBe(200);
    const holiday = added.json();
    expect(holiday).toMatchObject({ day, location: 'G', name: 'Stock count' });
    let all = StaffShippingResponse.parse((await call('GET', '/api/staff/shipping', admin)).json());
    expect(all.holidays.some((h) => h.id === holiday.id)).toBe(true);
    expect((await call('DELETE', `/api/staff/shipping/holidays/${holiday.id}`, admin)).statusCode).toBe(200);
    expect((await call('DELETE', `/api/staff/shipping/holidays/${holiday.id}`, admin)).statusCode).toBe(404);
    const bad = await call('POST', '/api/staff/shipping/holidays', admin, { day: '2027-13-45', name: '' });
    expect(bad.statusCode).toBe(400);

    const route = await call('POST', '/api/staff/shipping/routes', admin, {
      location: 'C',
      zipPrefix: '70130',
      days: [3],
      name: 'French Quarter',
      transitDays: 0,
    });
    expect(route.statusCode).toBe(200);
    const id = route.json().id;
    // the buyer at 70130 now has both routes
    const mine = ShippingScheduleResponse.parse((await call('GET', '/api/shipping/schedule', buyer)).json());
    expect(mine.routes.map((r) => r.zipPrefix).sort()).toEqual(['701', '70130']);
    const changed = await call('PUT', `/api/staff/shipping/routes/${id}`, admin, {
      location: 'C',
      zipPrefix: '70130',
      days: [2, 5],
      name: null,
      transitDays: 1,
    });
    expect(changed.json()).toMatchObject({ id, days: [2, 5], transitDays: 1, name: null });
    expect((await call('PUT', '/api/staff/shipping/routes/999999', admin, changed.json())).statusCode).toBe(
      404,
    );
    expect((await call('DELETE', `/api/staff/shipping/routes/${id}`, admin)).statusCode).toBe(200);
    all = StaffShippingResponse.parse((await call('GET', '/api/staff/shipping', admin)).json());
    expect(all.routes.some((r) => r.id === id)).toBe(false);
    const badRoute = await call('POST', '/api/staff/shipping/routes', admin, {
      location: 'C',
      zipPrefix: '7a',
      days: [3],
      transitDays: 40,
    });
    expect(badRoute.statusCode).toBe(400);
    expect(badRoute.json().errors).toMatchObject({
      zipPrefix: 'Enter the first 1 to 5 digits of the ZIP codes.',
      transitDays: 'Enter 0 to 14 days.',
    });
  });

  it('the role matrix: sales read, only admin changes, accounting neither', async () => {
    expect((await call('GET', '/api/staff/shipping', sales)).statusCode).toBe(200);
    const payload = { cutoffTime: '15:00', timeZone: 'America/Chicago', shipDays: [1, 2, 3, 4, 5] };
    expect((await call('PUT', '/api/staff/shipping/schedules/C', sales, payload)).statusCode).toBe(403);
    const holiday = { day: '2027-03-01', name: 'Closed' };
    expect((await call('POST', '/api/staff/shipping/holidays', sales, holiday)).statusCode).toBe(403);
    expect((await call('GET', '/api/staff/shipping', accounting)).statusCode).toBe(403);
    expect((await call('GET', '/api/staff/shipping', buyer)).statusCode).toBe(403);
    expect((await call('GET', '/api/staff/shipping')).statusCode).toBe(401);
  });
});
