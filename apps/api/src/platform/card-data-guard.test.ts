import { randomBytes } from 'node:crypto';
import { paymentMessages as M } from '@mitrebox/domain';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../testing/test-app.ts';

/** Everything the two request-wide checks were handed: a Buffer among them would be walked byte by byte. */
const handed = vi.hoisted(() => ({ cardCheck: [] as unknown[], textCheck: [] as unknown[] }));

vi.mock('@mitrebox/domain', async (importOriginal) => {
  const domain = await importOriginal<typeof import('@mitrebox/domain')>();
  return {
    ...domain,
    containsCardNumber: (value: unknown) => {
      handed.cardCheck.push(value);
      return domain.containsCardNumber(value);
    },
  };
});
vi.mock('@mitrebox/api-contract', async (importOriginal) => {
  const contract = await importOriginal<typeof import('@mitrebox/api-contract')>();
  return {
    ...contract,
    findUncleanText: (value: unknown) => {
      handed.textCheck.push(value);
      return contract.findUncleanText(value);
    },
  };
});

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ seedProducts: 20 });
});
afterAll(() => t?.close());
beforeEach(() => {
  handed.cardCheck.length = 0;
  handed.textCheck.length = 0;
});

const design = (over: object = {}) => ({ fWidth: 16, fHeight: 20, notes: '', ...over });

describe('the card-data guard reads typed text only', () => {
  it('10 MB of random bytes to the picture upload, anonymously: refused, and no check walks the bytes', async () => {
    const bytes = randomBytes(10 * 1024 * 1024 - 1024);
    // one chance in 16 million that random bytes start as a JPEG: that draw is not what this test is about
    bytes[0] = 0;
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/framebuilder/uploadImage?note=hello',
      payload: bytes,
      headers: { 'content-type': 'application/octet-stream' },
    });
    expect(res.statusCode).toBe(422);
    // refused by its first bytes while it was read from the wire: no check was handed the body
    expect([...handed.cardCheck, ...handed.textCheck].filter((v) => Buffer.isBuffer(v))).toEqual([]);
  });

  it('a picture that is uploaded passes both checks, which read its query and never its bytes', async () => {
    const { default: sharp } = await import('sharp');
    const jpeg = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#884422' } })
      .jpeg()
      .toBuffer();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/framebuilder/uploadImage?note=hello',
      payload: jpeg,
      headers: { 'content-type': 'image/jpeg' },
    });
    expect(res.statusCode).toBe(200);
    expect(handed.cardCheck).toContainEqual({ note: 'hello' });
    expect(handed.textCheck).toContainEqual({ note: 'hello' });
    expect([...handed.cardCheck, ...handed.textCheck].filter((v) => Buffer.isBuffer(v))).toEqual([]);
  });

  it('a card number typed into a text field of a JSON body or a query is refused', async () => {
    const noted = await t.app.inject({
      method: 'POST',
      url: '/api/framebuilder/buildFrame',
      payload: { options: design({ notes: 'PO 4111 1111 1111 1111' }), size: 600 },
    });
    expect(noted.statusCode).toBe(400);
    expect(noted.json().message).toBe(M.cardNumberRefused);
    const asked = await t.app.inject({
      method: 'GET',
      url: '/api/framebuilder/presets?category=4111111111111111',
    });
    expect(asked.statusCode).toBe(400);
    expect(asked.json().message).toBe(M.cardNumberRefused);
  });

  it('numbers are not read: a crop of long decimals passes the guard', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/framebuilder/buildFrame',
      payload: {
        options: design({ crop: { x: 0.347560975609756, y: 0, w: 0.652439024390244, h: 1 } }),
        size: 600,
      },
    });
    expect(res.statusCode, res.body).toBe(200);
  });
});
