import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

/**
 * A web build of the test's own making in a new temporary folder: `files` by their path in the web app's folder
 * (`dist/index.html`, `dist/assets/…`, `dist-ssr/prerender.js`). Returns the `dist` folder (the WEB_DIST setting).
 */
export function fakeWebBuild(prefix: string, files: Record<string, string>): string {
  const web = mkdtempSync(path.join(tmpdir(), prefix));
  for (const [name, content] of Object.entries(files)) {
    const file = path.join(web, name);
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, content);
  }
  const dist = path.join(web, 'dist');
  mkdirSync(path.join(dist, 'assets'), { recursive: true });
  return dist;
}
