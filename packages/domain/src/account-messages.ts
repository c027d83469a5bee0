import { messages } from './messages.ts';

/**
 * The shop's own account messages (docs/decisions/009-net-prices-in-listings.md): /accountMsg/{msg}/{msgHeading}
 * names a message and a heading by key, and only these texts can ever show there — a crafted URL cannot put its own
 * words under the shop's name. Unknown keys fall back to the general heading and a plain "call us".
 */
export const ACCOUNT_MESSAGES = {
  creditHold: (phone: string) => messages.creditHold.message(phone),
  purchaseBlocked: (phone: string) => messages.purchaseBlocked(phone),
} as const;
export type AccountMessageKey = keyof typeof ACCOUNT_MESSAGES;

export const ACCOUNT_MESSAGE_HEADINGS = {
  accountInformation: messages.creditHold.heading,
} as const;
export type AccountMessageHeadingKey = keyof typeof ACCOUNT_MESSAGE_HEADINGS;

const own = <T extends object>(table: T, key: string | null | undefined): key is Extract<keyof T, string> =>
  typeof key === 'string' && Object.hasOwn(table, key);

/** The heading and message a key names; an unknown key is answered by the general ones. */
export function accountMessage(
  msgKey: string | null | undefined,
  headingKey: string | null | undefined,
  phone: string,
): { heading: string; message: string; known: boolean } {
  const heading = own(ACCOUNT_MESSAGE_HEADINGS, headingKey)
    ? ACCOUNT_MESSAGE_HEADINGS[headingKey]
    : ACCOUNT_MESSAGE_HEADINGS.accountInformation;
  if (own(ACCOUNT_MESSAGES, msgKey))
    return { heading, message: ACCOUNT_MESSAGES[msgKey](phone), known: true };
  return {
    heading,
    message: `For questions about your account, call customer service at ${phone}.`,
    known: false,
  };
}

/** The path of the account message screen for a key (route /accountMsg/{msg}/{msgHeading}). */
export function accountMessagePath(
  msgKey: AccountMessageKey,
  headingKey: AccountMessageHeadingKey = 'accountInformation',
): string {
  return `/accountMsg/${msgKey}/${headingKey}`;
}
