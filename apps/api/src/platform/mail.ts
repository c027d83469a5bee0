/**
 * The platform's mail interface. The mail module implements it (outbox table, then SMTP when configured);
 * other modules are handed a Mailer and know nothing of how it delivers.
 */
export interface MailMessage {
  /** Header fields: made one line by the mailer (headerText), whoever composed them. */
  to: string;
  subject: string;
  text: string;
  html?: string;
}

export interface Mailer {
  /** Records the message in the outbox and delivers it over SMTP when configured. Throws when delivery fails. */
  send(message: MailMessage): Promise<void>;
}

/** Control characters (C0, DEL, C1: CR and LF among them) and the Unicode line and paragraph separators. */
const LINE_BREAKING = /[\p{Cc}\p{Zl}\p{Zp}]+/gu;

/**
 * Text that goes into a mail header (a subject, a name beside an address): one line, whatever it was typed
 * with. A line break there would end the header and let the rest pose as another (Bcc: …); each run of such
 * characters becomes one space.
 */
export function headerText(text: string): string {
  return text.replace(LINE_BREAKING, ' ').trim();
}
