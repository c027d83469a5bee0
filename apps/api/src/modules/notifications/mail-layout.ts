import { escapeHtml } from '../auth/html-text.ts';

/**
 * The shop's e-mails in one look: a plain-text part that reads well on its own, and an HTML part of tables with
 * inline styles (what mail clients keep), no images. Every value placed in the HTML is escaped here.
 */

/** The shop's own lines at the foot of every mail (from the configuration). */
export interface MailSender {
  company: string;
  address: string;
  phone: string;
  email: string;
  publicUrl: string;
}

/** What a composed mail is, before its recipient's address and links are added. */
export interface MailContent {
  subject: string;
  text: string;
  html: string;
}

/** A block of a mail's body, written once for both parts. */
export type Block =
  | { kind: 'paragraph'; text: string }
  | { kind: 'details'; rows: [label: string, value: string][] }
  | {
      kind: 'table';
      caption: string;
      columns: { label: string; numeric?: boolean }[];
      rows: string[][];
      /** Lines under a row (a back-order note): shown beneath it, spanning the table. */
      notes?: (string | null)[];
    }
  | { kind: 'totals'; rows: [label: string, amount: string][] }
  | { kind: 'button'; label: string; url: string };

export interface MailBody {
  subject: string;
  heading: string;
  blocks: Block[];
  /** Why the recipient gets this mail, and where to change it (the unsubscribe link is added per recipient). */
  reason: string;
}

const FONT = 'font-family:Helvetica,Arial,sans-serif;color:#1f2933;';
const CELL = 'padding:6px 8px;border-bottom:1px solid #e4e7eb;vertical-align:top;font-size:14px;';

function blockHtml(b: Block): string {
  switch (b.kind) {
    case 'paragraph':
      return `<p style="margin:0 0 14px;font-size:15px;line-height:1.5;">${escapeHtml(b.text)}</p>`;
    case 'details':
      return `<table role="presentation" cellpadding="0" cellspacing="0" style="margin:0 0 16px;border-collapse:collapse;">${b.rows
        .map(
          ([label, value]) =>
            `<tr><td style="padding:3px 16px 3px 0;color:#52606d;font-size:14px;white-space:nowrap;">${escapeHtml(label)}</td><td style="padding:3px 0;font-size:14px;font-weight:bold;">${escapeHtml(value)}</td></tr>`,
        )
        .join('')}</table>`;
    case 'table': {
      const align = (i: number) =>
        b.columns[i]?.numeric ? 'text-align:right;white-space:nowrap;' : 'text-align:left;';
      const head = b.columns
        .map(
          (c, i) =>
            `<th style="${CELL}${align(i)}background:#f5f7fa;font-size:13px;">${escapeHtml(c.label)}</th>`,
        )
        .join('');
      const body = b.rows
        .map((row, r) => {
          const cells = row.map((v, i) => `<td style="${CELL}${align(i)}">${escapeHtml(v)}</td>`).join('');
          const note = b.notes?.[r];
          return `<tr>${cells}</tr>${
            note
              ? `<tr><td colspan="${b.columns.length}" style="${CELL}color:#8a4b08;font-size:13px;">${escapeHtml(note)}</td></tr>`
              : ''
          }`;
        })
        .join('');
      return `<table cellpadding="0" cellspacing="0" width="100%" style="border-collapse:collapse;margin:0 0 16px;"><caption style="text-align:left;font-weight:bold;padding:0 0 6px;font-size:15px;">${escapeHtml(b.caption)}</caption><thead><tr>${head}</tr></thead><tbody>${body}</tbody></table>`;
    }
    case 'totals':
      return `<table role="presentation" cellpadding="0" cellspacing="0" style="margin:0 0 16px auto;border-collapse:collapse;">${b.rows
        .map(
          ([label, amount], i) =>
            `<tr><td style="padding:3px 16px 3px 0;font-size:14px;${i === b.rows.length - 1 ? 'font-weight:bold;' : ''}">${escapeHtml(label)}</td><td style="padding:3px 0;text-align:right;font-size:14px;${i === b.rows.length - 1 ? 'font-weight:bold;' : ''}">${escapeHtml(amount)}</td></tr>`,
        )
        .join('')}</table>`;
    case 'button':
      return `<p style="margin:8px 0 20px;"><a href="${escapeHtml(b.url)}" style="display:inline-block;background:#1c5d99;color:#ffffff;text-decoration:none;padding:10px 18px;border-radius:4px;font-weight:bold;font-size:15px;">${escapeHtml(b.label)}</a></p>`;
  }
}

