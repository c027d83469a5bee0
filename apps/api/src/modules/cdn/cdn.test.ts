import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEED_FIXTURES } from '../../demo-data/index.ts';
import { openTestDatabase } from '../../testing/test-app.ts';
import { cdnRoutes, IMMUTABLE, RENDER_VERSION } from './cdn.routes.ts';

describe('generated catalogue images (/cdn)', () => {
  let app: FastifyInstance;
  let dataDir: string;
  let close: () => Promise<void>;

  beforeAll(async () => {
    const t = await openTestDatabase({ seedProducts: 80 });
    close = t.close;
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'mitrebox-cdn-'));
    app = Fastify();
    await app.register(cdnRoutes({ db: t.database.db, dataDir }));
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
    await close?.();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  async function expectJpeg(url: string, status = 200) {
    const res = await app.inject({ method: 'GET', url });
    expect(res.statusCode, `${url}: ${res.body.slice(0, 200)}`).toBe(status);
    expect(res.headers['content-type']).toBe('image/jpeg');
    const meta = await sharp(res.rawPayload).metadata();
    expect(meta.format).toBe('jpeg');
    expect(meta.width).toBe(400);
    expect(meta.height).toBe(400);
    return res;
  }

  it('draws a moulding corner by product code, with the year-long immutable cache header', async () => {
    const res = await expectJpeg(`/cdn/frames/${SEED_FIXTURES.moulding}.jpg`);
    expect(res.headers['cache-control']).toBe(IMMUTABLE);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    // written to the disk cache, and the second answer is the same bytes
    expect(
      existsSync(
        path.join(dataDir, 'cdn-cache', `v${RENDER_VERSION}`, 'frames', `${SEED_FIXTURES.moulding}.jpg`),
      ),
    ).toBe(true);
    const again = await app.inject({ method: 'GET', url: `/cdn/frames/${SEED_FIXTURES.moulding}.jpg` });
    expect(again.rawPayload.equals(res.rawPayload)).toBe(true);
  });

  it('draws every kind of product under /cdn/frames', async () => {
    for (const code of [
      SEED_FIXTURES.floater,
      SEED_FIXTURES.fillet,
      SEED_FIXTURES.mat,
      SEED_FIXTURES.glass,
      SEED_FIXTURES.foamBoard,
      SEED_FIXTURES.hardware,
      SEED_FIXTURES.readymade,
      SEED_FIXTURES.supplies,
    ]) {
      const res = await expectJpeg(`/cdn/frames/${code}.jpg`);
      expect(res.headers['cache-control']).toBe(IMMUTABLE);
    }
  });

  it('draws mats by ManufCode and collections by value or id', async () => {
    await expectJpeg(`/cdn/mats/${SEED_FIXTURES.matManufCode}.jpg`);
    await expectJpeg('/cdn/collections/ferrara.jpg');
    await expectJpeg('/cdn/collections/133.jpg');
    await expectJpeg('/cdn/collections/value-line.jpg');
    const p = await expectJpeg('/cdn/placeholder.jpg');
    expect(p.headers['cache-control']).toBe(IMMUTABLE);
  });

  it('answers unknown items with the placeholder and 404, briefly cached', async () => {
    for (const url of [
      '/cdn/frames/NO-SUCH-CODE.jpg',
      '/cdn/mats/Z9999.jpg',
      '/cdn/collections/nowhere.jpg',
    ]) {
      const res = await expectJpeg(url, 404);
      expect(res.headers['cache-control']).not.toContain('immutable');
    }
  });

  it('sends WebP to a browser that takes it (a third of the bytes), JPEG otherwise, varying by Accept', async () => {
    const url = `/cdn/frames/${SEED_FIXTURES.moulding}.jpg`;
    // what Chrome sends for an <img>
    const accept = 'image/avif,image/webp,image/apng,image/svg+xml,image/*,*/*;q=0.8';
    const webp = await app.inject({ method: 'GET', url, headers: { accept } });
    expect(webp.statusCode).toBe(200);
    expect(webp.headers['content-type']).toBe('image/webp');
    expect(webp.headers.vary).toBe('Accept');
    expect(webp.headers['cache-control']).toBe(IMMUTABLE);
    const meta = await sharp(webp.rawPayload).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', 400, 400]);
    const jpeg = await expectJpeg(url);
    expect(jpeg.headers.vary).toBe('Accept');
    expect(webp.rawPayload.length).toBeLessThan(jpeg.rawPayload.length / 2);
    // cached beside the JPEG; the placeholder too
    expect(
      existsSync(
        path.join(
          dataDir,
          'cdn-cache',
          `v${RENDER_VERSION}`,
          'webp',
          'frames',
          `${SEED_FIXTURES.moulding}.webp`,
        ),
      ),
    ).toBe(true);
    const missing = await app.inject({ method: 'GET', url: '/cdn/frames/NOPE-404.jpg', headers: { accept } });
    expect([missing.statusCode, missing.headers['content-type']]).toEqual([404, 'image/webp']);
  });

  it('rejects malformed names with 400 and never fails with 500', async () => {
    for (const url of [
      '/cdn/frames/bad%20code.jpg',
      `/cdn/frames/${'A'.repeat(65)}.jpg`,
      `/cdn/frames/${SEED_FIXTURES.moulding}.png`,
      '/cdn/frames/.jpg',
      '/cdn/mats/%3Cscript%3E.jpg',
      "/cdn/collections/x'or'1.jpg",
    ]) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(400);
      expect(res.json().message).toMatch(/Invalid image name/);
    }
    for (const url of [
      '/cdn/frames/..%2F..%2Fetc%2Fpasswd.jpg',
      '/cdn/frames/%2e%2e.jpg',
      '/cdn/frames/%00.jpg',
    ]) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, url).toBeLessThan(500);
    }
  });
});
