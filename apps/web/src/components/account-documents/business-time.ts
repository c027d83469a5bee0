import { dateFormatter } from '../../lib/format.ts';
import { useSiteInfo } from '../../lib/site.ts';

/** The business time zone of GET /api/site (the zone payment batch times and business days are shown in). */
export function useBusinessTimeZone(): string {
  return useSiteInfo().businessTimeZone;
}

function toDate(value: string | Date | null | undefined): Date | null {
  if (value === null || value === undefined || value === '') return null;
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** The calendar day of a stored time in the business zone: '11/09/2026' (the day the list's date filters use). */
export function formatBusinessDate(value: string | Date | null | undefined, timeZone: string): string {
  const date = toDate(value);
  if (!date) return '';
  return dateFormatter({
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    timeZone,
  }).format(date);
}

/** Date and time in the business zone with its abbreviation: '10/26/2026, 6:45 PM EDT'. */
export function formatBusinessDateTime(value: string | Date | null | undefined, timeZone: string): string {
  const date = toDate(value);
  if (!date) return '';
  return dateFormatter({
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: 'numeric',
    minute: '2-digit',
    timeZoneName: 'short',
    timeZone,
  }).format(date);
}

/** 'America/New_York' → 'New York': how the zone is named beside the times. */
export function timeZoneCity(timeZone: string): string {
  return (timeZone.split('/').pop() ?? timeZone).replace(/_/g, ' ');
}
