import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// Runs after the server's build (tools/test-all.mjs): what a start of the compiled server loads. A package named
// here is loaded with its first use (a dynamic import at the call), never by a start (docs/decisions/018).
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const dist = path.join(root, 'apps/api/dist');

/** Packages a start has no use for: PDFs, images, mail, the card gateway. */
const LOADED_ON_FIRST_USE = ['pdf-lib', 'sharp', 'nodemailer', 'braintree'];

/** The files and packages that `import … from` reaches from the entry (import() is left out: it waits for its call). */
function loadedAtStart(entry: string): { files: string[]; packages: Set<string> } {
  const files: string[] = [];
  const packages = new Set<string>();
  const pending = [entry];
  while (pending.length > 0) {
    const file = pending.pop()!;
    if (files.includes(file)) continue;
    files.push(file);
    const code = readFileSync(path.join(dist, file), 'utf8');
    for (const [, spec] of code.matchAll(/^(?:import|export)\s[^;'"]*?from\s*"([^"]+)"/gm)) {
      if (spec!.startsWith('./')) pending.push(spec!.slice(2));
      else
        packages.add(spec!.startsWith('@') ? spec!.split('/').slice(0, 2).join('/') : spec!.split('/')[0]!);
    }
    for (const [, spec] of code.matchAll(/^import\s*"([^"]+)"/gm))
      if (!spec!.startsWith('./')) packages.add(spec!);
  }
  return { files, packages };
}

describe('what a start of the server loads', () => {
  it('has a compiled server', () => {
    expect(
      existsSync(path.join(dist, 'server-main.mjs')),
      'apps/api/dist/server-main.mjs is missing: run `npm run build -w apps/api` first',
    ).toBe(true);
  });

  it('reads its files and packages from the compiled code', () => {
    const { files, packages } = loadedAtStart('server-main.mjs');
    expect(files.length).toBeGreaterThan(0);
    // the server's framework and its validation are loaded by every start: the reading finds them
    expect([...packages]).toContain('fastify');
    expect([...packages]).toContain('zod');
  });

  it.each(LOADED_ON_FIRST_USE)('leaves %s to its first use', (pkg) => {
    const { files, packages } = loadedAtStart('server-main.mjs');
    expect(packages.has(pkg), `${pkg} is imported at start by one of ${files.join(', ')}`).toBe(false);
  });

  it('keeps the PDF makers in files of their own, loaded with the first PDF', () => {
    const { files } = loadedAtStart('server-main.mjs');
    const pdfFiles = files.filter((f) => /pdf/i.test(f));
    expect(pdfFiles).toEqual([]);
    const entry = readFileSync(path.join(dist, 'server-main.mjs'), 'utf8');
    expect(entry).toMatch(/import\("\.\/statement-pdf-[\w-]+\.mjs"\)/);
  });
});
