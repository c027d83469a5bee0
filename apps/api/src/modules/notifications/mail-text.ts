import { formatMoney, type Money } from '@mitrebox/domain';

/** How the e-mails write money, days and addresses. */

export const dollars = (amount: Money | string | number) => {
  const text = formatMoney(amount as Money);
  return text.startsWith('-') ? `-$${text.slice(1)}` : `$${text}`;
};

/** A calendar day (a due date is a day: kept at 00:00 UTC): 'March 1, 2026'. */
export const dayText = (iso: string | Date) =>
  new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(iso));

/** An instant in the business's time zone: 'March 1, 2026 at 10:30 AM'. */
export const momentText = (iso: string | Date, timeZone: string) =>
  new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeStyle: 'short', timeZone }).format(new Date(iso));

/** 'Crescent City Frame Works, 812 Magazine St, New Orleans, LA 70130' from the parts there are. */
export function addressText(parts: {
  company?: string | null;
  address1?: string | null;
  address2?: string | null;
  city?: string | null;
  state?: string | null;
  zip?: string | null;
}): string {
  const stateZip = [parts.state, parts.zip].filter(Boolean).join(' ');
  return [parts.company, parts.address1, parts.address2, [parts.city, stateZip].filter(Boolean).join(', ')]
    .filter((p) => p?.trim())
    .join(', ');
}
