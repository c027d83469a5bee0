import { afterAll, beforeAll } from 'vitest';
import type { Config } from '../config.ts';
import { startSmtpServer } from './smtp.ts';
import { createTestApp, type TestApp } from './test-app.ts';

export type TestSmtp = Awaited<ReturnType<typeof startSmtpServer>>;

/**
 * The test file's app with its mail going to a real SMTP server of the test (links point at
 * https://shop.example): both start before the file's tests and close after them. Read `.t` and `.smtp` inside
 * a test (they are set once the file's tests run).
 */
export function testAppWithMail(config: Partial<Config> = {}): { t: TestApp; smtp: TestSmtp } {
  const shop = {} as { t: TestApp; smtp: TestSmtp };
  beforeAll(async () => {
    shop.smtp = await startSmtpServer();
    shop.t = await createTestApp({
      config: { SMTP_URL: shop.smtp.url, PUBLIC_URL: 'https://shop.example', ...config },
    });
  });
  afterAll(async () => {
    await shop.t?.close();
    await shop.smtp?.close();
  });
  return shop;
}
