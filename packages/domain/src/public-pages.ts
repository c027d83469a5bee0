/**
 * Rules of the public pages (account-area §2, §5, §9): Where To Buy, Contact Us, Documents, Careers.
 * Screen and server both use them.
 */

/** Dealer radius choices in miles and the default (account-area §9). */
export const DEALER_RADIUS_DEFAULT = 50;
/** The dealer map (account-area §9). */
export const DEALER_MAP_HEIGHT_PX = 680;
export const DEALER_MAP_ZOOM = 8;

/** A US ZIP code: five digits, not 00000 (no such ZIP exists). */
export function isValidZip(zip: string): boolean {
  return /^\d{5}$/.test(zip) && zip !== '00000';
}

/** Phone typed in the contact form: digits only, at most 10, shown as (123) 456-7890 while typing. */
export const PHONE_DIGITS = 10;
export function formatPhone(input: string): string {
  const d = input.replace(/\D/g, '').slice(0, PHONE_DIGITS);
  if (d.length === 0) return '';
  if (d.length < 4) return `(${d}`;
  if (d.length < 7) return `(${d.slice(0, 3)}) ${d.slice(3)}`;
  return `(${d.slice(0, 3)}) ${d.slice(3, 6)}-${d.slice(6)}`;
}

export const CONTACT_LIMITS = { name: 100, email: 254, message: 5000 } as const;

export const contactMessages = {
  checkCaptcha: 'Please check reCaptcha',
  thanks: 'Thank you for contacting us! We will get back to you soon.',
  nameRequired: 'Please enter your name',
  emailRequired: 'Please enter your email',
  emailInvalid: 'Email format incorrect',
  messageRequired: 'Please enter a message',
  messageTooLong: `Please keep the message under ${CONTACT_LIMITS.message} characters`,
  nameTooLong: `Please keep the name under ${CONTACT_LIMITS.name} characters`,
  phoneInvalid: 'Please enter a 10-digit phone number',
  csrfInvalid: 'This form has expired. Please reload the page and try again.',
  tooMany: 'You have sent several messages already. Please try again later or call us.',
} as const;

export interface ContactFields {
  name: string;
  email: string;
  phoneNumber?: string;
  message: string;
}

const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/;

/** account-area §5: name, email and message required, email valid; the phone, when given, has 10 digits. */
export function validateContactForm(f: ContactFields): Record<string, string> {
  const errors: Record<string, string> = {};
  const name = f.name.trim();
  const email = f.email.trim();
  const message = f.message.trim();
  if (!name) errors.name = contactMessages.nameRequired;
  else if (name.length > CONTACT_LIMITS.name) errors.name = contactMessages.nameTooLong;
  if (!email) errors.email = contactMessages.emailRequired;
  else if (email.length > CONTACT_LIMITS.email || !EMAIL_RE.test(email))
    errors.email = contactMessages.emailInvalid;
  const phone = (f.phoneNumber ?? '').replace(/\D/g, '');
  if (phone && phone.length !== PHONE_DIGITS) errors.phoneNumber = contactMessages.phoneInvalid;
  if (!message) errors.message = contactMessages.messageRequired;
  else if (message.length > CONTACT_LIMITS.message) errors.message = contactMessages.messageTooLong;
  return errors;
}

/** Document categories in the order the list shows them (account-area §2, §9). */
export const DOCUMENT_CATEGORIES = [
  { id: 2, name: 'Updates' },
  { id: 3, name: 'Discontinued Items' },
  { id: 1, name: 'Promos' },
] as const;

export const documentMessages = {
  empty: 'There are currently no items to display.',
} as const;

export const dealerMessages = {
  zipInvalid: 'Please enter a 5-digit ZIP code',
  radiusInvalid: 'Please choose a radius of 1, 5, 10, 15, 20, 25 or 50 miles',
  zipUnknown: (zip: string) => `We could not find ZIP code ${zip}. Please check it and try again.`,
  noneNear: (zip: string, miles: number) =>
    `There are no retailers within ${miles} miles of ${zip}. Try a larger radius.`,
} as const;

/** Initials badge of a job: the first letters of the first two words of its heading. */
export function jobInitials(heading: string): string {
  const words = heading.trim().split(/\s+/).filter(Boolean);
  return words
    .slice(0, 2)
    .map((w) => w[0]?.toUpperCase() ?? '')
    .join('');
}

/** A stored file name made safe for a Content-Disposition header: no path, no control or quote characters. */
export function safeFileName(name: string, fallback = 'document.pdf'): string {
  const base = name.split(/[\\/]/).pop() ?? '';
  const clean = base
    .replace(/[^A-Za-z0-9._ -]/g, '_')
    .replace(/^\.+/, '')
    .trim()
    .slice(0, 120);
  return clean || fallback;
}
