import { eq, sql } from 'drizzle-orm';
import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, signIn, signInStaff, type TestApp } from '../../testing/test-app.ts';
import { documents } from './content.tables.ts';

let t: TestApp;
let customer: string;
let staff: string;
beforeAll(async () => {
  t = await createTestApp({ seedProducts: 50 });
  customer = await signIn(t.app, '10001');
  staff = await signInStaff(t.app, 'sales@mitrebox.example');
});
afterAll(async () => {
  await t?.close();
});

const job = { job_heading: 'Framer', job_subject: 'Tampa - part time', job_description: 'Join frames.' };

describe('/api/career (account-area §7)', () => {
  it('lists the open positions to anyone', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/career' });
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data.length).toBe(4);
    expect(data[0]).toEqual({
      id: expect.any(Number),
      job_heading: 'Chop Saw Operator',
      job_subject: expect.any(String),
      job_description: expect.stringContaining('double-mitre saws'),
    });
  });

  it('takes no writes here: positions are changed under /api/staff/careers', async () => {
    for (const headers of [{}, bearer(staff)]) {
      for (const [method, url] of [
        ['POST', '/api/career'],
        ['PUT', '/api/career/1'],
        ['DELETE', '/api/career/1'],
      ] as const) {
        expect((await t.app.inject({ method, url, headers, payload: job })).statusCode).toBe(404);
      }
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/career' })).json().data.length).toBe(4);
  });
});

describe('documents: /api/pdfUserList and /api/pdfDownload', () => {
  it('needs a sign-in', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/pdfUserList?active=1' })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/api/pdfDownload?active=1&dlid=1' })).statusCode).toBe(
      401,
    );
  });

  it('lists only active documents with their categories', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/pdfUserList?active=1',
      headers: bearer(customer),
    });
    expect(res.statusCode).toBe(200);
    const data = res.json().data as { id: number; name: string; category: number }[];
    expect(data.map((d) => d.id).sort()).toEqual([1, 2, 3, 4, 5, 6]);
    expect(data.filter((d) => d.category === 2).length).toBe(2);
    expect(data.some((d) => d.name.includes('ended'))).toBe(false);
  });

  it('downloads a real PDF with its content type and file name', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/pdfDownload?active=1&dlid=3',
      headers: bearer(customer),
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(
      'attachment; filename="discontinued-mouldings-spring.pdf"',
    );
    expect(res.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect((await PDFDocument.load(res.rawPayload)).getPageCount()).toBe(1);
  });

  it('answers 404 for an inactive or unknown document and 400 for a bad id', async () => {
    for (const dlid of ['7', '999999']) {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/pdfDownload?active=1&dlid=${dlid}`,
        headers: bearer(customer),
      });
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe('This document is not available.');
    }
    for (const dlid of ['abc', '0', '-1', '../../etc/passwd', '1%20OR%201=1']) {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/pdfDownload?active=1&dlid=${dlid}`,
        headers: bearer(customer),
      });
      expect(res.statusCode).toBe(400);
    }
  });

  it('never sends a path or header characters stored in a file name', async () => {
    await t.database.db
      .update(documents)
      .set({ fileName: '../../etc/passwd"\r\nX-Evil: 1.pdf' })
      .where(eq(documents.id, 5));
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/pdfDownload?active=1&dlid=5',
      headers: bearer(customer),
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toBe('attachment; filename="passwd___X-Evil_ 1.pdf"');
    expect(res.headers['x-evil']).toBeUndefined();
  });
});

describe('new account application', () => {
  it('is a fillable PDF form and says where to send it', async () => {
    const info = await t.app.inject({ method: 'GET', url: '/api/newAccount' });
    expect(info.json()).toEqual({
      ordersEmail: 'orders@mitrebox.example',
      formUrl: '/api/newAccount/application.pdf',
    });
    const res = await t.app.inject({ method: 'GET', url: '/api/newAccount/application.pdf' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toContain('filename="mitrebox-account-application.pdf"');
    expect(res.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const form = (await PDFDocument.load(res.rawPayload)).getForm();
    const names = form.getFields().map((f) => f.getName());
    expect(names).toEqual(
      expect.arrayContaining(['business_name', 'contact_name', 'address', 'email', 'warehouse', 'signature']),
    );
    form.getTextField('business_name').setText('Test Frame Shop'); // really fillable
  });
});

describe('content pages from settings', () => {
  it('are sanitised: a script tag, event handlers and javascript: links are removed', async () => {
    const evil =
      '<h2>Who</h2><script>alert(1)</script><p onclick="steal()">Hello <a href="javascript:alert(2)">x</a> <img src=x onerror=alert(3)></p>';
    await t.database.db.execute(
      sql`update settings set data = ${JSON.stringify(evil)} where name = 'who_we_are'`,
    );
    const res = await t.app.inject({ method: 'GET', url: '/api/settings' });
    const entries = res.json().data as { name: string; data: string }[];
    const html = JSON.parse(entries.find((e) => e.name === 'who_we_are')!.data) as string;
    expect(html).toContain('<h2>Who</h2>');
    expect(html).toContain('Hello');
    expect(html).not.toMatch(/script|onclick|onerror|javascript:/i);
    // FAQ and Store Locations carry real content
    const faq = JSON.parse(entries.find((e) => e.name === 'faq')!.data) as string;
    expect(faq).toContain('How do I open a trade account?');
    const stores = JSON.parse(entries.find((e) => e.name === 'store_locations')!.data) as string;
    expect(stores).toContain('7021 Albert Pick Rd');
    // other settings are untouched JSON
    expect(Array.isArray(JSON.parse(entries.find((e) => e.name === 'popular_collections')!.data))).toBe(true);
  });
});