/** A plain-text table: columns padded to their widest value, numbers to the right. */
function textTable(b: Extract<Block, { kind: 'table' }>): string {
  const widths = b.columns.map((c, i) => Math.max(c.label.length, ...b.rows.map((r) => (r[i] ?? '').length)));
  const line = (cells: string[]) =>
    cells
      .map((v, i) => (b.columns[i]?.numeric ? v.padStart(widths[i]) : v.padEnd(widths[i])))
      .join('  ')
      .trimEnd();
  const out = [b.caption, line(b.columns.map((c) => c.label)), widths.map((w) => '-'.repeat(w)).join('  ')];
  b.rows.forEach((r, i) => {
    out.push(line(r));
    const note = b.notes?.[i];
    if (note) out.push(`    ${note}`);
  });
  return out.join('\n');
}

function blockText(b: Block): string {
  switch (b.kind) {
    case 'paragraph':
      return b.text;
    case 'details': {
      const w = Math.max(...b.rows.map(([l]) => l.length));
      return b.rows.map(([l, v]) => `${`${l}:`.padEnd(w + 2)}${v}`).join('\n');
    }
    case 'table':
      return textTable(b);
    case 'totals': {
      const w = Math.max(...b.rows.map(([l]) => l.length));
      const a = Math.max(...b.rows.map(([, v]) => v.length));
      return b.rows.map(([l, v]) => `${l.padEnd(w)}  ${v.padStart(a)}`).join('\n');
    }
    case 'button':
      return `${b.label}: ${b.url}`;
  }
}

/** The foot of a mail: why it came, where to choose e-mails, how to stop this kind, the shop's address. */
function footLines(sender: MailSender, reason: string, unsubscribeUrl?: string) {
  return {
    reason,
    choose: `Choose which e-mails you receive in My Account: ${sender.publicUrl}/Admin`,
    unsubscribe: unsubscribeUrl,
    shop: `${sender.company} · ${sender.address} · ${sender.phone} · ${sender.email}`,
  };
}

/** The mail's two parts for one recipient. */
export function renderMail(
  body: MailBody,
  sender: MailSender,
  greeting: string,
  unsubscribeUrl?: string,
): MailContent {
  const foot = footLines(sender, body.reason, unsubscribeUrl);
  const text = [
    greeting,
    ...body.blocks.map(blockText),
    '--',
    foot.reason,
    foot.choose,
    ...(foot.unsubscribe ? [`Unsubscribe from these e-mails: ${foot.unsubscribe}`] : []),
    foot.shop,
  ].join('\n\n');
  const small = 'margin:0 0 6px;font-size:12px;line-height:1.5;color:#52606d;';
  const html = `<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escapeHtml(body.subject)}</title></head>
<body style="margin:0;padding:0;background:#f5f7fa;">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f5f7fa;"><tr><td align="center" style="padding:16px 8px;">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:640px;background:#ffffff;border:1px solid #e4e7eb;border-radius:6px;${FONT}">
<tr><td style="padding:16px 20px;border-bottom:3px solid #1c5d99;font-size:18px;font-weight:bold;">${escapeHtml(sender.company)}</td></tr>
<tr><td style="padding:20px;">
<h1 style="margin:0 0 14px;font-size:20px;">${escapeHtml(body.heading)}</h1>
<p style="margin:0 0 14px;font-size:15px;">${escapeHtml(greeting)}</p>
${body.blocks.map(blockHtml).join('\n')}
</td></tr>
<tr><td style="padding:14px 20px;border-top:1px solid #e4e7eb;">
<p style="${small}">${escapeHtml(foot.reason)}</p>
<p style="${small}"><a href="${escapeHtml(`${sender.publicUrl}/Admin`)}" style="color:#1c5d99;">Choose which e-mails you receive</a> in My Account.${
    foot.unsubscribe
      ? ` <a href="${escapeHtml(foot.unsubscribe)}" style="color:#1c5d99;">Unsubscribe from these e-mails</a>.`
      : ''
  }</p>
<p style="${small}">${escapeHtml(foot.shop)}</p>
</td></tr>
</table>
</td></tr></table>
</body></html>`;
  return { subject: body.subject, text, html };
}
