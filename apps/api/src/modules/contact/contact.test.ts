import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { loadConfig } from '../../config.ts';
import { startSmtpServer } from '../../testing/smtp.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';

let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let t: TestApp;
beforeAll(async () => {
  smtp = await startSmtpServer();
  t = await createTestApp({
    seed: false,
    config: {
      SMTP_URL: smtp.url,
      CUSTOMER_SERVICE_EMAIL: 'service@shop.example',
      CAPTCHA_HMAC_KEY: 'test-captcha-key-0123456789',
      CONTACT_MAX_PER_HOUR: 3,
      // the tests speak for several client addresses through X-Forwarded-For, as a proxy on loopback would
      TRUST_PROXY: '127.0.0.1',
    },
  });
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

const ip = (n: number) => ({ 'x-forwarded-for': `203.0.113.${n}` });

async function formInfo() {
  const res = await t.app.inject({ method: 'GET', url: '/api/contact-us' });
  expect(res.statusCode).toBe(200);
  return res.json() as { csrf: string; captcha: { kind: string; challengeUrl: string } };
}

/** Fetches a challenge and solves it the way the browser widget does; answers the widget's payload. */
async function solvedCaptcha(): Promise<string> {
  const challenge = (await t.app.inject({ method: 'GET', url: '/api/contact-us/captcha' })).json();
  const solution = await solveChallenge({ challenge, deriveKey });
  expect(solution).toBeTruthy();
  return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
}

const storedCount = async () =>
  Number(
    (
      (await t.database.db.execute(sql`select count(*)::int as n from contact_messages`)) as unknown as {
        rows: { n: number }[];
      }
    ).rows[0].n,
  );

const send = (payload: object, headers: Record<string, string> = ip(1)) =>
  t.app.inject({ method: 'POST', url: '/api/contact-us', payload, headers });

const message = {
  name: 'Ann Framer',
  email: 'ann@frameshop.example',
  phoneNumber: '5045550199',
  message: 'Do you stock <b>museum glass</b> in 40x60?\n<script>alert(1)</script>',
};

describe('Contact Us (account-area §5, §7, §8)', () => {
  it('offers the ALTCHA captcha and a csrf value', async () => {
    const info = await formInfo();
    expect(info.captcha).toEqual({ kind: 'altcha', challengeUrl: '/api/contact-us/captcha' });
    expect(info.csrf).toMatch(/^\d+\.[\w-]+\.[\w-]+$/);
  });

  it('stores the message and mails it as plain text to customer service through a real SMTP server', async () => {
    const { csrf } = await formInfo();
    const res = await send({ ...message, csrf, recap: await solvedCaptcha() });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      success: true,
      message: 'Thank you for contacting us! We will get back to you soon.',
    });
    const [mail] = await smtp.waitFor(1);
    expect(mail.to).toEqual(['service@shop.example']);
    expect(mail.subject).toBe('Contact Us: Ann Framer');
    expect(mail.text).toContain('ann@frameshop.example');
    expect(mail.text).toContain('(504) 555-0199');
    expect(mail.text).toContain('<script>alert(1)</script>'); // as text, never as HTML
    expect(mail.raw).toMatch(/Content-Type: text\/plain/i);
    expect(mail.raw).not.toMatch(/Content-Type: text\/html/i);
    const [row] = (
      (await t.database.db.execute(
        sql`select name, email, phone_number, message, ip from contact_messages`,
      )) as unknown as { rows: Record<string, string>[] }
    ).rows;
    expect(row).toEqual({
      name: 'Ann Framer',
      email: 'ann@frameshop.example',
      phone_number: '(504) 555-0199',
      message: message.message,
      ip: '203.0.113.1',
    });
  });

  it('keeps a name on one line: a line break in it never makes another mail header', async () => {
    const { csrf } = await formInfo();
    const name = 'Evil\r\nBcc: victim@example.com\u2028X-Extra: 1\u0085\tEnd';
    const res = await send({ ...message, name, csrf, recap: await solvedCaptcha() }, ip(11));
    expect(res.statusCode).toBe(200);
    const oneLine = 'Evil Bcc: victim@example.com X-Extra: 1 End';
    const rows = (
      (await t.database.db.execute(
        sql`select name from contact_messages where ip = '203.0.113.11'`,
      )) as unknown as { rows: { name: string }[] }
    ).rows;
    expect(rows).toEqual([{ name: oneLine }]);
    const outbox = (
      (await t.database.db.execute(
        sql`select subject from email_outbox where subject like 'Contact Us: Evil%'`,
      )) as unknown as { rows: { subject: string }[] }
    ).rows;
    expect(outbox).toEqual([{ subject: `Contact Us: ${oneLine}` }]);
    const mail = (await smtp.waitFor(1)).find((m) => m.raw.includes('Evil'))!;
    expect(mail.to).toEqual(['service@shop.example']);
    const headers = mail.raw.slice(0, mail.raw.indexOf('\r\n\r\n'));
    expect(headers).not.toMatch(/^(Bcc|X-Extra):/im);
    expect(mail.text).toContain(`Name:  ${oneLine}`);
  });

  it('refuses a missing, failed or replayed captcha and stores nothing', async () => {
    const before = await storedCount();
    const { csrf } = await formInfo();
    const none = await send({ ...message, csrf }, ip(2));
    expect(none.statusCode).toBe(400);
    expect(none.json().message).toBe('Please check reCaptcha');

    const recap = await solvedCaptcha();
    const decoded = JSON.parse(Buffer.from(recap, 'base64').toString());
    const key = decoded.solution.derivedKey as string;
    decoded.solution.derivedKey = `${key.slice(0, -1)}${key.endsWith('0') ? '1' : '0'}`;
    const wrong = await send(
      { ...message, csrf, recap: Buffer.from(JSON.stringify(decoded)).toString('base64') },
      ip(2),
    );
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe('Please check reCaptcha');
    const garbage = await send({ ...message, csrf, recap: 'not-a-payload' }, ip(2));
    expect(garbage.statusCode).toBe(400);

    expect((await send({ ...message, csrf, recap }, ip(2))).statusCode).toBe(200);
    const replay = await send({ ...message, csrf, recap }, ip(3));
    expect(replay.statusCode).toBe(400);
    expect(replay.json()).toEqual({
      message: 'Please check reCaptcha',
      errors: { recap: 'This captcha has already been used.' },
    });
    expect(await storedCount()).toBe(before + 1);
  });

  it('refuses an expired captcha', async () => {
    const { csrf } = await formInfo();
    const recap = await solvedCaptcha();
    const decoded = JSON.parse(Buffer.from(recap, 'base64').toString());
    decoded.challenge.parameters.expiresAt = Math.floor(Date.now() / 1000) - 1; // also breaks the signature
    const res = await send(
      { ...message, csrf, recap: Buffer.from(JSON.stringify(decoded)).toString('base64') },
      ip(4),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Please check reCaptcha');
  });

  it('refuses a missing or forged csrf value', async () => {
    const { csrf } = await formInfo();
    const [exp, nonce] = csrf.split('.');
    for (const forged of [
      undefined,
      '',
      'abc',
      `${exp}.${nonce}.forgedsignature`,
      `${Number(exp) + 1}.${csrf.split('.').slice(1).join('.')}`,
    ]) {
      const res = await send({ ...message, csrf: forged, recap: 'x' }, ip(5));
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe('This form has expired. Please reload the page and try again.');
    }
  });

  it('validates the fields with the form messages', async () => {
    const before = await storedCount();
    const { csrf } = await formInfo();
    const res = await send({ name: ' ', email: 'not-an-email', message: '', csrf, recap: 'x' }, ip(6));
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({
      name: 'Please enter your name',
      email: 'Email format incorrect',
      message: 'Please enter a message',
    });
    const phone = await send({ ...message, phoneNumber: '555-01', csrf, recap: 'x' }, ip(6));
    expect(phone.json().errors).toEqual({ phoneNumber: 'Please enter a 10-digit phone number' });
    const long = await send({ ...message, message: 'x'.repeat(6000), csrf, recap: 'x' }, ip(6));
    expect(long.statusCode).toBe(400);
    const huge = await send({ ...message, message: 'x'.repeat(1024 * 1024), csrf, recap: 'x' }, ip(6));
    expect(huge.statusCode).toBe(413);
    expect(await storedCount()).toBe(before);
  });

  it('limits messages per address', async () => {
    for (let i = 0; i < 3; i++) {
      const { csrf } = await formInfo();
      expect((await send({ ...message, csrf, recap: await solvedCaptcha() }, ip(7))).statusCode).toBe(200);
    }
    const { csrf } = await formInfo();
    const res = await send({ ...message, csrf, recap: await solvedCaptcha() }, ip(7));
    expect(res.statusCode).toBe(429);
    expect(res.json().message).toBe(
      'You have sent several messages already. Please try again later or call us.',
    );
    // another address is not affected
    expect((await send({ ...message, csrf, recap: await solvedCaptcha() }, ip(8))).statusCode).toBe(200);
  });

  it('without a configured key, every process on the same database signs alike (a load balancer may switch)', async () => {
    const config = loadConfig({}, { NODE_ENV: 'test', LOG_LEVEL: 'silent', RATE_LIMIT_PER_MINUTE: 100000 });
    const [a, b] = await Promise.all(
      [1, 2].map(() => buildApp({ config, database: t.database, serveWeb: false, logger: false })),
    );
    try {
      const { csrf } = (await a.inject({ method: 'GET', url: '/api/contact-us' })).json();
      const res = await b.inject({
        method: 'POST',
        url: '/api/contact-us',
        payload: { ...message, email: 'not-an-email', csrf, recap: 'x' },
      });
      expect(res.statusCode).toBe(400); // the csrf value passed; the e-mail did not
      expect(res.json().errors).toEqual({ email: 'Email format incorrect' });
    } finally {
      await a.close();
      await b.close();
    }
  });
});
