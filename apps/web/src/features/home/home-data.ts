import type { Collection } from '@mitrebox/api-contract';
import { POPULAR_COLLECTIONS_COUNT, VALUE_LINE_COLLECTION_ID } from '@mitrebox/domain';

/**
 * The home page's settings (GET /api/settings, each `data` a JSON string) read defensively: a malformed or
 * missing entry gives an empty block, never a broken page. Pure.
 */

export type { SettingEntry } from '../../lib/shared-queries.ts';

import type { SettingEntry } from '../../lib/shared-queries.ts';

/** A setting's parsed JSON by name (names compared case-insensitively); undefined when absent or malformed. */
export function settingValue(entries: SettingEntry[] | undefined, name: string): unknown {
  const entry = entries?.find((e) => e.name.toLowerCase() === name.toLowerCase());
  if (!entry) return undefined;
  try {
    return JSON.parse(entry.data) as unknown;
  } catch {
    return entry.data;
  }
}

export interface CollectionRef {
  id: number;
  name?: string;
  value?: string;
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;

/** popular_collections: a JSON array of collection ids (numbers or numeric strings) or of objects with an id. */
export function collectionRefs(raw: unknown): CollectionRef[] {
  if (!Array.isArray(raw)) return [];
  const seen = new Set<number>();
  const out: CollectionRef[] = [];
  for (const item of raw) {
    const id = Number(isRecord(item) ? item.id : item);
    if (!Number.isInteger(id) || id <= 0 || seen.has(id)) continue;
    seen.add(id);
    const ref: CollectionRef = { id };
    if (isRecord(item) && typeof item.name === 'string') ref.name = item.name;
    if (isRecord(item) && typeof item.value === 'string') ref.value = item.value;
    out.push(ref);
  }
  return out;
}

/** The first six are Popular, the rest What's New (storefront §9). */
export function popularAndNew(refs: CollectionRef[]): {
  popular: CollectionRef[];
  whatsNew: CollectionRef[];
} {
  return {
    popular: refs.slice(0, POPULAR_COLLECTIONS_COUNT),
    whatsNew: refs.slice(POPULAR_COLLECTIONS_COUNT),
  };
}

export interface HomeCollection {
  id: number;
  name: string;
  image: string | null;
  productCount: number | null;
}

/** A reference with the collection's name, picture and product count from the collection list. */
export function resolveCollection(ref: CollectionRef, all: Collection[] | undefined): HomeCollection {
  const found = all?.find((c) => c.id === ref.id);
  const value = found?.value ?? ref.value;
  return {
    id: ref.id,
    name: found?.name ?? ref.name ?? `Collection ${ref.id}`,
    image: found?.image ?? (value ? `/cdn/collections/${encodeURIComponent(value)}.jpg` : null),
    productCount: found ? found.product_count : null,
  };
}

export interface ValueLine {
  id: number;
  title: string;
  text: string;
  name: string;
  value?: string;
}

/** value_lines: objects with an id (the Value Line collection 87 when none is given), title and text. */
export function valueLines(raw: unknown): ValueLine[] {
  const list = Array.isArray(raw) ? raw : isRecord(raw) ? [raw] : [];
  return list.filter(isRecord).map((v) => {
    const id = Number(v.id);
    const name = typeof v.name === 'string' ? v.name : 'Value Line';
    return {
      id: Number.isInteger(id) && id > 0 ? id : VALUE_LINE_COLLECTION_ID,
      name,
      title: typeof v.title === 'string' && v.title ? v.title : name,
      text: typeof v.text === 'string' ? v.text : '',
      value: typeof v.value === 'string' ? v.value : undefined,
    };
  });
}

export interface SocialLink {
  name: string;
  url: string;
}

/** social_links: [{ name, url }] with http(s) addresses only. */
export function socialLinks(raw: unknown): SocialLink[] {
  if (!Array.isArray(raw)) return [];
  return raw
    .filter(isRecord)
    .map((v) => ({ name: String(v.name ?? '').trim(), url: String(v.url ?? v.href ?? '').trim() }))
    .filter((l) => l.name && /^https?:\/\//i.test(l.url));
}

const ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: ' ',
  mdash: '—',
  ndash: '–',
  rsquo: '’',
  lsquo: '‘',
  rdquo: '”',
  ldquo: '“',
  hellip: '…',
};

/** Text of an HTML fragment: tags dropped, entities decoded, white space collapsed. */
export function htmlText(html: string): string {
  return html
    .replace(/<[^>]*>/g, ' ')
    .replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
      if (name[0] === '#') {
        const code =
          name[1].toLowerCase() === 'x' ? Number.parseInt(name.slice(2), 16) : Number(name.slice(1));
        return Number.isFinite(code) && code > 0 && code < 0x110000 ? String.fromCodePoint(code) : whole;
      }
      return ENTITIES[name.toLowerCase()] ?? whole;
    })
    .replace(/\s+/g, ' ')
    .trim();
}

/** At most `max` characters, cut at a word with an ellipsis. */
export function trimText(text: string, max: number): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > max * 0.5 ? cut.slice(0, space) : cut).replace(/[\s,;:—–-]+$/, '')}…`;
}

/** The mission blurb from who_we_are: its first heading and its first paragraph, trimmed. */
export function missionBlurb(raw: unknown, max = 320): { heading: string; text: string } | null {
  if (typeof raw !== 'string' || raw.trim() === '') return null;
  const heading = /<h[1-3][^>]*>([\s\S]*?)<\/h[1-3]>/i.exec(raw);
  const paragraph = /<p[^>]*>([\s\S]*?)<\/p>/i.exec(raw);
  const text = htmlText(paragraph ? paragraph[1] : raw);
  if (!text) return null;
  return { heading: heading ? htmlText(heading[1]) : '', text: trimText(text, max) };
}
