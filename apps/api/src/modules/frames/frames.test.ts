import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import {
  builderMouldingFeet,
  decodeFrameData,
  encodeFrameData,
  frameMessages,
  messages,
} from '@mitrebox/domain';
import { eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEED_FIXTURES as F } from '../../demo-data/index.ts';
import { queryRows } from '../../platform/db.ts';
import { bearer, createTestApp, signIn, type TestApp } from '../../testing/test-app.ts';
import { products } from '../catalogue/catalogue.tables.ts';
import { runOnce } from '../jobs/jobs.service.ts';
import { startsAsImage } from './frames.images.ts';
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

  it('a body is read as a picture only when its first bytes name a format we keep', async () => {
    const plain = () => sharp({ create: { width: 8, height: 8, channels: 3, background: '#888' } });
    for (const format of ['jpeg', 'png', 'webp', 'gif', 'tiff', 'avif', 'heif'] as const) {
      const bytes = await plain()
        .toFormat(format, format === 'heif' ? { compression: 'av1' } : {})
        .toBuffer();
      expect(startsAsImage(bytes), format).toBe(true);
    }
    expect(startsAsImage(Buffer.alloc(0))).toBe(false);
    expect(startsAsImage(Buffer.from('this is not a picture at all'))).toBe(false);
    expect(startsAsImage(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBe(false);
  });

  it('10 MB of random bytes, anonymously: refused as not a picture', async () => {
    const bytes = randomBytes(10 * 1024 * 1024 - 1024);
    // one chance in 16 million that random bytes start as a JPEG: that draw is not what this test is about
    bytes[0] = 0;
    const res = await upload(bytes, 'application/octet-stream');
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

describe('the part picker: each part its own filters, every page, by item #', () => {
  type Listed = { Code: string; display_name: string; Description: string; category: string | null };
  const list = async (
    frameType: string,
    filters: object,
    extra: Record<string, string> = {},
    who?: string,
  ) => {
    const query = new URLSearchParams({
      frameType,
      frame_creator_active: '1',
      items_per_page: '24',
      filters: JSON.stringify(filters),
      ...extra,
    });
    const res = await t.app.inject({
      method: 'GET',
      url: `${who ? '/api/Products' : '/api/Shop/Products'}?${query}`,
      headers: who ? bearer(who) : {},
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { data: Listed[]; total: number; last_page: number };
  };
  const filtersOf = async (frameType: string) => {
    const res = await post('/api/framebuilder/buildFilters', { frameType });
    expect(res.statusCode).toBe(200);
    return res.json();
  };
  const countOf = (group: { value: unknown; count: number }[], value: unknown) =>
    group.find((g) => g.value === value)?.count ?? 0;
  /** Every page of a listing, 24 at a time. */
  const all = async (frameType: string, filters: object) => {
    const first = await list(frameType, filters);
    const rows = [...first.data];
    for (let page = 2; page <= first.last_page; page++)
      rows.push(...(await list(frameType, filters, { page: String(page) })).data);
    return { rows, total: first.total };
  };

  it('mats have core, ply and sheet groups; glazing has kind and sheet; mouldings keep the shop groups', async () => {
    const mats = await filtersOf('MATS');
    expect(mats.mat_core.map((g: { value: string }) => g.value)).toEqual(
      expect.arrayContaining(['white', 'black']),
    );
    expect(mats.mat_core.find((g: { value: string }) => g.value === 'black').name).toBe('Black core');
    expect(mats.ply.map((g: { name: string }) => g.name)).toContain('4-ply');
    expect(mats.sheet.map((g: { value: string }) => g.value)).toContain('32x40');
    expect(mats.glazing).toEqual([]);
    expect(mats.color_family.length).toBeGreaterThan(1);
    const glass = await filtersOf('GLASS');
    expect(glass.glazing.map((g: { value: string }) => g.value)).toEqual(
      expect.arrayContaining(['clear', 'museum']),
    );
    expect(glass.sheet.map((g: { value: string }) => g.value)).toContain('16x20');
    expect(glass.mat_core).toEqual([]);
    const mouldings = await filtersOf('MOULDING');
    expect(mouldings.collection.length).toBeGreaterThan(1);
    expect(mouldings.finish.length).toBeGreaterThan(1);
    expect(mouldings.mat_core).toEqual([]);
  });

  it('mats by core: black-core boards (and black rag), never a white-core one; counts match the listing', async () => {
    const groups = await filtersOf('MATS');
    const black = await all('MATS', { mat_core: ['black'] });
    expect(black.rows.map((m) => m.Code)).toContain(F.matNotInDenver);
    expect(black.rows.map((m) => m.Code)).not.toContain(F.mat);
    for (const m of black.rows) expect(m.Description).toMatch(/black core|^Museum Rag .* in black,/);
    expect(black.total).toBe(countOf(groups.mat_core, 'black'));
    const white = await all('MATS', { mat_core: ['white'] });
    expect(white.rows.map((m) => m.Code)).toContain(F.mat);
    for (const m of white.rows)
      expect(m.Description).toMatch(/white core|^Museum Rag .* in (bright|arctic|antique) white,/);
    expect(white.total).toBe(countOf(groups.mat_core, 'white'));
    // every core group together is every mat
    const every = await list('MATS', {});
    const sum = groups.mat_core.reduce((n: number, g: { count: number }) => n + g.count, 0);
    expect(sum).toBe(every.total);
  });

  it('mats by ply and sheet; the filters add up', async () => {
    const groups = await filtersOf('MATS');
    const four = await all('MATS', { ply: [4] });
    expect(four.rows.map((m) => m.Code)).toContain(F.mat);
    for (const m of four.rows) expect(m.Description).toMatch(/ 4-ply /);
    expect(four.total).toBe(countOf(groups.ply, 4));
    const sheet = await all('MATS', { sheet: ['32x40'] });
    for (const m of sheet.rows) expect(m.display_name).toMatch(/ 32x40 /);
    expect(sheet.total).toBe(countOf(groups.sheet, '32x40'));
    const both = await all('MATS', { ply: [4], sheet: ['32x40'], mat_core: ['white'] });
    expect(both.total).toBeGreaterThan(0);
    expect(both.total).toBeLessThanOrEqual(Math.min(four.total, sheet.total));
  });

  it('glazing by kind: museum, conservation/UV, non-glare, clear and acrylic apart', async () => {
    const groups = await filtersOf('GLASS');
    const names: Record<string, RegExp> = {
      museum: /^Museum Glass /,
      conservation: /^Conservation /,
      'non-glare': /^Non-Glare Glass /,
      clear: /^Clear Glass /,
      acrylic: /Acrylic /,
    };
    let seen = 0;
    for (const [kind, name] of Object.entries(names)) {
      const found = await all('GLASS', { glazing: [kind] });
      for (const g of found.rows) expect(g.display_name).toMatch(name);
      expect(found.total).toBe(countOf(groups.glazing, kind));
      seen += found.total;
    }
    expect(seen).toBe((await list('GLASS', {})).total);
    const museum = await all('GLASS', { glazing: ['museum'] });
    expect(museum.rows.map((g) => g.Code)).toContain(F.museumGlass);
    const sheet = await all('GLASS', { sheet: ['16x20'] });
    expect(sheet.rows.map((g) => g.Code)).toEqual(expect.arrayContaining([F.glass, F.museumGlass]));
    for (const g of sheet.rows) expect(g.display_name).toMatch(/ 16x20\b/);
  });

  it('pages past the first 24, with or without a part filter, signed in or not', async () => {
    for (const [frameType, filters] of [
      ['MATS', {}],
      ['MATS', { mat_core: ['white'] }],
      ['MOULDING', {}],
    ] as const) {
      const one = await list(frameType, filters);
      expect(one.total).toBeGreaterThan(24);
      expect(one.data).toHaveLength(24);
      const two = await list(frameType, filters, { page: '2' });
      expect(two.data.length).toBeGreaterThan(0);
      const first = new Set(one.data.map((p) => p.Code));
      expect(two.data.filter((p) => first.has(p.Code))).toEqual([]);
      const signedIn = await list(frameType, filters, { page: '2' }, token);
      expect(signedIn.data.map((p) => p.Code)).toEqual(two.data.map((p) => p.Code));
    }
  });

  it('finds a part by its item # under its filters; a filter value that is not one is a 400', async () => {
    const found = await list('MATS', { mat_core: ['white'] }, { TopSearch: F.matManufCode });
    expect(found.data.map((m) => m.Code)).toContain(F.mat);
    expect((await list('MATS', { mat_core: ['black'] }, { TopSearch: F.matManufCode })).data).toEqual([]);
    const bad = await t.app.inject({
      method: 'GET',
      url: `/api/Shop/Products?frameType=MATS&filters=${encodeURIComponent('{"mat_core":["purple"]}')}`,
    });
    expect(bad.statusCode).toBe(400);
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
    // the price names the glazing's reason and prices the other parts
    const priced = await post('/api/framebuilder/quote', { options: design({ glass: F.glass }) }, token);
    expect(priced.statusCode).toBe(200);
    const glassLine = priced.json().data.find((l: { part: string }) => l.part === 'glass');
    expect(glassLine).toMatchObject({
      item: null,
      field: 'glass',
      message: frameMessages.glassTooSmall(16, 20),
    });
    expect(priced.json().complete).toBe(false);
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
    expect((await save({ framedata: encodeFrameData(design() as never), name: 'x' }, '')).statusCode).toBe(
      401,
    );
    expect((await list({}, '')).statusCode).toBe(401);
    expect((await post('/api/framebuilder/quote', { options: design() })).statusCode).toBe(401);
    expect((await post('/api/framebuilder/addToCart', { options: design() })).statusCode).toBe(401);
  });

  it('Name is required; framedata that is not ours is refused; nothing is half-saved', async () => {
    const before = await count();
    const noName = await save({ framedata: encodeFrameData(design() as never), name: '   ' });
    expect(noName.statusCode).toBe(422);
    expect(noName.json().errors.name).toBe(frameMessages.nameRequired);
    for (const framedata of ['not base64 at all!', Buffer.from('{"hello":1}').toString('base64url'), 'e30']) {
      const res = await save({ framedata, name: 'Bad' });
      expect(res.statusCode).toBe(422);
      expect(res.json().message).toBe(frameMessages.framedataInvalid);
    }
    const tooBig = await save({
      framedata: encodeFrameData(design({ fWidth: 95 }) as never),
      name: 'Too big',
    });
    expect(tooBig.statusCode).toBe(422);
    expect(await count()).toBe(before);
  });

  it('Save creates, Save overwrites, Save As creates another; another account reaches none of them', async () => {
    const first = await save({ framedata: encodeFrameData(design() as never), name: 'Gallery wall' });
    expect(first.statusCode).toBe(200);
    const id = first.json().framedataid;
    const over = await save({
      framedata: encodeFrameData(design({ matTB: 2 }) as never),
      name: 'Gallery wall v2',
      id,
    });
    expect(over.json().framedataid).toBe(id);
    const as = await save({ framedata: encodeFrameData(design({ notes: 'copy' }) as never), name: 'Copy' });
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
    const steal = await save({ framedata: encodeFrameData(design() as never), name: 'Mine now', id }, other);
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
      framedata: encodeFrameData(design({ file: kept }) as never),
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
      framedata: encodeFrameData(design({ file: orphan }) as never),
      name: 'Too late',
    });
    expect(again.statusCode).toBe(422);
    expect(again.json().message).toBe(frameMessages.imageGone);
    expect((await t.database.db.select().from(savedFrames)).length).toBe(before);
  });

  it("a diptych's second picture: drawn in the right-hand window, kept by the saved design", async () => {
    const solid = (background: string) =>
      sharp({ create: { width: 300, height: 400, channels: 3, background } })
        .jpeg()
        .toBuffer();
    const left = (await upload(await solid('#d02020'))).json().file;
    const right = (await upload(await solid('#2040d0'))).json().file;
    const diptych = design({
      file: left,
      file2: right,
      fWidth: 8,
      fHeight: 10,
      matOpening: 'double',
      matGap: 16,
      glass: null,
    });
    const built = await build(diptych, 600);
    expect(built.statusCode, built.body).toBe(200);
    const bytes = await fetchRender(built.json().outFile);
    await writeFile(path.join(SHOTS, 'frame-render-diptych.jpg'), bytes);
    const { data, info } = await sharp(bytes).raw().toBuffer({ resolveWithObject: true });
    // the middle of each window, at a third and two thirds across
    const px = (fx: number) => {
      const at = (Math.floor(info.height / 2) * info.width + Math.floor(info.width * fx)) * info.channels;
      return [data[at], data[at + 1], data[at + 2]];
    };
    const [r1, , b1] = px(0.33);
    const [r2, , b2] = px(0.67);
    expect(r1 - b1, 'left window red').toBeGreaterThan(100);
    expect(b2 - r2, 'right window blue').toBeGreaterThan(100);

    const saved = await save({ framedata: encodeFrameData(diptych as never), name: 'Diptych' });
    expect(saved.statusCode, saved.body).toBe(200);
    await age(left, 100);
    await age(right, 100);
    await t.app.services.frames.purgeUnused(72);
    expect((await image(right)).statusCode).toBe(200);
    const back = await post(
      '/api/framebuilder/getSavedFrames',
      { id: saved.json().framedataid, getFramedata: true },
      token,
    );
    expect(decodeFrameData(back.json().data[0].framedata)).toMatchObject({ file: left, file2: right });
  });

  it("saving a design starts its picture's grace period again", async () => {
    const file = (await upload(await photo(350, 200))).json().file;
    await age(file, 100);
    expect(
      (await save({ framedata: encodeFrameData(design({ file }) as never), name: 'Just saved' })).statusCode,
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

  it('a mat board too small for the picture: the moulding and the glass are priced, the mat line says why', async () => {
    // a 40 × 60 sheet of glazing, which covers the inside below (the demo's sizes vary with the seed)
    const [sheet] = await queryRows<{ code: string }>(
      t.database.db,
      sql`update products set w_int = 40, h_int = 60
          where code = (select code from products where frame_type = 'GLASS' and code <> ${GLASS}
                        and code <> ${F.glass} and active = 1 order by code limit 1)
          returning code`,
    );
    // 20 × 36 with 3" borders and a 1/4" overlap: the mat is 25 1/2 × 41 1/2, taller than its 32 × 40 board
    const tall = design({ fWidth: 20, fHeight: 36, glass: sheet.code });
    const res = await post('/api/framebuilder/quote', { options: tall, orderType: 'join' }, token);
    expect(res.statusCode, res.body).toBe(200);
    const q = res.json();
    const [moulding, mat, glass] = q.data;
    expect([moulding.part, mat.part, glass.part]).toEqual(['moulding', 'mat', 'glass']);
    expect(mat).toMatchObject({
      Code: F.mat,
      item: null,
      field: 'matTB',
      message: frameMessages.borderTooLarge(32, 40),
    });
    expect(mat.stock.length).toBeGreaterThan(0);
    expect(moulding.message).toBeNull();
    expect(moulding.item.calc.pcode).toBe('J');
    expect(moulding.item.productSelection.dimension).toMatchObject({
      length: 25,
      width: 41,
      width_fraction: 8,
    });
    expect(glass.message).toBeNull();
    expect(Number(glass.item.calc.totalPrice)).toBeGreaterThan(0);
    expect(q.complete).toBe(false);
    expect(Number(q.total)).toBeCloseTo(
      Number(moulding.item.calc.totalPrice) + Number(glass.item.calc.totalPrice),
      2,
    );
    // the cart takes the design whole or not at all
    const add = await post('/api/framebuilder/addToCart', { options: tall }, token);
    expect(add.statusCode).toBe(422);
    expect(add.json().errors.matTB).toBe(frameMessages.borderTooLarge(32, 40));
    // a size that is not one leaves nothing to measure: the whole design is refused
    const none = await post('/api/framebuilder/quote', { options: design({ fWidth: 0 }) }, token);
    expect(none.statusCode).toBe(422);
    expect(none.json().errors.fWidth).toBe(frameMessages.sizeRange);
  });

  it("the frame's two footages: the join's charged footage, and the builder length of the same four sides", async () => {
    const q = (await post('/api/framebuilder/quote', { options: design(), orderType: 'join' }, token)).json();
    const charged = q.data[0].item.calc.footage;
    // inside 21 1/2 × 25 1/2 of a 2 1/4" moulding: the four sides are 94 + 18 = 112" = 9.33 ft
    expect(charged).toBe(9.5);
    expect(q.builderFeet).toBe(10);
    expect(q.builderFeet).toBe(Math.ceil(charged));
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

  it('a crop sent as long decimals is priced and goes to the cart (its digits are not a card number)', async () => {
    const file = (await upload(await photo())).json().file;
    // "347560975609756" is a Luhn-valid run of 15 digits starting with 3, as an American Express card's
    const options = design({ file, crop: { x: 0.347560975609756, y: 0, w: 0.652439024390244, h: 1 } });
    const quote = await post('/api/framebuilder/quote', { options, orderType: 'join' }, token);
    expect(quote.statusCode, quote.body).toBe(200);
    expect(quote.json().data.map((l: { part: string }) => l.part)).toEqual(['moulding', 'mat', 'glass']);
    const cart = await post('/api/framebuilder/addToCart', { options, orderType: 'join' }, token);
    expect(cart.statusCode, cart.body).toBe(200);
    expect(cart.json().data.map((l: { Code: string }) => l.Code)).toEqual(
      expect.arrayContaining([F.moulding, F.mat, GLASS]),
    );
  });

  it('a purchase-blocked account cannot add to the cart', async () => {
    const res = await post('/api/framebuilder/addToCart', { options: design() }, blocked);
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toMatch(/^You are unable to place orders at this time/);
    expect(messages.purchaseBlocked('x')).toMatch(/^You are unable to place orders at this time/);
  });
});

describe('the layers a framer adds: two mouldings, a fillet, two mats', () => {
  /** A second mat board stocked in the account's warehouse, not the top mat's. */
  let LOWER_MAT: string;
  beforeAll(async () => {
    const [m] = await queryRows<{ code: string }>(
      t.database.db,
      sql`select p.code from products p join product_stock s on s.code = p.code and s.location = 'C'
          where p.frame_type = 'MATS' and p.type = 1 and p.active = 1 and p.code <> ${F.mat}
            and least(p.w_int, p.h_int) >= 32 and s.onhand - s.commit_amt >= 5
          order by p.code limit 1`,
    );
    LOWER_MAT = m.code;
  });
  const layered = (over: object = {}) =>
    design({
      innerMoulding: F.modena,
      fillet: { code: F.fillet, position: 'mat' },
      lowerMats: [{ code: LOWER_MAT, reveal: 4 }],
      ...over,
    });
  const getCart = () => t.app.inject({ method: 'GET', url: '/api/getCart', headers: bearer(token) });

  it('the quote lists each line in order, and the cart charges exactly what the quote showed', async () => {
    await post('/api/updateCart', { cartdata: [] }, token);
    const quote = await post('/api/framebuilder/quote', { options: layered(), orderType: 'join' }, token);
    expect(quote.statusCode, quote.body).toBe(200);
    const q = quote.json();
    expect(q.complete).toBe(true);
    expect(q.data.map((l: { part: string; layer: number | null }) => [l.part, l.layer])).toEqual([
      ['innerMoulding', null],
      ['moulding', null],
      ['fillet', null],
      ['mat', 0],
      ['mat', 1],
      ['glass', null],
    ]);
    expect(q.data.map((l: { Code: string }) => l.Code)).toEqual([
      F.modena,
      F.moulding,
      F.fillet,
      F.mat,
      LOWER_MAT,
      GLASS,
    ]);
    // 16 × 20 less a 1/4" overlap: 15 1/2 × 19 1/2 shows; the bottom mat's 1/4" reveal, the 3/8" fillet in the
    // top mat's window, 3" borders: the inside is 22 3/4 × 26 3/4; the 1" inner moulding makes 24 3/4 × 28 3/4
    expect(q.data[0].item.productSelection.dimension).toMatchObject({
      length: 22,
      length_fraction: 12,
      width: 26,
      width_fraction: 12,
    });
    expect(q.data[1].item.productSelection.dimension).toMatchObject({
      length: 24,
      length_fraction: 12,
      width: 28,
      width_fraction: 12,
    });
    expect(q.data[4].label).toBe('Bottom mat 22 3/4 x 26 3/4, opening 15 1/2 x 19 1/2 (1/4" reveal)');
    expect(q.data[2].item.productSelection.type).toBe('item');

    const added = await post('/api/framebuilder/addToCart', { options: layered(), orderType: 'join' }, token);
    expect(added.statusCode, added.body).toBe(200);
    const cart = (await getCart()).json();
    expect(cart.data.map((l: { Code: string }) => l.Code)).toEqual(
      q.data.map((l: { Code: string }) => l.Code),
    );
    cart.data.forEach((line: { calc: { totalPrice: string }; productSelection: object }, i: number) => {
      expect(line.calc.totalPrice).toBe(q.data[i].item.calc.totalPrice);
      expect(line.productSelection).toMatchObject(q.data[i].item.productSelection);
    });
    expect(cart.total).toBe(q.total);
    await post('/api/updateCart', { cartdata: [] }, token);
  });

  it('renders the layered design, with a double opening too', async () => {
    const res = await build(layered(), 800);
    expect(res.statusCode, res.body).toBe(200);
    // 24 3/4 × 28 3/4 inside the 2 1/4" moulding
    expect(res.json().size).toEqual({ width: 29.25, height: 33.25 });
    await writeFile(path.join(SHOTS, 'frame-render-layers.jpg'), await fetchRender(res.json().outFile));
    const file = (await upload(await photo())).json().file;
    const two = await build(
      layered({ file, fWidth: 8, fHeight: 10, matOpening: 'double', matGap: 16, glass: null }),
      800,
    );
    expect(two.statusCode, two.body).toBe(200);
    await writeFile(path.join(SHOTS, 'frame-render-double.jpg'), await fetchRender(two.json().outFile));
  });

  it('saves and reopens the layered design as it was', async () => {
    const options = layered({ notes: 'two mats' });
    const saved = await post(
      '/api/framebuilder/saveFrameBuilder',
      { framedata: encodeFrameData(options as never), name: 'Layered' },
      token,
    );
    expect(saved.statusCode, saved.body).toBe(200);
    const id = saved.json().framedataid;
    const back = await post('/api/framebuilder/getSavedFrames', { id, getFramedata: true }, token);
    expect(decodeFrameData(back.json().data[0].framedata)).toEqual({
      ...options,
      matOpening: 'rectangle',
      matGap: 16,
      file2: null,
    });
  });

  it('a design saved before the layers existed (moulding, mat and glass only) still opens', async () => {
    // framedata as the Frame Creator wrote it before lower mats, fillet and inner moulding: base64url JSON
    const old = Buffer.from(
      '{"fWidth":16,"fWidthFrac":0,"fHeight":20,"fHeightFrac":0,"file":null,"crop":null,' +
        `"moulding":"${F.moulding}","mat":"${F.mat}","glass":"${GLASS}","matTB":3,"matTBFrac":0,` +
        '"matLR":3,"matLRFrac":0,"matLock":true,"matOverlap":4,"notes":"from before"}',
    ).toString('base64url');
    const saved = await post('/api/framebuilder/saveFrameBuilder', { framedata: old, name: 'Old' }, token);
    expect(saved.statusCode, saved.body).toBe(200);
    const back = await post(
      '/api/framebuilder/getSavedFrames',
      { id: saved.json().framedataid, getFramedata: true },
      token,
    );
    expect(decodeFrameData(back.json().data[0].framedata)).toMatchObject({
      moulding: F.moulding,
      notes: 'from before',
      lowerMats: [],
      fillet: null,
      innerMoulding: null,
      matOpening: 'rectangle',
    });
  });

  it.each([
    [
      'four mats',
      () => ({
        lowerMats: [
          { code: LOWER_MAT, reveal: 4 },
          { code: LOWER_MAT, reveal: 4 },
          { code: LOWER_MAT, reveal: 4 },
        ],
      }),
      'lowerMats',
      frameMessages.tooManyMats,
    ],
    [
      'a reveal of 1/16"',
      () => ({ lowerMats: [{ code: LOWER_MAT, reveal: 1 }] }),
      'lowerMats.0',
      frameMessages.revealRange,
    ],
    [
      'a fillet without a moulding',
      () => ({ moulding: null, innerMoulding: null, fillet: { code: F.fillet, position: 'frame' } }),
      'fillet',
      frameMessages.filletNeedsMoulding,
    ],
    [
      'a moulding in the fillet place',
      () => ({ fillet: { code: F.modena, position: 'frame' } }),
      'fillet',
      `No fillet with item # ${F.modena} is sold.`,
    ],
  ])('%s: 422 with the rule', async (_name, over, field, message) => {
    const res = await build(layered(over()));
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json().errors[field]).toBe(message);
    const added = await post('/api/framebuilder/addToCart', { options: layered(over()) }, token);
    expect(added.statusCode).toBe(422);
    expect(added.json().errors[field]).toBe(message);
  });

  it('the picker offers fillets apart from mouldings', async () => {
    const filters = (frameType: string) =>
      post('/api/framebuilder/buildFilters', { frameType }).then((r) => r.json());
    const [fillets, mouldings] = await Promise.all([filters('FILLET'), filters('MOULDING')]);
    const count = (f: { collection: { collectionCount: number }[] }) =>
      f.collection.reduce((s, c) => s + c.collectionCount, 0);
    expect(count(fillets)).toBeGreaterThan(0);
    expect(count(mouldings)).toBeGreaterThan(count(fillets));
  });
});
