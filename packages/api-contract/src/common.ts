import { z } from 'zod';

/** The one wire form of every error: a message and, for form errors, a field-to-message map. */
export const ErrorBody = z.object({
  message: z.string(),
  errors: z.record(z.string(), z.string()).optional(),
});
export type ErrorBody = z.infer<typeof ErrorBody>;

export const SuccessBody = z.object({ success: z.boolean(), message: z.string().optional() });

/** Query strings arrive as text: accept "12" or 12, and refuse anything else. */
export const intParam = (min: number, max: number) => z.coerce.number().int().min(min).max(max);

/** Why a text value is refused: a control character or a broken (lone surrogate) character. */
export const UNCLEAN_TEXT_MESSAGE = 'contains a character that is not allowed.';

/**
 * Clean text: no NUL or other C0 control character except tab, newline and carriage return, and no lone
 * UTF-16 surrogate. The one rule for every text value a request carries: `cleanText` for schemas, and the
 * server's request guard applies `findUncleanText` to every string of every route (params, query, body).
 */
export function isCleanText(value: string): boolean {
  for (let i = 0; i < value.length; i++) {
    const c = value.charCodeAt(i);
    if (c < 0x20) {
      if (c !== 0x09 && c !== 0x0a && c !== 0x0d) return false;
    } else if (c >= 0xd800 && c <= 0xdbff) {
      const next = value.charCodeAt(i + 1);
      if (!(next >= 0xdc00 && next <= 0xdfff)) return false;
      i++;
    } else if (c >= 0xdc00 && c <= 0xdfff) return false;
  }
  return true;
}

export const cleanText = (max: number) => z.string().max(max).refine(isCleanText, UNCLEAN_TEXT_MESSAGE);

/**
 * The path ('TopSearch', 'cartdata.0.instructions') of the first string or key in a parsed request part that
 * is not clean text; undefined when all are clean.
 */
export function findUncleanText(value: unknown): string | undefined {
  // Each value remembers its parent and its key; the dotted path is put together only for the one value that is
  // refused, so a deeply nested body costs one step a value (a path built at every level was quadratic in depth).
  interface At {
    parent: At | null;
    key: string;
  }
  const pathOf = (at: At | null, key?: string) => {
    const keys = key === undefined ? [] : [key];
    for (let a = at; a; a = a.parent) keys.push(a.key);
    return keys.reverse().join('.');
  };
  const stack: [unknown, At | null][] = [[value, null]];
  while (stack.length > 0) {
    const [item, at] = stack.pop()!;
    if (typeof item === 'string') {
      if (!isCleanText(item)) return pathOf(at);
    } else if (Array.isArray(item)) {
      for (let i = 0; i < item.length; i++) stack.push([item[i], { parent: at, key: String(i) }]);
    } else if (item && typeof item === 'object' && !ArrayBuffer.isView(item)) {
      for (const k in item) {
        if (!Object.hasOwn(item, k)) continue;
        if (!isCleanText(k)) return pathOf(at, k);
        stack.push([(item as Record<string, unknown>)[k], { parent: at, key: k }]);
      }
    }
  }
  return undefined;
}
