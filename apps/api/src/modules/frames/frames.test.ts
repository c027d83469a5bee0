import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { SEED_FIXTURES as F } from '@mitrebox/demo-data';
import { builderMouldingFeet, frameMessages, messages } from '@mitrebox/domain';
import { eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../platform/db.ts';
import { bearer, createTestApp, signIn, type TestApp } from '../../testing/test-app.ts';
import { products } from '../catalogue/catalogue.tables.ts';
import { runOnce } from '../jobs/jobs.service.ts';
import { encodeDesign } from './frames.service.ts';
import { frameImages, frameRenders, savedFrames } from './frames.tables.ts';

let t: TestApp;
let token: string;
let other: string;
let blocked: string;
/** A sheet of glazing that covers the designs below (the 16 × 20 fixture does not: 21 1/2 × 25 1/2 inside). */
let GLASS: string;
const SHOTS = path.resolve(import.meta.dirname, '../../../../../.e2e-shots');

beforeAll(async () => {
  t = await createTestApp({ seedProducts: 300 });
  token = await signIn(t.app, '10001');
  other = await signIn(t.app, '10005');
  blocked = await signIn(t.app, '10002');
  const [big] = await queryRows<{ code: string }>(
    t.database.db,
    sql`select p.code from products p join product_stock s on s.code = p.code and s.location = 'C'
        where p.frame_type = 'GLASS' and p.active = 1 and least(p.w_int, p.h_int) >= 24
          and greatest(p.w_int, p.h_int) >= 30 and s.onhand - s.commit_amt >= 5
        order by p.code limit 1`,
  );
  GLASS = big.code;
  await mkdir(SHOTS, { recursive: true });
});
afterAll(() => t?.close());

const design = (over: object = {}) => ({
  fWidth: 16,
  fWidthFrac: 0,
  fHeight: 20,
  fHeightFrac: 0,
  file: null,
  crop: null,
  moulding: F.moulding,
  mat: F.mat,
  glass: GLASS,
  matTB: 3,
  matTBFrac: 0,
  matLR: 3,
  matLRFrac: 0,
  matLock: true,
  matOverlap: 4,
  notes: '',
  ...over,
});
const post = (url: string, payload: object, who?: string) =>
  t.app.inject({ method: 'POST', url, payload, headers: who ? bearer(who) : {} });
const build = (options: object, size = 600) => post('/api/framebuilder/buildFrame', { options, size });
const upload = (bytes: Buffer, type = 'image/jpeg') =>
  t.app.inject({
    method: 'POST',
    url: '/api/framebuilder/uploadImage',
    payload: bytes,
    headers: { 'content-type': type },
  });
const photo = (w = 300, h = 200) =>
  sharp({ create: { width: w, height: h, channels: 3, background: '#3a7bd5' } })
    .composite([
      {
        input: Buffer.from(
          `<svg width="${w}" height="${h}"><circle cx="${w / 2}" cy="${h / 2}" r="${h / 3}" fill="#f5c542"/></svg>`,
        ),
      },
    ])
    .jpeg()
    .toBuffer();
const fetchRender = async (outFile: string) => {
  const res = await t.app.inject({ method: 'GET', url: outFile });
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toBe('image/jpeg');
  return res.rawPayload;
};

describe('buildFrame renders the design', () => {
  it('no image: the frame, mat and glass to scale (16 × 20, 3" borders, 2 1/4" moulding)', async () => {
    const res = await build(design());
    expect(res.statusCode).toBe(200);
    const body = res.json();
    // inside 16 − 1/2 + 6 = 21.5 by 25.5; outside + 2 × 2.25
    expect(body.size).toEqual({ width: 26, height: 30 });
    expect(body.imgDetail.height).toBe(600);
    expect(body.imgDetail.width).toBe(520);
    const bytes = await fetchRender(body.outFile);
    const meta = await sharp(bytes).metadata();
    expect([meta.width, meta.height]).toEqual([520, 600]);
    await writeFile(path.join(SHOTS, 'frame-render-no-image.jpg'), bytes);
  });

  it('the same design is answered from the cache with the same file', async () => {
    const a = (await build(design())).json();
    const b = (await build(design({ notes: 'notes do not change the picture' }))).json();
    expect(b.outFile).toBe(a.outFile);
    const c = (await build(design({ matTB: 2 }))).json();
    expect(c.outFile).not.toBe(a.outFile);
  });

  it('an uploaded picture without a mat; without glass; 90 × 90', async () => {
    const up = await upload(await photo());
    expect(up.statusCode).toBe(200);
    const file = up.json().file;
    for (const [name, over] of [
      ['no-mat', { file, mat: null }],
      ['no-glass', { file, glass: null }],
      [
        '90x90',
        { file, fWidth: 90, fHeight: 90, mat: null, glass: null, crop: { x: 0.1, y: 0, w: 0.6, h: 0.9 } },
      ],
      ['bare', { file, moulding: null, mat: null, glass: null }],
    ] as const) {
      const res = await build(design(over));
      expect(res.statusCode, name).toBe(200);
      const bytes = await fetchRender(res.json().outFile);
      await writeFile(path.join(SHOTS, `frame-render-${name}.jpg`), bytes);
      // the picture shows in the window: the centre is its yellow disc, not the white board
      const { data, info } = await sharp(bytes).raw().toBuffer({ resolveWithObject: true });
      const at = (Math.floor(info.height / 2) * info.width + Math.floor(info.width / 2)) * info.channels;
      expect(
        [data[at], data[at + 1], data[at + 2]].map((v) => Math.round(v / 40)),
        name,
      ).toEqual([6, 5, 2]);
    }
    const big = (await build(design({ file, fWidth: 90, fHeight: 90, mat: null, glass: null }))).json();
    expect(big.size.width).toBe(90 + 2 * 2.25);
  });

  it('a preset photograph shipped with the shop', async () => {
    const list = await t.app.inject({ method: 'GET', url: '/api/framebuilder/presets?category=nature' });
    expect(list.statusCode).toBe(200);
    const first = list.json().data[0];
    expect(first.author).toBeTruthy();
    expect(first.licence).toMatch(/GPL|CC/);
    expect(list.json().per_page).toBe(20);
    const res = await build(design({ file: `preset:${first.id}` }));
    expect(res.statusCode).toBe(200);
    await writeFile(path.join(SHOTS, 'frame-render-preset.jpg'), await fetchRender(res.json().outFile));
    expect((await t.app.inject({ method: 'GET', url: first.url })).statusCode).toBe(200);
    // no stock-photo source configured: none offered
    expect(list.json().random).toBe(false);
    const random = await post('/api/framebuilder/randomPhoto', {});
    expect(random.statusCode).toBe(404);
  });
});

describe('the parts the drawing needs', () => {
  it('answers colour, profile and sheet size of the chosen parts, for anyone', async () => {
    const res = await post('/api/framebuilder/parts', { codes: [F.moulding, F.mat] });
    expect(res.statusCode).toBe(200);
    const byCode = Object.fromEntries(res.json().data.map((p: { Code: string }) => [p.Code, p]));
    expect(byCode[F.moulding].Width).toBe(2.25);
    expect(byCode[F.moulding].swatch).toMatch(/^#/);
    expect(byCode[F.mat].sheet).toEqual({ w: 32, h: 40 });
  });
});

describe('uploads are checked by content', () => {
  it('turns the picture upright by EXIF and strips metadata', async () => {
    const rotated = await sharp(await photo(300, 200))
      .withMetadata({ orientation: 6 })
      .jpeg()
      .toBuffer();
    const res = await upload(rotated);
    expect(res.statusCode).toBe(200);
    expect([res.json().width, res.json().height]).toEqual([200, 300]);
    const stored = await t.app.inject({
      method: 'GET',
      url: `/api/framebuilder/image/${res.json().file}.jpg`,
    });
    const meta = await sharp(stored.rawPayload).metadata();
    expect(meta.exif).toBeUndefined();
    expect(meta.orientation ?? 1).toBe(1);
  });

  it('a text file renamed .jpg: Please select an image file', async () => {
    const res = await upload(Buffer.from('this is not a picture at all'.repeat(20)));
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe(frameMessages.selectImage);
  });

  it('a truncated JPEG is refused', async () => {
    const whole = await sharp({ create: { width: 800, height: 600, channels: 3, background: '#888' } })
      .composite([{ input: await photo(400, 300), left: 10, top: 10 }])
      .jpeg()
      .toBuffer();
    const res = await upload(whole.subarray(0, Math.floor(whole.length / 2)));
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe(frameMessages.selectImage);
  });

  it('a 60-megapixel JPEG is refused before it is decoded', async () => {
    const small = await photo(64, 64);
    // rewrite the frame header (SOF0) to claim 10000 × 6000 pixels
    const sof = small.indexOf(Buffer.from([0xff, 0xc0]));
    const big = Buffer.from(small);
    big.writeUInt16BE(6000, sof + 5);
    big.writeUInt16BE(10000, sof + 7);
    const res = await upload(big);
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toBe(frameMessages.imageTooLarge);
  });

  it('a 30 MB upload is refused', async () => {
    const res = await upload(Buffer.alloc(30 * 1024 * 1024, 1));
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toBe(frameMessages.imageTooLarge);
  });
});

describe('bad designs get a clear 4xx', () => {
  it.each([
    ['width 0', { fWidth: 0 }, 'fWidth'],
    ['negative height', { fHeight: -4 }, 'fHeight'],
    ['over 90', { fWidth: 91 }, 'fWidth'],
    ['1e308', { fHeight: 1e308 }, 'fHeight'],
    ['a fraction of an inch typed as a decimal', { fWidth: 12.5 }, 'fWidth'],
  ])('%s', async (_name, over, field) => {
    const res = await build(design(over));
    expect(res.statusCode).toBe(422);
    expect(res.json().errors[field]).toBe(frameMessages.sizeRange);
  });

  it('letters', async () => {
    const res = await build(design({ fWidth: 'abc' }));
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Width must be a number.');
  });

  it('borders larger than the mat board', async () => {
    const res = await build(design({ fWidth: 30, fHeight: 36 }));
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.matTB).toBe('The mat borders are larger than the mat board (32 x 40)');
  });

  it('glazing smaller than the inside of the frame (the server re-checks the sheet size)', async () => {
    // the 16 × 20 sheet under a 16 × 20 picture with 3" borders (21 1/2 × 25 1/2 inside)
    const res = await build(design({ glass: F.glass }));
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.glass).toBe(frameMessages.glassTooSmall(16, 20));
    expect(res.json().message).toBe(frameMessages.glassTooSmall(16, 20));
    const priced = await post('/api/framebuilder/quote', { options: design({ glass: F.glass }) }, token);
    expect(priced.statusCode).toBe(422);
    expect(priced.json().errors.glass).toBe(frameMessages.glassTooSmall(16, 20));
    // the same sheet over the picture alone fits
    expect((await build(design({ glass: F.glass, mat: null }))).statusCode).toBe(200);
  });

  it('an unknown moulding code; a discontinued one; a mat code in the moulding place', async () => {
    expect((await build(design({ moulding: 'NOPE-1' }))).json().errors.moulding).toBe(
      'No moulding with item # NOPE-1 is sold.',
    );
    const [gone] = await queryRows<{ code: string }>(
      t.database.db,
      sql`select code from products where type = 4 and code <> ${F.moulding} order by code desc limit 1`,
    );
    await t.database.db.update(products).set({ active: 0 }).where(eq(products.code, gone.code));
    const res = await build(design({ moulding: gone.code }));
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.moulding).toMatch(/No moulding/);
    expect((await build(design({ moulding: F.mat }))).statusCode).toBe(422);
  });

  it('an artwork id that was never uploaded', async () => {
    const res = await build(design({ file: `img_${'0'.repeat(40)}` }));
    expect(res.statusCode).toBe(422);
    expect((await build(design({ file: '../../etc/passwd' }))).statusCode).toBe(400);
  });
});

