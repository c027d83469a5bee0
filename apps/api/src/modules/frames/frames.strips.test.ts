import { writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { frameMessages } from '@mitrebox/domain';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEED_FIXTURES as F } from '../../demo-data/index.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';

/**
 * The moulding's product photo strip from the configured image source (IMAGE_BASE_URL): used where the source
 * has one, the drawn face where it has none, answers something that is not a picture, or is down.
 */
let t: TestApp;
let source: Server;
const asked: string[] = [];
const SHOTS = path.resolve(import.meta.dirname, '../../../../../.e2e-shots');

/** A photographed face: green and magenta bands along, so that its pixels cannot be the drawn face's. */
const stripPhoto = () =>
  sharp({ create: { width: 480, height: 80, channels: 3, background: '#10c040' } })
    .composite([
      {
        input: Buffer.from(
          '<svg xmlns="http://www.w3.org/2000/svg" width="480" height="80"><rect y="30" width="480" height="20" fill="#d020c0"/><rect x="0" width="12" height="80" fill="#0a6020"/></svg>',
        ),
      },
    ])
    .jpeg()
    .toBuffer();

beforeAll(async () => {
  const photo = await stripPhoto();
  const randomPhoto = await sharp({ create: { width: 900, height: 600, channels: 3, background: '#3060a0' } })
    .withMetadata({ orientation: 6 })
    .jpeg()
    .toBuffer();
  source = createServer((req, res) => {
    asked.push(req.url ?? '');
    if (req.url === `/img/strips/${F.moulding}.jpg` || req.url === `/img/strips/${F.fillet}.jpg`) {
      res.writeHead(200, { 'content-type': 'image/jpeg' });
      return res.end(photo);
    }
    if (req.url === '/random') {
      // a stock-photo service: a fresh photograph each time, with its metadata
      res.writeHead(200, { 'content-type': 'image/jpeg' });
      return res.end(randomPhoto);
    }
    if (req.url === `/img/strips/${F.innsbruck}.jpg`) {
      res.writeHead(200, { 'content-type': 'image/jpeg' });
      return res.end('this is not a picture');
    }
    res.writeHead(404);
    res.end();
  });
  await new Promise<void>((resolve) => source.listen(0, '127.0.0.1', resolve));
  const port = (source.address() as AddressInfo).port;
  t = await createTestApp({
    seedProducts: 40,
    config: {
      IMAGE_BASE_URL: `http://127.0.0.1:${port}/img`,
      FRAME_RANDOM_PHOTO_URL: `http://127.0.0.1:${port}/random`,
    },
  });
});
afterAll(async () => {
  await t?.close();
  source?.close();
});

const design = (moulding: string) => ({
  fWidth: 16,
  fHeight: 20,
  moulding,
  mat: null,
  glass: null,
});
const render = async (moulding: string) => {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/framebuilder/buildFrame',
    payload: { options: design(moulding), size: 600 },
  });
  expect(res.statusCode).toBe(200);
  const bytes = (await t.app.inject({ method: 'GET', url: res.json().outFile })).rawPayload;
  const { data, info } = await sharp(bytes).raw().toBuffer({ resolveWithObject: true });
  // a pixel in the middle of the top side, on the strip's top (green) band, and one on its middle (magenta) band
  const face = Math.round((2.25 * info.height) / (20 + 4.5));
  const px = (y: number) => {
    const at = (y * info.width + Math.floor(info.width / 2)) * info.channels;
    return [data[at], data[at + 1], data[at + 2]];
  };
  return { bytes, green: px(Math.round(face * 0.25)), magenta: px(Math.round(face * 0.5)) };
};
const isGreen = ([r, g, b]: number[]) => g > r + 60 && g > b + 60;
const isMagenta = ([r, g, b]: number[]) => r > g + 60 && b > g + 60;

