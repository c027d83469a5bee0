/**
 * The platform's mail interface. The mail module implements it (outbox table, then SMTP when configured);
 * other modules are handed a Mailer and know nothing of how it delivers.
 */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

export interface Mailer {
  /** Records the message in the outbox and delivers it over SMTP when configured. Throws when delivery fails. */
  send(message: MailMessage): Promise<void>;
}