describe('saved frames belong to their account', () => {
  const save = (payload: object, who = token) => post('/api/framebuilder/saveFrameBuilder', payload, who);
  const list = (payload: object = {}, who = token) => post('/api/framebuilder/getSavedFrames', payload, who);
  const count = async () => (await t.database.db.select().from(savedFrames)).length;

  it('anonymous visitors design but cannot save, list, price or add to the cart', async () => {
    expect((await build(design())).statusCode).toBe(200);
    expect((await save({ framedata: encodeDesign(design() as never), name: 'x' }, '')).statusCode).toBe(401);
    expect((await list({}, '')).statusCode).toBe(401);
    expect((await post('/api/framebuilder/quote', { options: design() })).statusCode).toBe(401);
    expect((await post('/api/framebuilder/addToCart', { options: design() })).statusCode).toBe(401);
  });

  it('Name is required; framedata that is not ours is refused; nothing is half-saved', async () => {
    const before = await count();
    const noName = await save({ framedata: encodeDesign(design() as never), name: '   ' });
    expect(noName.statusCode).toBe(422);
    expect(noName.json().errors.name).toBe(frameMessages.nameRequired);
    for (const framedata of ['not base64 at all!', Buffer.from('{"hello":1}').toString('base64url'), 'e30']) {
      const res = await save({ framedata, name: 'Bad' });
      expect(res.statusCode).toBe(422);
      expect(res.json().message).toBe(frameMessages.framedataInvalid);
    }
    const tooBig = await save({ framedata: encodeDesign(design({ fWidth: 95 }) as never), name: 'Too big' });
    expect(tooBig.statusCode).toBe(422);
    expect(await count()).toBe(before);
  });

  it('Save creates, Save overwrites, Save As creates another; another account reaches none of them', async () => {
    const first = await save({ framedata: encodeDesign(design() as never), name: 'Gallery wall' });
    expect(first.statusCode).toBe(200);
    const id = first.json().framedataid;
    const over = await save({
      framedata: encodeDesign(design({ matTB: 2 }) as never),
      name: 'Gallery wall v2',
      id,
    });
    expect(over.json().framedataid).toBe(id);
    const as = await save({ framedata: encodeDesign(design({ notes: 'copy' }) as never), name: 'Copy' });
    expect(as.json().framedataid).not.toBe(id);

    const mine = (await list({ perPage: 1000 })).json().data;
    expect(mine.map((f: { name: string }) => f.name).sort()).toEqual(['Copy', 'Gallery wall v2']);
    expect(mine[0].framedata).toBeUndefined();
    expect(mine[0].outFile).toMatch(/^\/api\/framebuilder\/render\//);
    const one = (await list({ id })).json().data[0];
    expect(JSON.parse(Buffer.from(one.framedata, 'base64url').toString()).matTB).toBe(2);

    // another account: not by list, id, overwrite or delete
    expect((await list({}, other)).json().data).toEqual([]);
    expect((await list({ id }, other)).statusCode).toBe(404);
    const steal = await save({ framedata: encodeDesign(design() as never), name: 'Mine now', id }, other);
    expect(steal.statusCode).toBe(404);
    const del = await t.app.inject({
      method: 'DELETE',
      url: `/api/framebuilder/deleteSavedFrame/${id}`,
      headers: bearer(other),
    });
    expect(del.statusCode).toBe(404);
    expect((await list({ id })).json().data[0].name).toBe('Gallery wall v2');

    const mineDel = await t.app.inject({
      method: 'DELETE',
      url: `/api/framebuilder/deleteSavedFrame/${id}`,
      headers: bearer(token),
    });
    expect(mineDel.statusCode).toBe(200);
    expect((await list({ id })).statusCode).toBe(404);
  });
});

describe('the clean-up job', () => {
  const save = (payload: object) => post('/api/framebuilder/saveFrameBuilder', payload, token);
  const image = (file: string) => t.app.inject({ method: 'GET', url: `/api/framebuilder/image/${file}.jpg` });
  const age = (file: string, hours: number) =>
    t.database.db
      .update(frameImages)
      .set({ createdAt: new Date(Date.now() - hours * 3_600_000) })
      .where(eq(frameImages.id, file));

  it('removes uploads no saved design uses after the grace period, once across processes', async () => {
    const kept = (await upload(await photo(320, 200))).json().file;
    const orphan = (await upload(await photo(330, 200))).json().file;
    const fresh = (await upload(await photo(340, 200))).json().file;
    const saved = await save({
      framedata: encodeDesign(design({ file: kept }) as never),
      name: 'Keeps its picture',
    });
    expect(saved.statusCode).toBe(200);
    const orphanRender = (await build(design({ file: orphan }))).json().outFile as string;
    const hashOf = (outFile: string) => outFile.replace(/^.*\/render\/|\.jpg$/g, '');
    await age(kept, 100);
    await age(orphan, 100);
    await age(fresh, 10);
    await t.database.db.update(frameRenders).set({ createdAt: new Date(Date.now() - 100 * 3_600_000) });

    // three processes start the hour's run; one does it
    const results: Record<string, number>[] = [];
    const key = `purge-frame-images:test-${Date.now()}`;
    const ran = await Promise.all(
      [1, 2, 3].map(() =>
        runOnce(
          t.database.db,
          key,
          async () => void results.push(await t.app.services.frames.purgeUnused(72)),
        ),
      ),
    );
    expect(ran.filter(Boolean)).toHaveLength(1);
    expect(results[0].images).toBeGreaterThanOrEqual(1);

    expect((await image(kept)).statusCode).toBe(200);
    expect((await image(fresh)).statusCode).toBe(200);
    expect((await image(orphan)).statusCode).toBe(404);
    // the saved design's render stays; the orphan's render went with it
    const savedRender = (
      await post('/api/framebuilder/getSavedFrames', { id: saved.json().framedataid }, token)
    ).json().data[0].outFile as string;
    const renders = (await t.database.db.select({ hash: frameRenders.hash }).from(frameRenders)).map(
      (r) => r.hash,
    );
    expect(renders).toContain(hashOf(savedRender));
    expect(renders).not.toContain(hashOf(orphanRender));
    expect((await t.app.inject({ method: 'GET', url: savedRender })).statusCode).toBe(200);

    // a design that still names the purged picture cannot be built or saved; nothing half-saved
    const before = (await t.database.db.select().from(savedFrames)).length;
    const again = await save({
      framedata: encodeDesign(design({ file: orphan }) as never),
      name: 'Too late',
    });
    expect(again.statusCode).toBe(422);
    expect(again.json().message).toBe(frameMessages.imageGone);
    expect((await t.database.db.select().from(savedFrames)).length).toBe(before);
  });

  it("saving a design starts its picture's grace period again", async () => {
    const file = (await upload(await photo(350, 200))).json().file;
    await age(file, 100);
    expect(
      (await save({ framedata: encodeDesign(design({ file }) as never), name: 'Just saved' })).statusCode,
    ).toBe(200);
    const [row] = await t.database.db.select().from(frameImages).where(eq(frameImages.id, file));
    expect(Date.now() - row.createdAt.getTime()).toBeLessThan(3_600_000);
  });
});

describe('price, stock and the cart', () => {
  it("prices the design at the account's prices through the cart's rules, with stock per warehouse", async () => {
    const res = await post('/api/framebuilder/quote', { options: design(), orderType: 'join' }, token);
    expect(res.statusCode).toBe(200);
    const q = res.json();
    expect(q.data.map((l: { part: string }) => l.part)).toEqual(['moulding', 'mat', 'glass']);
    const m = q.data[0];
    expect(m.item.calc.pcode).toBe('J');
    // inside 21 1/2 × 25 1/2 of a 2 1/4" moulding: (94 + 18) / 12 = 9.33 → 9.5 ft
    expect(m.item.calc.footage).toBe(9.5);
    expect(m.item.productSelection.dimension).toMatchObject({
      length: 21,
      length_fraction: 8,
      width: 25,
      width_fraction: 8,
    });
    expect(q.builderFeet).toBe(builderMouldingFeet(21.5, 25.5, 2.25));
    expect(m.stock.length).toBeGreaterThan(1);
    const sum = q.data.reduce(
      (s: number, l: { item: { calc: { totalPrice: string } } }) => s + Number(l.item.calc.totalPrice),
      0,
    );
    expect(Number(q.total)).toBeCloseTo(sum, 2);
  });

  it('adds the design to the cart as a join, the mat and the glass', async () => {
    const res = await post('/api/framebuilder/addToCart', { options: design(), orderType: 'join' }, token);
    expect(res.statusCode).toBe(200);
    const codes = res.json().data.map((l: { Code: string }) => l.Code);
    expect(codes).toEqual(expect.arrayContaining([F.moulding, F.mat, GLASS]));
    const join = res.json().data.find((l: { Code: string }) => l.Code === F.moulding);
    expect(join.productSelection.type).toBe('join');
    expect(Number(join.calc.joinFee)).toBeGreaterThanOrEqual(0);
  });

  it('a purchase-blocked account cannot add to the cart', async () => {
    const res = await post('/api/framebuilder/addToCart', { options: design() }, blocked);
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toMatch(/^You are unable to place orders at this time/);
    expect(messages.purchaseBlocked('x')).toMatch(/^You are unable to place orders at this time/);
  });
});
