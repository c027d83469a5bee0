import { createHash } from 'node:crypto';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import type { SandboxGateway } from './sandbox.ts';
import { SANDBOX_FIELDS_PATH } from './sandbox.ts';
import { sandboxFieldsRoutes } from './sandbox-fields.ts';

const hashOf = (s: string) => `'sha256-${createHash('sha256').update(s).digest('base64')}'`;

async function cardFieldPage() {
  const app = Fastify({ logger: false });
  // the page itself calls nothing of the gateway (only the tokenizer does)
  await app.register(
    sandboxFieldsRoutes({} as SandboxGateway, { shopOrigins: () => ['http://localhost:3000'] }),
  );
  const res = await app.inject({ method: 'GET', url: `${SANDBOX_FIELDS_PATH}?origin=http://localhost:3000` });
  await app.close();
  const directives = new Map(
    String(res.headers['content-security-policy'])
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .map(([name, ...values]) => [name, values] as const),
  );
  return { status: res.statusCode, html: res.body, directives };
}

describe('the hosted card-field page and its Content-Security-Policy (issue 31)', () => {
  it('has no inline event handler or style attribute: nothing its CSP would refuse', async () => {
    const { status, html } = await cardFieldPage();
    expect(status).toBe(200);
    // an attribute named on… (onsubmit, onclick, onload) is an inline handler; a style="" an inline style
    expect(html).not.toMatch(/<[^>]*\son[a-z]+\s*=/i);
    expect(html).not.toMatch(/<[^>]*\sstyle\s*=/i);
    expect(html).not.toMatch(/javascript:/i);
  });

  it('allows exactly what it uses: each inline script and style by its hash, no file, no unsafe-inline', async () => {
    const { html, directives } = await cardFieldPage();
    const scripts = [...html.matchAll(/<script([^>]*)>([\s\S]*?)<\/script>/g)];
    const styles = [...html.matchAll(/<style([^>]*)>([\s\S]*?)<\/style>/g)];
    expect(scripts.length).toBeGreaterThan(0);
    expect(styles.length).toBeGreaterThan(0);
    for (const [, attrs, body] of scripts) {
      expect(attrs).not.toContain('src=');
      expect(directives.get('script-src')).toContain(hashOf(body));
    }
    for (const [, , body] of styles) expect(directives.get('style-src')).toContain(hashOf(body));
    expect(directives.get('script-src')).toHaveLength(scripts.length);
    expect(directives.get('default-src')).toEqual(["'none'"]);
    expect(directives.get('form-action')).toEqual(["'none'"]);
    expect(directives.get('frame-ancestors')).toEqual(['http://localhost:3000']);
    expect(String([...directives.values()])).not.toContain('unsafe');
    // the form is kept from submitting by the allowed script itself
    expect(scripts[0][2]).toContain("addEventListener('submit'");
  });
});
