import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import {
  explain,
  type ImportEdge,
  importEdges,
  RULES,
  resolveTarget,
  specifiersOf,
  violations,
} from './layers.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

describe('layer rules', () => {
  it('hold on the whole tree', () => {
    const edges = importEdges(root);
    expect(edges.length).toBeGreaterThan(500);
    expect(violations(edges).map(explain)).toEqual([]);
  });

  const edge = (from: string, specifier: string): ImportEdge => ({
    from,
    specifier,
    target: resolveTarget(from, specifier),
  });

  // One deliberate violation per rule: each is caught, by that rule only.
  const broken: [string, ImportEdge][] = [
    ['platform/', edge('apps/api/src/platform/mail.ts', '../modules/mail/mail.tables.ts')],
    ['another module', edge('apps/api/src/modules/orders/orders.service.ts', '../cart/cart.repository.ts')],
    ['another module', edge('apps/api/src/modules/cdn/cdn.routes.ts', '../catalogue/catalogue.tables.ts')],
    ['another module', edge('apps/api/src/modules/erp/erp.service.ts', '../cart/cart.repository.ts')],
    ['packages/domain', edge('packages/domain/src/pricing.ts', 'node:fs')],
    ['packages/domain', edge('packages/domain/src/pricing.ts', 'drizzle-orm')],
    ['packages/domain', edge('packages/domain/src/pricing.ts', 'fastify')],
    ['packages/domain', edge('packages/domain/src/pricing.ts', '@mitrebox/api-contract')],
    ['web feature', edge('apps/web/src/features/catalogue/ProductCard.tsx', '../cart/cart-count.ts')],
    [
      'components/',
      edge('apps/web/src/components/add-to-cart/AddToCartDialog.tsx', '../../features/cart/cart-count.ts'),
    ],
    ['components/', edge('apps/web/src/lib/api.ts', '../features/auth/sign-out.ts')],
    ['apps/', edge('apps/api/src/server.ts', '../../../tools/src/seed-cli.ts')],
    ['apps/', edge('apps/api/src/server.ts', '@mitrebox/tools')],
  ];
  it.each(broken)('a deliberate violation is caught (%s)', (ruleStart, e) => {
    const found = violations([e]);
    expect(found).toHaveLength(1);
    expect(found[0]!.rule.startsWith(ruleStart) || found[0]!.rule.includes(ruleStart)).toBe(true);
  });

  it('allowed imports pass', () => {
    const fine = [
      edge('apps/api/src/modules/orders/orders.service.ts', '../cart/cart.service.ts'),
      edge('apps/api/src/modules/orders/orders.service.ts', './orders.tables.ts'),
      edge('apps/api/src/schema.ts', './modules/orders/orders.tables.ts'),
      edge('apps/api/src/modules/cart/cart.tables.ts', '../accounts/accounts.tables.ts'),
      edge('apps/api/src/modules/cart/cart.test.ts', '../orders/orders.tables.ts'),
      edge('apps/api/src/modules/erp/erp.service.ts', '../invoices/invoices.tables.ts'),
      edge('apps/api/src/modules/mail/mailer.ts', '../../platform/mail.ts'),
      edge('packages/domain/src/money.ts', 'big.js'),
      edge('apps/web/src/features/cart/CartPage.tsx', '../../lib/cart-api.ts'),
      edge('apps/web/src/app/router.tsx', '../features/cart/CartPage.tsx'),
      edge('tools/src/bench/run.ts', '../../../apps/api/src/app.ts'),
    ];
    expect(violations(fine)).toEqual([]);
    expect(RULES).toHaveLength(6);
  });

  it('reads every kind of import', () => {
    const text = `import a from './a.ts';\nimport type { B } from "./b.ts";\nimport './c.css';\nexport * from './d.ts';\nconst e = () => import('./e.tsx');\nimport {\n  f,\n} from '../f.ts';`;
    expect(specifiersOf(text)).toEqual(['./a.ts', './b.ts', './c.css', './d.ts', './e.tsx', '../f.ts']);
  });
});
