import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';

describe('readiness says who answers the catalogue', () => {
  let t: TestApp;
  let off: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ seedProducts: 120 });
    off = await createTestApp({ seedProducts: 60, config: { CATALOGUE_INDEX: 'false' } });
  });
  afterAll(async () => {
    await t?.close();
    await off?.close();
  });

  it('PostgreSQL while the index is built, then the index with its products; ready either way', async () => {
    const before = await t.app.inject({ method: 'GET', url: '/api/health/ready' });
    expect(before.statusCode).toBe(200);
    expect(before.json().catalogue).toEqual({ serving: 'database', reason: 'index being built' });
    // listings are answered meanwhile (by SQL)
    const page = await t.app.inject({ method: 'GET', url: '/api/Shop/Products?page=1&items_per_page=12' });
    expect(page.statusCode).toBe(200);
    await t.app.services.catalogue.warmIndex();
    const after = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(after.statusCode).toBe(200);
    expect(after.json().catalogue).toEqual({ serving: 'index', products: page.json().total });
    expect(after.json().catalogue.products).toBeGreaterThan(100);
  });

  it('PostgreSQL when the index is turned off (CATALOGUE_INDEX=false)', async () => {
    await off.app.services.catalogue.warmIndex();
    const res = await off.app.inject({ method: 'GET', url: '/api/health/ready' });
    expect(res.statusCode).toBe(200);
    expect(res.json().catalogue).toEqual({ serving: 'database', reason: 'index off' });
  });
});
