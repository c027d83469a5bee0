// The HTML of a server-rendered screen: the web build's shell with the rendered screen in #root, the data it was
// rendered from, and the screen's stylesheets in the head (platform/screen-render.ts renders the screen).
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { classesOf, parseCss, usedCss } from './used-css.ts';

/** The id the browser reads the page's data from (apps/web/src/lib/first-data.ts). */
export const FIRST_DATA_ID = 'mb-first-data';

const ROOT_SLOT = '<div id="root"></div>';

const escapeJson = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');
const STYLE = /^\/assets\/[\w.~-]+\.css$/;

/** The build's page shell, ready to take a rendered screen. */
export interface ScreenShell {
  /** The shell's HTML, without its module preloads and entry stylesheets. */
  html: string;
  /** The entry's stylesheets, taken out of the shell: each page carries them in its head. */
  entryStyles: string[];
  /** The shell is the painted-first one: it loads the full stylesheets after the page. */
  paintFirst: boolean;
}

/**
 * The build's shell for painted-first pages (its entry asked for after the page's load), else index.html; null
 * when the build has neither, or no #root slot to render into.
 */
export function readScreenShell(webDist: string): ScreenShell | null {
  const paintFirstFile = path.join(webDist, 'screen-shell.html');
  const paintFirst = existsSync(paintFirstFile);
  const shellFile = paintFirst ? paintFirstFile : path.join(webDist, 'index.html');
  if (!existsSync(shellFile)) return null;
  const built = readFileSync(shellFile, 'utf8');
  if (!built.includes(ROOT_SLOT)) return null;
  // The page is painted from its HTML, its stylesheets and fonts: on a phone's few connections these go first.
  // The entry's static imports are found when it arrives (not preloaded beside the page's pictures), and the
  // stylesheets come inside the page (one request, not ten); each keeps a disabled <link> with its address,
  // which the browser does not fetch and by which Vite's loader knows the styles are there.
  const entryStyles: string[] = [];
  const html = built
    .replace(/<link rel="modulepreload"[^>]*>\s*/g, '')
    .replace(/<link rel="stylesheet" crossorigin href="([^"]+)">\s*/g, (_all, href: string) => {
      entryStyles.push(href);
      return '';
    });
  return { html, entryStyles, paintFirst };
}

/** A rendered screen: its HTML and the data it was rendered from. */
export interface RenderedScreen {
  root: string;
  data: unknown;
  /** The width guessed for it ('phone' or 'wide'), which the app's first render over it assumes too. */
  viewport?: string;
}

/**
 * Writes pages from the shell: the screen in #root (inert until the app has rendered over it: main.tsx), its data
 * (with the signed-in user's id, for a signed-in screen) and its stylesheets, each read once.
 */
export function createPageWriter(webDist: string, shell: ScreenShell) {
  const cssCache = new Map<string, ReturnType<typeof parseCss> | null>();
  const cssOf = (href: string) => {
    if (!cssCache.has(href)) {
      const file = path.join(webDist, href);
      cssCache.set(href, STYLE.test(href) && existsSync(file) ? parseCss(readFileSync(file, 'utf8')) : null);
    }
    return cssCache.get(href) ?? null;
  };

  return (screen: RenderedScreen, styles: string[], userId?: number): string => {
    let head = '';
    // only the rules the page's HTML uses when the shell loads the full stylesheets after the page (used-css.ts)
    const classes = shell.paintFirst ? classesOf(screen.root) : null;
    const later = shell.paintFirst ? ' data-after-load' : '';
    for (const href of [...new Set([...shell.entryStyles, ...styles])]) {
      const css = cssOf(href);
      head +=
        css === null
          ? `<link rel="stylesheet" crossorigin href="${href}">`
          : `<style>${usedCss(css, classes).replace(/<\/style/gi, '<\\/style')}</style><link rel="stylesheet" crossorigin href="${href}" disabled${later}>`;
    }
    return shell.html
      .replace('</head>', `${head}</head>`)
      .replace(
        ROOT_SLOT,
        `<div id="root" inert>${screen.root}</div><script type="application/json" id="${FIRST_DATA_ID}"${userId !== undefined ? ` data-user="${userId}"` : ''}${screen.viewport === 'phone' ? ' data-viewport="phone"' : ''}>${escapeJson(screen.data)}</script>`,
      );
  };
}
