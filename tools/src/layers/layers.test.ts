import { describe, expect, it } from 'vitest';
import {
  CYCLE_RULE,
  explain,
  type ImportEdge,
  importCycles,
  importEdges,
  RULES,
  resolveTarget,
  REPO_ROOT as root,
  specifiersOf,
  violations,
} from './layers.ts';

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
    ['no relative import leaves', edge('tools/src/bench/run.ts', '../../../apps/api/src/app.ts')],
    ['no relative import leaves', edge('e2e/harness.ts', '../tools/src/scale/scale.ts')],
    [
      'no relative import leaves',
      edge('apps/api/src/modules/content/pdf.ts', '../../../../web/src/lib/api.ts'),
    ],
    ['packages/ never import apps/', edge('packages/api-contract/src/index.ts', '@mitrebox/api/platform/db')],
    ['platform/', edge('apps/api/src/platform/mail.ts', '../modules/mail/mail.tables.ts')],
    ['another module', edge('apps/api/src/modules/orders/orders.service.ts', '../cart/cart.repository.ts')],
    ['another module', edge('apps/api/src/modules/cdn/cdn.routes.ts', '../catalogue/catalogue.tables.ts')],
    ['another module', edge('apps/api/src/modules/erp/erp.service.ts', '../cart/cart.repository.ts')],
    ['another module', edge('apps/api/src/modules/erp/erp.service.ts', '../invoices/invoices.tables.ts')],
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
    ['apps/', edge('apps/api/src/server.ts', '@mitrebox/tools/scale')],
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
      edge('apps/api/src/modules/mail/mailer.ts', '../../platform/mail.ts'),
      edge('packages/domain/src/money.ts', 'big.js'),
      edge('apps/web/src/features/cart/CartPage.tsx', '../../lib/cart-api.ts'),
      edge('apps/web/src/app/router.tsx', '../features/cart/CartPage.tsx'),
      edge('tools/src/bench/run.ts', '@mitrebox/api'),
      edge('tools/src/bench/run.ts', '@mitrebox/api/platform/db'),
      edge('e2e/harness.ts', '@mitrebox/tools/scale'),
      edge('apps/web/src/features/staff/sections/money/MoneySection.tsx', '../../../../lib/api.ts'),
      edge('apps/api/src/demo-data/accounts.ts', '../platform/secrets.ts'),
    ];
    expect(violations(fine)).toEqual([]);
    expect(RULES).toHaveLength(8);
  });

  it('resolves a workspace package through its exports map', () => {
    expect(resolveTarget('tools/src/seed-cli.ts', '@mitrebox/api')).toBe('apps/api/src/app.ts');
    expect(resolveTarget('tools/src/seed-cli.ts', '@mitrebox/api/demo-data')).toBe(
      'apps/api/src/demo-data/index.ts',
    );
    expect(resolveTarget('tools/src/seed-cli.ts', '@mitrebox/api/platform/db')).toBe(
      'apps/api/src/platform/db.ts',
    );
    expect(resolveTarget('apps/web/src/main.tsx', '@mitrebox/domain')).toBe('packages/domain/src/index.ts');
    expect(resolveTarget('e2e/harness.ts', '@mitrebox/tools/scale')).toBe('tools/src/scale/scale.ts');
    expect(resolveTarget('apps/web/src/main.tsx', 'react')).toBeUndefined();
  });

  describe('no import cycle', () => {
    it('finds a cycle through several files, type-only imports included, and names it in order', () => {
      const edges = [
        edge('apps/api/src/modules/staff/staff.sections.ts', '../accounts/staff-users.routes.ts'),
        edge('apps/api/src/modules/accounts/staff-users.routes.ts', '../staff/staff.routes.ts'),
        edge('apps/api/src/modules/staff/staff.routes.ts', './staff.sections.ts'),
        edge('apps/api/src/modules/staff/staff-api.ts', './staff.sections.ts'),
      ];
      const found = violations(edges).map(explain);
      expect(found).toEqual([
        "apps/api/src/modules/staff/staff.sections.ts imports '../accounts/staff-users.routes.ts': " +
          `${CYCLE_RULE}: apps/api/src/modules/accounts/staff-users.routes.ts → apps/api/src/modules/staff/staff.routes.ts → ` +
          'apps/api/src/modules/staff/staff.sections.ts → apps/api/src/modules/accounts/staff-users.routes.ts',
      ]);
    });

    it('finds a file importing itself, and one cycle per tangle', () => {
      expect(importCycles([edge('packages/domain/src/a.ts', './a.ts')])).toHaveLength(1);
      const tangle = [
        edge('packages/domain/src/a.ts', './b.ts'),
        edge('packages/domain/src/b.ts', './a.ts'),
        edge('packages/domain/src/b.ts', './c.ts'),
        edge('packages/domain/src/c.ts', './a.ts'),
      ];
      expect(importCycles(tangle).map((c) => c.map((e) => e.from))).toEqual([
        ['packages/domain/src/a.ts', 'packages/domain/src/b.ts'],
      ]);
    });

    it('leaves a chain that only looks back (a → b, a → c, b → c) alone', () => {
      const chain = [
        edge('packages/domain/src/a.ts', './b.ts'),
        edge('packages/domain/src/a.ts', './c.ts'),
        edge('packages/domain/src/b.ts', './c.ts'),
      ];
      expect(importCycles(chain)).toEqual([]);
    });
  });

  it('reads every kind of import', () => {
    const text = `import a from './a.ts';\nimport type { B } from "./b.ts";\nimport './c.css';\nexport * from './d.ts';\nconst e = () => import('./e.tsx');\nimport {\n  f,\n} from '../f.ts';`;
    expect(specifiersOf(text)).toEqual(['./a.ts', './b.ts', './c.css', './d.ts', './e.tsx', '../f.ts']);
  });
});
