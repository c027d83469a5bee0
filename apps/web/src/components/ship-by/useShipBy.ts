import { type ShipByLine, shipByLines } from '@mitrebox/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { call } from '../../lib/call.ts';
import { isHydrating } from '../../lib/hydration.ts';
import { useSession } from '../../lib/session.ts';

export const SHIPPING_SCHEDULE_KEY = ['shippingSchedule'] as const;

/** The warehouses' schedules, the holidays ahead and the account's delivery facts (read once in a while). */
export const shippingScheduleQuery = queryOptions({
  queryKey: SHIPPING_SCHEDULE_KEY,
  queryFn: () => call('GET /api/shipping/schedule'),
  staleTime: 5 * 60_000,
});

export function useShippingSchedule(enabled: boolean) {
  return useQuery({ ...shippingScheduleQuery, enabled });
}

/**
 * The time now, again at each new minute (the countdown is in whole minutes). Taking over a page the server
 * rendered, the first render takes the server's moment (`serverAt`, ms: the schedule's fetch time, sent with the
 * page), so both say the same minute; the real time follows right after.
 */
export function useMinute(live: boolean, serverAt?: number): Date {
  const [now, setNow] = useState(() => (serverAt && isHydrating() ? new Date(serverAt) : new Date()));
  const fromServer = now.getTime() === serverAt;
  useEffect(() => {
    if (!live) return;
    let timer: ReturnType<typeof setTimeout>;
    const tick = () => {
      setNow(new Date());
      timer = setTimeout(tick, 60_000 - (Date.now() % 60_000) + 50);
    };
    if (fromServer) setNow(new Date());
    timer = setTimeout(tick, 60_000 - (Date.now() % 60_000) + 50);
    return () => clearTimeout(timer);
  }, [live, fromServer]);
  return now;
}

/**
 * The ship-by lines of the warehouses named, for the signed-in account: as of now, recomputed each minute, or —
 * for a placed order — as of the moment it was placed. Computed here with the same domain function as the
 * order's confirmation e-mail.
 */
export function useShipBy(
  locations: (string | null | undefined)[],
  placedAt?: string,
): { lines: ShipByLine[]; pending: boolean } {
  const { signedIn } = useSession();
  const schedule = useShippingSchedule(signedIn && locations.some(Boolean));
  const now = useMinute(!placedAt, schedule.dataUpdatedAt);
  if (!schedule.data) return { lines: [], pending: schedule.isPending };
  const at = placedAt ? new Date(placedAt) : now;
  const s = schedule.data;
  return {
    lines: shipByLines(s, locations, s.buyer, at, { placed: Boolean(placedAt) }),
    pending: false,
  };
}
