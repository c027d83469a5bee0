import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ApiError } from '../../../../lib/api.ts';
import { staffCall } from '../../staff-api.ts';

export const SHIPPING_KEY = ['staff', 'shipping'] as const;

/** Every warehouse's schedule, the holidays and the truck routes. */
export const useShippingSettings = () =>
  useQuery({ queryKey: SHIPPING_KEY, queryFn: () => staffCall('GET /api/staff/shipping') });

/** A change of the shipping settings; the settings are read again after it. */
export function useShippingChange<T>(run: (input: T) => Promise<unknown>) {
  const client = useQueryClient();
  return useMutation<unknown, ApiError, T>({
    mutationFn: run,
    onSuccess: () => void client.invalidateQueries({ queryKey: SHIPPING_KEY }),
  });
}

export const WEEKDAYS = [
  { value: 1, short: 'Mon', label: 'Monday' },
  { value: 2, short: 'Tue', label: 'Tuesday' },
  { value: 3, short: 'Wed', label: 'Wednesday' },
  { value: 4, short: 'Thu', label: 'Thursday' },
  { value: 5, short: 'Fri', label: 'Friday' },
  { value: 6, short: 'Sat', label: 'Saturday' },
  { value: 7, short: 'Sun', label: 'Sunday' },
];

export const daysText = (days: number[]) =>
  days.map((d) => WEEKDAYS.find((w) => w.value === d)?.short ?? d).join(', ');
