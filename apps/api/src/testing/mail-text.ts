import type { ReceivedMail } from './smtp.ts';

/**
 * A received message as its reader sees it: quoted-printable soft breaks removed and each run of escapes
 * decoded as UTF-8 (×, — and · are two or three bytes each; smtp.ts's `text` reads them one byte a character).
 */
export const readableMail = (mail: ReceivedMail) =>
  mail.raw
    .replace(/=\r?\n/g, '')
    .replace(/(=[0-9A-F]{2})+/g, (run) => Buffer.from(run.replace(/=/g, ''), 'hex').toString('utf8'));

/** The link a mail's text part gives after `label: ` (its path, without the test shop's origin). */
export function linkAfter(mail: ReceivedMail, label: string): string {
  const text = readableMail(mail);
  const at = text.indexOf(`${label}: https://shop.example/`);
  if (at < 0) throw new Error(`no "${label}" link in the mail "${mail.subject}"`);
  return /^\S+/.exec(text.slice(at + label.length + 2 + 'https://shop.example'.length))![0];
}
