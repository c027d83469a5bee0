import { DOCUMENT_MAX_BYTES } from '@mitrebox/api-contract';
import { count, eq } from 'drizzle-orm';
import { PDFDocument, PDFName, PDFString } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, careers, contactMessages, dealers } from '../../schema.ts';
import { ROUTE_ACCESS } from '../../testing/route-access.ts';
import { bearer, createTestApp, signIn, signInStaff, type TestApp } from '../../testing/test-app.ts';
import { zipCentroid } from '../dealers/zip-centroids.ts';

let t: TestApp;
let customer: string;
let staff: string;
beforeAll(async () => {
  t = await createTestApp({ seedProducts: 50 });
  customer = await signIn(t.app, '10001');
  // pages, careers, documents and dealers are changed by admins only (the role matrix)
  staff = await signInStaff(t.app, 'admin@mitrebox.example');
});
afterAll(async () => {
  await t?.close();
});

const as = (token: string) => bearer(token);
const inject = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, token?: string, payload?: unknown) =>
  t.app.inject({ method, url, headers: token ? as(token) : {}, payload: payload as never });

/** The newest audit entry of an entity. */
async function lastAudit(entity: string) {
  const res = await t.database.db
    .select()
    .from(auditLog)
    .where(eq(auditLog.entity, entity))
    .orderBy(auditLog.id);
  return res.at(-1);
}
const auditCount = async () => (await t.database.db.select({ n: count() }).from(auditLog))[0].n;

