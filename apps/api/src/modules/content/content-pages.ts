import sanitizeHtml from 'sanitize-html';

/** Settings whose data is rich text shown as HTML on a page (who_we_are, Policy, Terms, faq, store_locations). */
export const RICH_TEXT_SETTINGS = new Set(['who_we_are', 'Policy', 'Terms', 'faq', 'store_locations']);

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [...sanitizeHtml.defaults.allowedTags.filter((t) => t !== 'iframe'), 'details', 'summary'],
  allowedAttributes: {
    a: ['href', 'title', 'target', 'rel'],
    img: ['src', 'alt', 'width', 'height'],
    details: ['open'],
    th: ['colspan', 'rowspan', 'scope'],
    td: ['colspan', 'rowspan'],
  },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowProtocolRelative: false,
  transformTags: {
    a: sanitizeHtml.simpleTransform('a', { rel: 'noopener noreferrer' }),
  },
};

/** Rich text as the page may show it: scripts, event handlers, styles and javascript: links removed. */
export function sanitizePageHtml(html: string): string {
  return sanitizeHtml(html, OPTIONS);
}

const TEXT_ONLY: sanitizeHtml.IOptions = { allowedTags: [], allowedAttributes: {} };
/** sanitize-html answers text escaped for HTML with exactly these three; the page escapes text itself. */
const unescapeText = (html: string) =>
  html.replace(/&(lt|gt|amp);/g, (_m, name: string) => ({ lt: '<', gt: '>', amp: '&' })[name] ?? '');

/**
 * Text a page shows as text (a job's heading and description: React escapes it, with its line breaks): every
 * tag taken out, entities read as the characters they stand for ('R&amp;D' is 'R&D'). Again until nothing
 * changes, so that '&lt;img onerror…&gt;' does not come back as a tag; each round only shortens the text.
 */
export function plainText(text: string): string {
  let out = text;
  for (let round = 0; round < 10; round++) {
    const next = unescapeText(sanitizeHtml(out, TEXT_ONLY));
    if (next === out) return out;
    out = next;
  }
  return out.replace(/[<>]/g, '');
}

/**
 * The settings list with every rich-text entry sanitised. Data is a JSON string; a rich-text entry holds a
 * JSON string of HTML (an entry that is not valid JSON is treated as HTML itself).
 */
export function sanitizeSettings<T extends { name: string; data: string }>(entries: T[]): T[] {
  return entries.map((entry) => {
    if (!RICH_TEXT_SETTINGS.has(entry.name)) return entry;
    let html: unknown;
    try {
      html = JSON.parse(entry.data);
    } catch {
      html = entry.data;
    }
    return { ...entry, data: JSON.stringify(sanitizePageHtml(typeof html === 'string' ? html : '')) };
  });
}