describe('the moulding photo strip', () => {
  it('draws the moulding from its photo strip where the image source has one', async () => {
    const { bytes, green, magenta } = await render(F.moulding);
    await writeFile(path.join(SHOTS, 'frame-render-photo-strip.jpg'), bytes);
    expect(isGreen(green), `${green}`).toBe(true);
    expect(isMagenta(magenta), `${magenta}`).toBe(true);
    const parts = await t.app.inject({
      method: 'POST',
      url: '/api/framebuilder/parts',
      payload: { codes: [F.moulding, F.modena] },
    });
    const byCode = Object.fromEntries(parts.json().data.map((p: { Code: string }) => [p.Code, p]));
    expect(byCode[F.moulding].strip.url).toMatch(new RegExp(`/img/strips/${F.moulding}\\.jpg$`));
    expect(byCode[F.moulding].strip.aspect).toBeCloseTo(6, 1);
    expect(byCode[F.modena].strip).toBeNull();
  });

  it('draws a fillet from its own photo strip, inside a moulding that has none', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/framebuilder/buildFrame',
      payload: { options: { ...design(F.modena), fillet: { code: F.fillet, position: 'frame' } }, size: 600 },
    });
    expect(res.statusCode, res.body).toBe(200);
    const bytes = (await t.app.inject({ method: 'GET', url: res.json().outFile })).rawPayload;
    await writeFile(path.join(SHOTS, 'frame-render-fillet-strip.jpg'), bytes);
    const { data, info } = await sharp(bytes).raw().toBuffer({ resolveWithObject: true });
    // down the middle of the top side: the black lacquer moulding, then the fillet's photographed bands
    const column = Array.from({ length: Math.round(info.height / 8) }, (_, y) => {
      const at = (y * info.width + Math.floor(info.width / 2)) * info.channels;
      return [data[at], data[at + 1], data[at + 2]];
    });
    expect(column.filter(isGreen).length).toBeGreaterThan(2);
    expect(column.filter(isMagenta).length).toBeGreaterThan(0);
    const parts = await t.app.inject({
      method: 'POST',
      url: '/api/framebuilder/parts',
      payload: { codes: [F.fillet] },
    });
    expect(parts.json().data[0].strip.url).toMatch(new RegExp(`/img/strips/${F.fillet}\\.jpg$`));
  });

  it('falls back to the drawn face when the source has no strip or answers something else', async () => {
    for (const code of [F.modena, F.innsbruck]) {
      const { green, magenta } = await render(code);
      expect(isGreen(green) || isMagenta(magenta), code).toBe(false);
    }
  });

  it('asks the source once per moulding, found or not (remembered for a while)', async () => {
    const before = asked.length;
    await render(F.modena);
    await t.app.inject({ method: 'POST', url: '/api/framebuilder/parts', payload: { codes: [F.moulding] } });
    expect(asked.length).toBe(before);
  });

  it('a random photograph from the configured stock-photo source, kept as an upload', async () => {
    const list = await t.app.inject({ method: 'GET', url: '/api/framebuilder/presets' });
    expect(list.json().random).toBe(true);
    const res = await t.app.inject({ method: 'POST', url: '/api/framebuilder/randomPhoto', payload: {} });
    expect(res.statusCode).toBe(200);
    // turned upright by its EXIF orientation, as an upload is
    expect(res.json()).toMatchObject({ file: expect.stringMatching(/^img_/), width: 600, height: 900 });
    const built = await t.app.inject({
      method: 'POST',
      url: '/api/framebuilder/buildFrame',
      payload: { options: { ...design(F.modena), file: res.json().file }, size: 400 },
    });
    expect(built.statusCode).toBe(200);
  });

  it('the source down: the drawn face, no error', async () => {
    await new Promise<void>((resolve) => source.close(() => resolve()));
    source.closeAllConnections?.();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/framebuilder/buildFrame',
      payload: { options: design(F.valueLine), size: 400 },
    });
    expect(res.statusCode).toBe(200);
    // the random photograph: a clear message, nothing kept
    const random = await t.app.inject({ method: 'POST', url: '/api/framebuilder/randomPhoto', payload: {} });
    expect(random.statusCode).toBe(502);
    expect(random.json().message).toBe(frameMessages.randomPhotoFailed);
  });
});