function multipart(fields: Record<string, string>, file?: { name: string; type: string; bytes: Buffer }) {
  const boundary = `----mitrebox${Math.random().toString(16).slice(2)}`;
  const parts: Buffer[] = [];
  for (const [k, v] of Object.entries(fields)) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
  }
  if (file) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`,
      ),
      file.bytes,
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(parts),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}
const upload = (token: string | undefined, body: ReturnType<typeof multipart>) =>
  t.app.inject({
    method: 'POST',
    url: '/api/staff/documents',
    headers: { ...body.headers, ...(token ? as(token) : {}) },
    payload: body.payload,
  });

async function onePagePdf(text: string): Promise<Buffer> {
  const doc = await PDFDocument.create();
  doc.addPage().drawText(text);
  return Buffer.from(await doc.save());
}

/**
 * A valid one-page PDF that carries every kind of active content: document JavaScript, a script run on opening,
 * a page action, a link that launches a program, a javascript: link, an attached program — and a web link.
 */
async function activePdf(): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const page = doc.addPage();
  page.drawText('Autumn price list');
  const ctx = doc.context;
  const script = (js: string) => ({ S: 'JavaScript', JS: PDFString.of(js) });
  doc.addJavaScript('greet', 'app.alert("document script")');
  doc.catalog.set(PDFName.of('OpenAction'), ctx.obj(script('app.launchURL("https://evil.example")')));
  page.node.set(PDFName.of('AA'), ctx.obj({ O: script('this.print()') }));
  const link = (y: number, action: Record<string, unknown>) =>
    ctx.register(ctx.obj({ Type: 'Annot', Subtype: 'Link', Rect: [0, y, 100, y + 50], A: action as never }));
  page.node.set(
    PDFName.of('Annots'),
    ctx.obj([
      link(0, { S: 'Launch', F: PDFString.of('cmd.exe') }),
      link(50, { S: 'URI', URI: PDFString.of('javascript:app.alert(1)') }),
      link(100, { S: 'URI', URI: PDFString.of('https://mitrebox.example/autumn') }),
    ]),
  );
  await doc.attach(Buffer.from('MZ not really a program'), 'setup.exe', {
    mimeType: 'application/x-msdownload',
  });
  return Buffer.from(await doc.save({ useObjectStreams: false }));
}
const ACTIVE_MARKERS = [
  '/JavaScript',
  '/JS',
  '/OpenAction',
  '/AA',
  '/Launch',
  '/EmbeddedFile',
  'javascript:',
];

describe('back office content routes: refusals', () => {
  const mine = Object.keys(ROUTE_ACCESS).filter((k) =>
    /^\w+ \/api\/staff\/(settings|careers|documents|dealers|contact-messages)/.test(k),
  );
  it('are all staff routes (the route table knows them)', () => {
    expect(mine.length).toBe(17);
    for (const key of mine) expect(ROUTE_ACCESS[key].kind).toBe('staff');
  });
  it('refuse anonymous visitors (401) and customers (403) before reading the body', async () => {
    for (const key of mine) {
      const [method, path] = key.split(' ') as ['GET' | 'POST' | 'PUT' | 'DELETE', string];
      const url = path.replace('{id}', '1').replace('{name}', 'Terms').replace('{acctnum}', 'D1');
      const body = method === 'GET' || method === 'DELETE' ? undefined : {};
      expect((await inject(method, url, undefined, body)).statusCode, `${key} anonymous`).toBe(401);
      expect((await inject(method, url, customer, body)).statusCode, `${key} customer`).toBe(403);
    }
    const evil = multipart(
      { name: 'x', category: '1' },
      { name: 'a.pdf', type: 'application/pdf', bytes: await onePagePdf('x') },
    );
    expect((await upload(customer, evil)).statusCode).toBe(403);
    expect((await inject('GET', '/api/staff/documents', staff)).json().total).toBe(7);
  });
});

describe('settings and rich-text pages', () => {
  it('lists the pages as HTML and the lists as JSON', async () => {
    const res = await inject('GET', '/api/staff/settings', staff);
    expect(res.statusCode).toBe(200);
    const byName = Object.fromEntries(res.json().data.map((s: { name: string }) => [s.name, s]));
    expect(byName.Terms).toMatchObject({ kind: 'rich', value: expect.stringContaining('<') });
    expect(byName.faq.value).toContain('How do I open a trade account?');
    expect(byName.value_lines.kind).toBe('json');
    expect(JSON.parse(byName.value_lines.value)[0].title).toBe('Value Line');
  });

  it('sanitises a page on save with the public pages’ rule, shows it publicly, and audits before and after', async () => {
    const html =
      '<h2>New terms</h2><p onclick="steal()">Pay in 30 days. <a href="javascript:alert(1)">x</a><script>alert(2)</script><img src=x onerror=alert(3)></p>';
    const res = await inject('PUT', '/api/staff/settings/Terms', staff, { value: html });
    expect(res.statusCode).toBe(200);
    const saved = res.json().value as string;
    expect(saved).toContain('<h2>New terms</h2>');
    expect(saved).toContain('Pay in 30 days.');
    expect(saved).not.toMatch(/script|onclick|onerror|javascript:/i);

    const pub = (await inject('GET', '/api/settings')).json().data as { name: string; data: string }[];
    expect(JSON.parse(pub.find((e) => e.name === 'Terms')!.data)).toBe(saved);

    const entry = await lastAudit('setting');
    expect(entry).toMatchObject({
      actorKind: 'staff',
      actorName: expect.any(String),
      action: 'setting.update',
      entityId: 'Terms',
      before: { value: expect.stringContaining('<h3>Prices</h3>') },
      after: { value: saved },
    });
    // the same text again changes nothing and writes no entry
    const n = await auditCount();
    expect((await inject('PUT', '/api/staff/settings/Terms', staff, { value: html })).statusCode).toBe(200);
    expect(await auditCount()).toBe(n);
  });

  it('checks the JSON lists against their shape and refuses unknown settings', async () => {
    const bad = await inject('PUT', '/api/staff/settings/value_lines', staff, {
      value: '[{"text":"no title"}]',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/^Invalid input|title/);
    const notJson = await inject('PUT', '/api/staff/settings/popular_collections', staff, { value: '[1,' });
    expect(notJson.json()).toEqual({
      message: 'This is not valid JSON.',
      errors: { value: 'This is not valid JSON.' },
    });
    const link = await inject('PUT', '/api/staff/settings/social_links', staff, {
      value: '[{"name":"X","url":"javascript:alert(1)"}]',
    });
    expect(link.statusCode).toBe(400);
    expect((await inject('PUT', '/api/staff/settings/secret', staff, { value: '1' })).statusCode).toBe(404);
    const ok = await inject('PUT', '/api/staff/settings/popular_collections', staff, {
      value: '[87, {"id": 12}]',
    });
    expect(ok.statusCode).toBe(200);
    const pub = (await inject('GET', '/api/settings')).json().data as { name: string; data: string }[];
    expect(JSON.parse(pub.find((e) => e.name === 'popular_collections')!.data)).toEqual([87, { id: 12 }]);
  });
});

describe('careers', () => {
  const job = { job_heading: 'Framer', job_subject: 'Tampa - part time', job_description: 'Join frames.' };
  it('staff add, change, close and remove a position; each change audited', async () => {
    const added = await inject('POST', '/api/staff/careers', staff, job);
    expect(added.statusCode).toBe(200);
    const id = added.json().data.id as number;
    expect(await lastAudit('career')).toMatchObject({
      action: 'career.create',
      entityId: String(id),
      before: null,
    });
    expect((await inject('GET', '/api/career')).json().data.some((j: { id: number }) => j.id === id)).toBe(
      true,
    );

    const closed = await inject('PUT', `/api/staff/careers/${id}`, staff, {
      ...job,
      job_heading: 'Senior Framer',
      active: false,
    });
    expect(closed.json().data).toMatchObject({ job_heading: 'Senior Framer', active: false });
    expect(await lastAudit('career')).toMatchObject({
      action: 'career.update',
      before: { job_heading: 'Framer', active: true },
      after: { job_heading: 'Senior Framer', active: false },
    });
    expect((await inject('GET', '/api/career')).json().data.some((j: { id: number }) => j.id === id)).toBe(
      false,
    );
    const list = (await inject('GET', '/api/staff/careers?q=senior', staff)).json();
    expect(list.total).toBe(1);

    expect((await inject('POST', '/api/staff/careers', staff, { ...job, job_heading: ' ' })).statusCode).toBe(
      400,
    );
    expect((await inject('DELETE', `/api/staff/careers/${id}`, staff)).statusCode).toBe(200);
    expect(await lastAudit('career')).toMatchObject({
      action: 'career.delete',
      before: { job_heading: 'Senior Framer' },
      after: null,
    });
    expect((await inject('DELETE', `/api/staff/careers/${id}`, staff)).statusCode).toBe(404);
  });
});

describe('careers as plain text', () => {
  it('a position is stored and served without markup; its text, ampersands and line breaks kept', async () => {
    const added = await inject('POST', '/api/staff/careers', staff, {
      job_heading: 'Framer <img src=x onerror=alert(1)>',
      job_subject: 'Tampa <script>alert(2)</script>- part time',
      job_description: 'R&D team, 1/16" cuts.\n\n<b>Pay</b>: $19/hour &lt;img src=x onerror=alert(3)&gt;',
    });
    expect(added.statusCode).toBe(200);
    expect(added.json().data).toMatchObject({
      job_heading: 'Framer',
      job_subject: 'Tampa - part time',
      job_description: 'R&D team, 1/16" cuts.\n\nPay: $19/hour',
    });
    const onlyMarkup = await inject('POST', '/api/staff/careers', staff, {
      job_heading: '<script>alert(1)</script>',
      job_subject: 'Tampa',
      job_description: 'x',
    });
    expect(onlyMarkup.json()).toEqual({
      message: 'The job heading is required.',
      errors: { job_heading: 'The job heading is required.' },
    });
    // a position stored before positions were cleaned is cleaned on the way out
    await t.database.db.insert(careers).values({
      jobHeading: 'Glazier<img src=x onerror=alert(4)>',
      jobSubject: 'Denver',
      jobDescription: '<script>alert(5)</script>Cut glass &amp; acrylic.',
    });
    const pub = await inject('GET', '/api/career');
    expect(pub.statusCode).toBe(200);
    expect(pub.body).not.toMatch(/<img|<script|onerror|&lt;|&amp;/i);
    expect(pub.json().data).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ job_heading: 'Glazier', job_description: 'Cut glass & acrylic.' }),
        expect.objectContaining({ job_heading: 'Framer', job_subject: 'Tampa - part time' }),
      ]),
    );
  });
});

describe('documents', () => {
  it('stores an uploaded PDF under a safe name and customers see and download it', async () => {
    const bytes = await onePagePdf('Spring promotion');
    const res = await upload(
      staff,
      multipart(
        { name: 'Spring promo', category: '1', active: 'true' },
        { name: '../../etc/Promo: spring*.PDF', type: 'application/octet-stream', bytes },
      ),
    );
    expect(res.statusCode).toBe(200);
    const doc = res.json().data;
    expect(doc).toMatchObject({
      name: 'Spring promo',
      category: 1,
      active: true,
      fileName: 'Promo_ spring_.pdf',
      size: expect.any(Number),
    });
    const list = (await inject('GET', '/api/pdfUserList?active=1', customer)).json().data;
    expect(list).toContainEqual({ id: doc.id, name: 'Spring promo', category: 1 });
    const dl = await inject('GET', `/api/pdfDownload?active=1&dlid=${doc.id}`, customer);
    expect(dl.statusCode).toBe(200);
    expect(dl.headers['content-disposition']).toBe('attachment; filename="Promo_ spring_.pdf"');
    // the stored file is the upload written again by pdf-lib (pdf-check.ts): the same pages
    expect(dl.rawPayload.length).toBe(doc.size);
    expect((await PDFDocument.load(dl.rawPayload)).getPageCount()).toBe(1);
    expect(await lastAudit('document')).toMatchObject({
      action: 'document.create',
      after: { name: 'Spring promo', pages: 1 },
    });

    const off = await inject('PUT', `/api/staff/documents/${doc.id}`, staff, {
      name: 'Spring promo',
      category: 1,
      active: false,
    });
    expect(off.json().data.active).toBe(false);
    expect(await lastAudit('document')).toMatchObject({ before: { active: true }, after: { active: false } });
    expect(
      (await inject('GET', '/api/pdfUserList?active=1', customer))
        .json()
        .data.some((d: { id: number }) => d.id === doc.id),
    ).toBe(false);
  });

  it('takes scripts, launch actions and attached files out of an uploaded PDF: customers get pages only', async () => {
    const bytes = await activePdf();
    const sent = bytes.toString('latin1');
    for (const marker of ACTIVE_MARKERS) expect(sent, marker).toContain(marker);
    const res = await upload(
      staff,
      multipart(
        { name: 'Autumn prices', category: '2' },
        { name: 'autumn.pdf', type: 'application/pdf', bytes },
      ),
    );
    expect(res.statusCode).toBe(200);
    const doc = res.json().data;
    const dl = await inject('GET', `/api/pdfDownload?active=1&dlid=${doc.id}`, customer);
    expect(dl.statusCode).toBe(200);
    expect(dl.rawPayload.length).toBe(doc.size);
    const served = dl.rawPayload.toString('latin1');
    for (const marker of ACTIVE_MARKERS) expect(served, marker).not.toContain(marker);
    expect(served).not.toContain('MZ not really');
    // still the same document: its page, and the web link
    const read = await PDFDocument.load(dl.rawPayload);
    expect(read.getPageCount()).toBe(1);
    expect(served).toContain('https://mitrebox.example/autumn');
    expect(await lastAudit('document')).toMatchObject({
      action: 'document.create',
      after: {
        name: 'Autumn prices',
        activeContentRemoved: ['AA', 'EF', 'EmbeddedFiles', 'JavaScript', 'Launch', 'OpenAction', 'URI'],
      },
    });
  });

  it('judges the content, not the name or type: a renamed text file, a fake header and garbage are refused', async () => {
    const n = (await inject('GET', '/api/staff/documents', staff)).json().total;
    const cases: [Buffer, string][] = [
      [Buffer.from('just some text, not a PDF'), 'This file is not a PDF. Please choose a PDF document.'],
      [
        Buffer.from('<html><script>alert(1)</script></html>'),
        'This file is not a PDF. Please choose a PDF document.',
      ],
      [
        Buffer.from('%PDF-1.7\nnot really a pdf at all'),
        'This PDF could not be read. Please save it again as a PDF and upload it once more.',
      ],
    ];
    for (const [bytes, message] of cases) {
      const res = await upload(
        staff,
        multipart(
          { name: 'Fake', category: '2' },
          { name: 'price-list.pdf', type: 'application/pdf', bytes },
        ),
      );
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message, errors: { file: message } });
    }
    const noFile = await upload(staff, multipart({ name: 'Nothing', category: '2' }));
    expect(noFile.json().message).toBe('Please choose a PDF file.');
    const badCategory = await upload(
      staff,
      multipart(
        { name: 'X', category: '9' },
        { name: 'a.pdf', type: 'application/pdf', bytes: await onePagePdf('x') },
      ),
    );
    expect(badCategory.statusCode).toBe(400);
    const json = await inject('POST', '/api/staff/documents', staff, { name: 'x' });
    expect(json.statusCode).toBe(400);
    expect((await inject('GET', '/api/staff/documents', staff)).json().total).toBe(n);
  });

  it('answers a malformed form upload with 400 and a plain message, never 500', async () => {
    const bodies: [string, string][] = [
      ['multipart/form-data; boundary=x', '{"a":1}'],
      ['multipart/form-data; boundary=x', '--x\r\nContent-Disposition: form-data; name="name"\r\n\r\nhalf'],
      ['multipart/form-data', '--x\r\n\r\n--x--\r\n'],
      ['multipart/form-data; boundary=', '--\r\n'],
      [`multipart/form-data; boundary=${'b'.repeat(300)}`, `--${'b'.repeat(300)}--\r\n`],
    ];
    for (const [type, payload] of bodies) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/staff/documents',
        headers: { ...as(staff), 'content-type': type },
        payload,
      });
      expect(res.statusCode, `${type} ${payload}`).toBe(400);
      expect(res.json().message, payload).toBe(
        'The form upload could not be read: it is incomplete or malformed. Please choose the file and send it again.',
      );
    }
  });

  it('refuses a file over the size limit', async () => {
    const big = Buffer.concat([await onePagePdf('big'), Buffer.alloc(DOCUMENT_MAX_BYTES)]);
    const res = await upload(
      staff,
      multipart({ name: 'Big', category: '2' }, { name: 'big.pdf', type: 'application/pdf', bytes: big }),
    );
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toBe('The PDF is larger than 10 MB.');
  });
});

describe('dealers', () => {
  const header = 'acctnum,company,address1,city,state,zip';
  const dealerCount = async () => (await t.database.db.select({ n: count() }).from(dealers))[0].n;
  const importCsv = (csv: string, dryRun = false) =>
    inject('POST', '/api/staff/dealers/import', staff, { csv, dryRun });

  it('a file with bad rows imports nothing and names each row and column', async () => {
    const before = await dealerCount();
    const audits = await auditCount();
    const csv = [
      header,
      'NEW-1,Good Frames,1 Main St,Tampa,FL,33634',
      'NEW-2,Nowhere Frames,2 Main St,Nowhere,FLA,99999',
      'NEW-3,"=HYPERLINK(""http://evil"",""x"")",3 Main St,Tampa,FL,33634',
      'NEW-1,Twice Frames,4 Main St,Tampa,FL,33634',
      'NEW-5,,5 Main St,Tampa,FL,abcde',
      'NEW-6,Short Row',
    ].join('\n');
    const res = await importCsv(csv);
    expect(res.statusCode).toBe(422);
    const report = res.json();
    expect(report.applied).toBe(false);
    expect(report.errors).toEqual([
      { row: 3, column: 'state', message: 'The state is two letters.' },
      {
        row: 4,
        column: 'company',
        message: 'A value may not start with =, +, -, @ or a tab (a spreadsheet formula).',
      },
      { row: 5, column: 'acctnum', message: 'Account number NEW-1 is already on row 2.' },
      { row: 6, column: 'company', message: 'The company is required.' },
      { row: 6, column: 'zip', message: 'Please enter a 5-digit ZIP code' },
      { row: 7, column: null, message: 'This row has 2 values; the header has 6.' },
    ]);
    expect(report.message).toBe(
      'The file has 6 errors; nothing was imported. Please correct them and try again.',
    );
    // an unknown ZIP is found by the geocoding
    const unknown = await importCsv(
      `${header}\nNEW-1,Good Frames,1 Main St,Tampa,FL,33634\nNEW-2,Nowhere,2 St,Nowhere,NM,99999\n`,
    );
    expect(unknown.json().errors).toEqual([
      { row: 3, column: 'zip', message: 'We could not find ZIP code 99999. Please check it and try again.' },
    ]);
    const missing = await importCsv('acctnum,company,address1,city,state\nNEW-1,A,B,C,FL\n');
    expect(missing.json().errors).toEqual([{ row: 1, column: 'zip', message: 'The column zip is missing.' }]);
    expect(await dealerCount()).toBe(before);
    expect(await auditCount()).toBe(audits);
  });

  it('imports a good file geocoded by ZIP, all rows; the same file again changes nothing', async () => {
    const before = await dealerCount();
    const csv = `zip,acctnum,company,address1,city,state,notes\r\n33634,NEW-1,Good Frames,1 Main St,Tampa,fl,x\r\n87501,NEW-2,"Santa Fe Frames, Inc.",2 Canyon Rd,Santa Fe,NM,\r\n`;
    const dry = await importCsv(csv, true);
    expect(dry.json()).toMatchObject({ applied: false, inserted: 2, updated: 0, errors: [] });
    expect(await dealerCount()).toBe(before);

    const res = await importCsv(csv);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      applied: true,
      rows: 2,
      inserted: 2,
      updated: 0,
      unchanged: 0,
      message: 'Imported: 2 added, 0 changed, 0 unchanged.',
    });
    expect(await dealerCount()).toBe(before + 2);
    const [row] = await t.database.db.select().from(dealers).where(eq(dealers.acctnum, 'NEW-2'));
    const centre = await zipCentroid('87501');
    expect(row).toMatchObject({
      company: 'Santa Fe Frames, Inc.',
      state: 'NM',
      latitude: centre!.latitude,
      longitude: centre!.longitude,
    });
    const near = (await inject('GET', '/api/WhereToBuy?zip=87501&miles=1')).json().data;
    expect(near.map((d: { Acctnum: string }) => d.Acctnum)).toContain('NEW-2');
    const entry = await lastAudit('dealer');
    expect(entry).toMatchObject({
      action: 'dealer.import',
      before: [],
      after: [{ acctnum: 'NEW-1' }, { acctnum: 'NEW-2' }],
    });

    const audits = await auditCount();
    const again = await importCsv(csv);
    expect(again.json()).toMatchObject({ applied: true, inserted: 0, updated: 0, unchanged: 2 });
    expect(await auditCount()).toBe(audits);

    const changed = await importCsv(csv.replace('Good Frames', 'Better Frames'));
    expect(changed.json()).toMatchObject({ inserted: 0, updated: 1, unchanged: 1 });
    expect(await lastAudit('dealer')).toMatchObject({
      before: [{ acctnum: 'NEW-1', company: 'Good Frames' }],
      after: [{ acctnum: 'NEW-1', company: 'Better Frames' }],
    });
  });

  it('edits one dealer (geocoding a new ZIP), lists them paged and searchable, exports formula cells as text', async () => {
    const saved = await inject('PUT', '/api/staff/dealers/NEW-1', staff, {
      company: 'Better Frames',
      address1: '9 Bay St',
      city: 'Denver',
      state: 'co',
      zip: '80216',
    });
    expect(saved.statusCode).toBe(200);
    const centre = await zipCentroid('80216');
    expect(saved.json().data).toMatchObject({ state: 'CO', latitude: centre!.latitude });
    expect(await lastAudit('dealer')).toMatchObject({
      action: 'dealer.update',
      before: { zip: '33634' },
      after: { zip: '80216' },
    });
    const unknown = await inject('PUT', '/api/staff/dealers/NEW-1', staff, {
      company: 'B',
      address1: 'A',
      city: 'C',
      state: 'CO',
      zip: '99999',
    });
    expect(unknown.statusCode).toBe(400);

    const page = (await inject('GET', '/api/staff/dealers?q=better&pageSize=5', staff)).json();
    expect(page.total).toBe(1);
    const sorted = (
      await inject('GET', '/api/staff/dealers?sort=acctnum&dir=desc&pageSize=3&page=2', staff)
    ).json();
    expect(sorted.rows).toHaveLength(3);

    await t.database.db
      .update(dealers)
      .set({ company: '=HYPERLINK("http://evil","x")', city: '@SUM(A1)' })
      .where(eq(dealers.acctnum, 'NEW-2'));
    const csv = await inject('GET', '/api/staff/dealers/export', staff);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    const line = csv.body.split('\r\n').find((l) => l.startsWith('NEW-2,'));
    expect(line).toBe(`NEW-2,"'=HYPERLINK(""http://evil"",""x"")",2 Canyon Rd,'@SUM(A1),NM,87501`);
    expect(csv.body.startsWith('acctnum,company,address1,city,state,zip\r\n')).toBe(true);
  });
});

