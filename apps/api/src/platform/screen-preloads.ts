import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

/** One route of the web app and the files its screen loads beyond the first load (written by the web build). */
interface ScreenFiles {
  /** React Router's path: case-insensitive, ':x' one segment, ':x?' an optional one, '*' the rest. */
  pattern: string;
  scripts: string[];
  styles: string[];
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A route pattern as a regular expression over a pathname. */
export function patternToRegExp(pattern: string): RegExp {
  const parts = pattern.split('/').filter(Boolean);
  const body = parts
    .map((part) => {
      if (part === '*') return '(?:/.*)?';
      if (part.startsWith(':')) return part.endsWith('?') ? '(?:/[^/]+)?' : '/[^/]+';
      return `/${escapeRegExp(part)}`;
    })
    .join('');
  return new RegExp(`^${body}/?$`, 'i');
}

const ASSET = /^\/assets\/[\w.~-]+\.(js|css)$/;

/**
 * At most this many bytes of Link header: proxies read a response's headers into one buffer (nginx: 4 KB by
 * default, "upstream sent too big header" beyond) and the shop's other headers take about 1.5 KB. A screen of
 * many chunks names the first ones (its own chunk first, then what it imports).
 */
export const LINK_HEADER_MAX = 2048;

/** Joins Link entries, in order, while the header stays within LINK_HEADER_MAX. */
export function linkHeader(entries: (string | undefined)[]): string | undefined {
  let out = '';
  for (const entry of entries) {
    if (!entry) continue;
    const next = out ? `${out}, ${entry}` : entry;
    if (next.length > LINK_HEADER_MAX) break;
    out = next;
  }
  return out || undefined;
}

/**
 * The `Link` header entries for a screen's page (ADR 013): the build's dist/screens.json names, per route, the
 * script chunks and stylesheets of its screen, which the browser would otherwise find only after the entry
 * script has run; named in the header, they download beside the entry. A path no route matches gets none.
 */
export function screenPreloads(webDist: string): (pathname: string) => string[] {
  const file = path.join(webDist, 'screens.json');
  if (!existsSync(file)) return () => [];
  const screens = (JSON.parse(readFileSync(file, 'utf8')) as ScreenFiles[]).map((screen) => ({
    match: patternToRegExp(screen.pattern),
    links: [
      ...screen.scripts.filter((f) => ASSET.test(f)).map((f) => `<${f}>; rel=modulepreload`),
      ...screen.styles.filter((f) => ASSET.test(f)).map((f) => `<${f}>; rel=preload; as=style`),
    ],
  }));
  return (pathname) => screens.find((s) => s.match.test(pathname))?.links ?? [];
}

/** The stylesheets of a path's screen (dist/screens.json), for a page the server renders: they go in its head. */
export function screenStyles(webDist: string): (pathname: string) => string[] {
  const file = path.join(webDist, 'screens.json');
  if (!existsSync(file)) return () => [];
  const screens = (JSON.parse(readFileSync(file, 'utf8')) as ScreenFiles[]).map((screen) => ({
    match: patternToRegExp(screen.pattern),
    styles: screen.styles.filter((f) => ASSET.test(f)),
  }));
  return (pathname) => screens.find((s) => s.match.test(pathname))?.styles ?? [];
}
