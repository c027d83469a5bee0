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
 * The `Link` header for a screen's page (ADR 013): the build's dist/screens.json names, per route, the script
 * chunks and stylesheets of its screen, which the browser would otherwise find only after the entry script has
 * run; named in the header, they download beside the entry. A path no route matches gets none.
 */
export function screenPreloads(webDist: string): (pathname: string) => string | undefined {
  const file = path.join(webDist, 'screens.json');
  if (!existsSync(file)) return () => undefined;
  const screens = (JSON.parse(readFileSync(file, 'utf8')) as ScreenFiles[]).map((screen) => {
    const links = [
      ...screen.scripts.filter((f) => ASSET.test(f)).map((f) => `<${f}>; rel=modulepreload`),
      ...screen.styles.filter((f) => ASSET.test(f)).map((f) => `<${f}>; rel=preload; as=style`),
    ];
    return { match: patternToRegExp(screen.pattern), link: links.join(', ') || undefined };
  });
  return (pathname) => screens.find((s) => s.match.test(pathname))?.link;
}
