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
