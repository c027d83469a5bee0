import { defineConfig } from 'vitest/config';

/**
 * One runner, several projects: pure rules, the contract, the API on a real database (PGlite, or
 * PostgreSQL when DATABASE_URL is set), and browser journeys against the built app.
 */
export default defineConfig({
  test: {
    projects: [
      { test: { name: 'domain', include: ['packages/domain/src/**/*.test.ts'] } },
      // the layer rules of ARCHITECTURE.md over every import (part of `npm run lint`)
      { test: { name: 'layers', include: ['tools/src/layers/*.test.ts'] } },
      // the first-load budget of the built web app (after `npm run build -w apps/web`)
      { test: { name: 'budget', include: ['tools/src/budget/*.test.ts'] } },
      { test: { name: 'contract', include: ['packages/api-contract/src/**/*.test.ts'] } },
      { test: { name: 'web', include: ['apps/web/src/**/*.test.ts'] } },
      {
        test: {
          name: 'api',
          include: ['apps/api/src/**/*.test.ts', 'tools/src/**/*.test.ts'],
          exclude: [
            'tools/src/layers/**',
            'tools/src/budget/**',
            'tools/src/crash/**',
            'tools/src/scale/**',
            '**/node_modules/**',
          ],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          pool: 'forks',
          maxWorkers: 2,
        },
      },
      // whole processes of the compiled server on PostgreSQL (after `npm run build`): SIGKILLed and restarted
      // under load (crash test), stopped with SIGTERM, and two of them behind nginx as one shop
      {
        test: {
          name: 'processes',
          include: ['tools/src/crash/*.test.ts', 'tools/src/scale/*.test.ts'],
          testTimeout: 300_000,
          hookTimeout: 300_000,
          fileParallelism: false,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['e2e/**/*.test.ts'],
          testTimeout: 90_000,
          hookTimeout: 240_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