describe('contact messages', () => {
  it('are listed paged and searchable, and marked handled with an audit entry', async () => {
    await t.database.db.insert(contactMessages).values(
      Array.from({ length: 30 }, (_, i) => ({
        name: i === 7 ? 'Priya Walnut' : `Sender ${i}`,
        email: `sender${i}@example.com`,
        message: i === 7 ? 'Do you stock 100% walnut_moulding?' : 'Hello',
      })),
    );
    const first = (
      await inject('GET', '/api/staff/contact-messages?pageSize=10&sort=createdAt&dir=desc', staff)
    ).json();
    expect(first.total).toBe(30);
    expect(first.rows).toHaveLength(10);
    const found = (
      await inject('GET', `/api/staff/contact-messages?q=${encodeURIComponent('100% walnut_')}`, staff)
    ).json();
    expect(found.total).toBe(1);
    const msg = found.rows[0];
    expect(msg).toMatchObject({ name: 'Priya Walnut', handled: false, handledBy: null });
    expect((await inject('GET', '/api/staff/contact-messages?q=%25', staff)).json().total).toBe(1);

    const done = await inject('PUT', `/api/staff/contact-messages/${msg.id}`, staff, { handled: true });
    expect(done.json().data).toMatchObject({ handled: true, handledBy: expect.any(String) });
    expect(await lastAudit('contact_message')).toMatchObject({
      action: 'contact.handled',
      entityId: String(msg.id),
      before: { handled: false },
      after: { handled: true },
    });
    expect((await inject('GET', '/api/staff/contact-messages?handled=no', staff)).json().total).toBe(29);
    expect((await inject('GET', '/api/staff/contact-messages?handled=yes', staff)).json().total).toBe(1);
    expect(
      (await inject('PUT', '/api/staff/contact-messages/999999', staff, { handled: true })).statusCode,
    ).toBe(404);
  });
});
