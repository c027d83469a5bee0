import type { Page } from 'playwright-core';
import { DEMO_PASSWORD, visible } from './helpers.ts';
import { totp } from './totp.ts';

/** The TOTP secret of every demo staff user (README, demo sign-ins). */
export const DEMO_STAFF_TOTP_SECRET = 'GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ';

/**
 * Signs a demo staff user in at /staff: e-mail, password, then the code of the authenticator app. A code's
 * time step is accepted once per user: sign each staff user in once per test file.
 */
export async function staffSignIn(page: Page, email = 'admin@mitrebox.example'): Promise<void> {
  await page.goto('/staff');
  await page.getByLabel('E-mail').fill(email);
  await page.locator('input[autocomplete="current-password"]').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  const code = page.getByLabel('Code from your authenticator app');
  await visible(code);
  await code.fill(totp(DEMO_STAFF_TOTP_SECRET));
  await page.getByRole('button', { name: 'Verify' }).click();
  await visible(page.getByRole('navigation', { name: 'Back office' }));
}
