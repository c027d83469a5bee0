import { type ShipByLine, shipByLines } from '@mitrebox/domain';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { call } from '../../lib/call.ts';
import { useSession } from '../../lib/session.ts';

export const SHIPPING_SCHEDULE_KEY = ['shippingSchedule'] as const;

/** The warehouses' schedules, the holidays ahead and the account's delivery facts (read once in a while). */
export function useShippingSchedule(enabled: boolean) {
  return useQuery({
    queryKey: SHIPPING_SCHEDULE_KEY,
    queryFn: () => call('GET /api/shipping/schedule'),
    enabled,
    staleTime: 5 * 60_000,
  });
}

/** The time now, again at each new minute (the countdown is in whole minutes). */
export function useMinute(live: boolean): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    if (!live) return;
    let timer: ReturnType<typeof setTimeout>;
    const tick = () => {
      setNow(new Date());
      timer = setTimeout(tick, 60_000 - (Date.now() % 60_000) + 50);
    };
    timer = setTimeout(tick, 60_000 - (Date.now() % 60_000) + 50);
    return () => clearTimeout(timer);
  }, [live]);
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
  const now = useMinute(!placedAt);
  if (!schedule.data) return { lines: [], pending: schedule.isPending };
  const at = placedAt ? new Date(placedAt) : now;
  const s = schedule.data;
  return {
    lines: shipByLines(s, locations, s.buyer, at, { placed: Boolean(placedAt) }),
    pending: false,
  };
}
