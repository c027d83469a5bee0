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
  /**
   * The event the mail tells of, with its recipient (e.g. 'order-confirmation:123456:7'): a mail of an event is
   * sent once, however often the job that sends it runs (a retry after a crash). Without it every call sends.
   */
  eventKey?: string;
  /** Files sent with the mail (a statement's PDF); the outbox keeps their names only. */
  attachments?: { filename: string; content: Uint8Array; contentType: string }[];
  /**
   * The one-click unsubscribe address of a non-essential mail (RFC 8058): sent as List-Unsubscribe with
   * List-Unsubscribe-Post, so a mail client can offer its own Unsubscribe button.
   */
  unsubscribeUrl?: string;
}

export interface Mailer {
  /**
   * Records the message in the outbox and delivers it over SMTP when configured. Throws when delivery fails. A
   * message whose eventKey is already in the outbox is not sent again (unless its delivery failed: then it is
   * tried once more).
   */
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
