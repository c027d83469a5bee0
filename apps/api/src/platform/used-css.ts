/**
 * The rules of a stylesheet a rendered page uses (ADR 013): a page the server renders carries its stylesheets
 * inside, and the shop's and product page's were ≈ 200 KB of CSS (45 KB brotli), mostly Mantine components the
 * HTML does not contain — bytes before the first paint, and CSS the phone parses and matches. A rule is kept
 * unless one of its classes is missing from the page's HTML (for every selector of its list); what has no class
 * (`:root`, elements, attributes), at-rules other than @media/@layer/@supports/@container, and anything this
 * reader does not follow (nesting, escapes) are kept. The full stylesheets come after the page's load, before the
 * app renders over it (the after-load script of the build, apps/web/scripts/prerender.mjs).
 */

type Block =
  | { kind: 'keep'; text: string }
  | { kind: 'rule'; text: string; alternatives: string[][] }
  | { kind: 'group'; prelude: string; children: Block[] };

const GROUPS = /^@(media|layer|supports|container)\b/i;
const CLASS = /\.(-?[_a-zA-Z][\w-]*)/g;

/** The index of the `}` closing the block whose `{` is at `open` (strings and comments skipped). */
function closing(css: string, open: number): number {
  let depth = 0;
  for (let i = open; i < css.length; i++) {
    const c = css[i];
    if (c === '"' || c === "'") {
      i = css.indexOf(c, i + 1);
      if (i < 0) return -1;
    } else if (c === '/' && css[i + 1] === '*') {
      i = css.indexOf('*/', i + 2) + 1;
      if (i <= 0) return -1;
    } else if (c === '{') depth++;
    else if (c === '}' && --depth === 0) return i;
  }
  return -1;
}

/** Splits at the top-level commas of a selector list (not those inside `:is(…)` and the like). */
function selectors(list: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < list.length; i++) {
    const c = list[i];
    if (c === '(' || c === '[') depth++;
    else if (c === ')' || c === ']') depth--;
    else if (c === ',' && depth === 0) {
      parts.push(list.slice(start, i));
      start = i + 1;
    }
  }
  parts.push(list.slice(start));
  return parts;
}

/**
 * The classes a selector needs on the page: those outside parentheses and brackets (`:not(.x)` matches without
 * `.x`; an attribute's value may contain a dot). Null when the selector has an escape this reader does not follow.
 */
function classesNeeded(selector: string): string[] | null {
  if (selector.includes('\\')) return null;
  let outer = '';
  let depth = 0;
  for (const c of selector) {
    if (c === '(' || c === '[') depth++;
    else if (c === ')' || c === ']') depth--;
    else if (depth === 0) outer += c;
  }
  return [...outer.matchAll(CLASS)].map((m) => m[1]!);
}

/** Parses a stylesheet (once per file) into the blocks `usedCss` filters. */
export function parseCss(css: string): Block[] {
  const blocks: Block[] = [];
  let i = 0;
  while (i < css.length) {
    const open = css.indexOf('{', i);
    const semi = css.indexOf(';', i);
    if (open < 0 || (semi >= 0 && semi < open)) {
      // a statement (`@layer a, b;`, `@import …;`) or the end
      const end = semi < 0 ? css.length : semi + 1;
      const text = css.slice(i, end);
      if (text.trim()) blocks.push({ kind: 'keep', text });
      i = end;
      continue;
    }
    const close = closing(css, open);
    if (close < 0) {
      blocks.push({ kind: 'keep', text: css.slice(i) });
      break;
    }
    const prelude = css.slice(i, open);
    const body = css.slice(open + 1, close);
    const text = css.slice(i, close + 1);
    const head = prelude.trim();
    if (GROUPS.test(head)) blocks.push({ kind: 'group', prelude, children: parseCss(body) });
    else if (head.startsWith('@') || body.includes('{')) blocks.push({ kind: 'keep', text });
    else {
      const alternatives: string[][] = [];
      let unknown = false;
      for (const s of selectors(prelude)) {
        const needed = classesNeeded(s);
        if (needed === null) unknown = true;
        else alternatives.push(needed);
      }
      blocks.push(unknown ? { kind: 'keep', text } : { kind: 'rule', text, alternatives });
    }
    i = close + 1;
  }
  return blocks;
}

/** The class names of an HTML fragment (its `class="…"` attributes). */
export function classesOf(html: string): Set<string> {
  const found = new Set<string>();
  for (const m of html.matchAll(/\sclass="([^"]*)"/g)) {
    for (const name of m[1]!.split(/\s+/)) if (name) found.add(name);
  }
  return found;
}

/** The stylesheet with only the rules the page can use (all of them when `classes` is null). */
export function usedCss(blocks: Block[], classes: Set<string> | null): string {
  let out = '';
  for (const b of blocks) {
    if (b.kind === 'keep') out += b.text;
    else if (b.kind === 'rule') {
      if (!classes || b.alternatives.some((needed) => needed.every((c) => classes.has(c)))) out += b.text;
    } else {
      const inner = usedCss(b.children, classes);
      if (inner) out += `${b.prelude}{${inner}}`;
    }
  }
  return out;
}
