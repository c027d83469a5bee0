import { IDLE_TIMEOUT_MS, messages } from '@mitrebox/domain';
import { describe, expect, it } from 'vitest';
import { PHONE, useApp } from './harness.ts';
import {
  accountMenu,
  atPath,
  CUSTOMER_SERVICE_PHONE,
  DEMO_PASSWORD,
  DEMO_TOTP_SECRET,
  fillSignIn,
  headerSignIn,
  live,
  mainNav,
  painted,
  storedValue,
  visible,
} from './helpers.ts';
import { totp } from './totp.ts';

const app = useApp();
const page = app.page;

describe('anonymous visitor', () => {
  it('sees the home page with Sign In and Where To Buy', async () => {
    const p = await page();
    await p.goto('/');
    await visible(p.getByRole('heading', { level: 1, name: /framing trade/ }));
    expect(await p.title()).toBe('Mitrebox');
    await visible(headerSignIn(p));
    await visible(mainNav(p).getByRole('link', { name: 'Where To Buy' }));
    expect(await p.getByTestId('cart-button').count()).toBe(0);
    await visible(p.getByPlaceholder('Search by name or Item #'));
    await app.shot(p, 'home-anonymous');
  });

  it('offers a skip link and landmarks to keyboard users', async () => {
    const p = await page();
    await p.goto('/');
    await visible(p.getByPlaceholder('Search by name or Item #'));
    await live(p);
    await p.keyboard.press('Tab');
    expect(await p.evaluate(() => document.activeElement?.textContent)).toBe('Skip to content');
    await p.keyboard.press('Enter');
    await p.waitForFunction(() => document.activeElement?.id === 'main');
    // the header search arrives in its own chunk after the first paint (first-load budget): wait for it
    for (const role of ['banner', 'main', 'contentinfo', 'search'] as const) await visible(p.getByRole(role));
    // The sign-in page puts the focus on the account field, with a visible focus ring, so a keyboard user can
    // type at once.
    await p.goto('/login');
    await visible(p.getByRole('heading', { name: 'Sign In' }));
    await p.waitForFunction(() => (document.activeElement as HTMLInputElement | null)?.name === 'username');
    await app.shot(p, 'login-keyboard-focus', { fullPage: false });
  });

  it('gets the 404 page for an unknown path', async () => {
    const p = await page();
    await p.goto('/no/such/page');
    await visible(p.getByRole('heading', { name: messages.notFound }));
    await app.shot(p, 'not-found');
  });

  it('is sent to Login from a login-required route', async () => {
    const p = await page();
    await p.goto('/Admin');
    await atPath(p, '/login');
    await visible(p.getByRole('heading', { name: 'Sign In' }));
    await p.goto('/admin/userListOrders/pending');
    await atPath(p, '/login');
  });

  it('matches routes case-insensitively', async () => {
    const p = await page();
    await p.goto('/SHOP');
    await visible(p.getByRole('heading', { level: 1, name: 'Shop' }));
    await p.goto('/forgot-password');
    await visible(p.getByRole('heading', { name: 'Forgot your password?' }));
  });
});

describe('sign-in form messages', () => {
  it('shows each rule of the form, then the server answer', async () => {
    const p = await page();
    await p.goto('/login');
    await visible(p.getByRole('heading', { name: 'Sign In' }));

    await fillSignIn(p, '', 'whatever');
    await visible(p.getByText(messages.login.usernameEmpty));

    await fillSignIn(p, 'abc', 'whatever');
    await visible(p.getByText(messages.login.usernameNotNumeric));

    await fillSignIn(p, '10001', '');
    await visible(p.getByText(messages.login.passwordEmpty));

    await fillSignIn(p, '10001', 'not-the-password');
    await visible(p.getByText(messages.login.mismatch));
    await app.shot(p, 'login-wrong-password');
    expect(await storedValue(p, 'token')).toBeNull();
  });

  it('toggles the password between hidden and shown', async () => {
    const p = await page();
    await p.goto('/login');
    const input = p.getByLabel('Password', { exact: true });
    await input.fill('secret');
    expect(await input.getAttribute('type')).toBe('password');
    await p.getByRole('button', { name: 'Show password' }).click();
    expect(await input.getAttribute('type')).toBe('text');
  });

  it('refuses an account whose e-mail is not verified (10006)', async () => {
    const p = await page();
    await fillSignIn(p, '10006', DEMO_PASSWORD);
    await visible(p.getByText(messages.login.emailUnverified));
    expect(await storedValue(p, 'token')).toBeNull();
  });
});

describe('signing in', () => {
  it('signs in a normal account (10001), then signs out', async () => {
    const p = await page();
    await fillSignIn(p, '10001', DEMO_PASSWORD);
    await atPath(p, '/');
    await visible(accountMenu(p));
    expect(await mainNav(p).getByRole('link', { name: 'Where To Buy' }).count()).toBe(0);
    await visible(p.getByTestId('cart-button'));
    expect(await storedValue(p, 'token')).toBeTruthy();
    await p.waitForTimeout(300);
    await app.shot(p, 'home-signed-in');

    // '/' is now the buyer's own home page rendered by the server (the page session cookie, ADR 013), not the
    // visitors' prerendered hero; its account part (the welcome and the glance) comes drawn with it
    const hinted = async () =>
      (await p.context().cookies()).some((c) => c.name === 'mb_session' && c.value === '1');
    expect(await hinted()).toBe(true);
    const firstHtml = await (await p.context().request.get('/')).text();
    expect(firstHtml).not.toContain('for the framing trade');
    expect(firstHtml).toContain('Welcome back');
    expect(firstHtml).toMatch(/id="mb-first-data" data-user="\d+"/);

    // The login screen is hidden when signed in.
    await p.goto('/login');
    await atPath(p, '/');

    // A login-required route now opens.
    await p.goto('/Admin');
    await visible(p.getByRole('navigation', { name: 'My Account' }));
    await app.shot(p, 'admin-signed-in');

    await accountMenu(p).click();
    await p.getByRole('menuitem', { name: 'Sign out' }).click();
    await atPath(p, '/');
    await visible(headerSignIn(p));
    expect(await storedValue(p, 'token')).toBeNull();
    expect(await storedValue(p, 'user')).toBeNull();
    expect(await hinted()).toBe(false);
  });

  it('signs in a purchase-blocked account (10002) without a cart', async () => {
    const p = await page();
    await fillSignIn(p, '10002', DEMO_PASSWORD);
    await atPath(p, '/');
    await visible(accountMenu(p));
    expect(await p.getByTestId('cart-button').count()).toBe(0);
  });

  it('sends a credit-hold account (10003) to the account message, signed out', async () => {
    const p = await page();
    await fillSignIn(p, '10003', DEMO_PASSWORD);
    await atPath(p, /^\/accountMsg/i);
    await visible(p.getByRole('heading', { name: messages.creditHold.heading }));
    await visible(p.getByText(messages.creditHold.message(CUSTOMER_SERVICE_PHONE)));
    await visible(headerSignIn(p));
    expect(await storedValue(p, 'token')).toBeNull();
    await app.shot(p, 'credit-hold');
  });

  it('takes a first-time account (10004) through Update Information, then signs it in', async () => {
    const p = await page();
    await fillSignIn(p, '10004', DEMO_PASSWORD);
    await atPath(p, '/verifyData');
    await visible(p.getByRole('heading', { name: 'Update Information Form' }));
    await app.shot(p, 'verify-data');

    await p.getByLabel(/^Email/).fill('grace@piedmontframers.example');
    await p.getByLabel(/^Password/).fill('new-password-1');
    await p.getByLabel(/^Confirm Password/).fill('something-else');
    await p.getByRole('button', { name: 'Update and Login' }).click();
    await visible(p.getByText(messages.verifyData.passwordsMustMatch));

    await p.getByLabel(/^Confirm Password/).fill('new-password-1');
    await p.getByRole('button', { name: 'Update and Login' }).click();
    await atPath(p, '/');
    await visible(accountMenu(p));
    expect(await storedValue(p, 'vtoken')).toBeNull();

    // The new password is the one that works from now on.
    const again = await page();
    await fillSignIn(again, '10004', 'new-password-1');
    await atPath(again, '/');
    await visible(accountMenu(again));
  });

  it('asks a TOTP account (10007) for its code', async () => {
    const p = await page();
    await fillSignIn(p, '10007', DEMO_PASSWORD);
    await visible(p.getByRole('heading', { name: 'Two-step verification' }));
    await p.getByLabel('Authentication code').fill('000000');
    await p.getByRole('button', { name: 'Verify and sign in' }).click();
    await visible(p.getByText(messages.login.mfaInvalid));
    await app.shot(p, 'mfa-step');
    await p.getByLabel('Authentication code').fill(totp(DEMO_TOTP_SECRET));
    await p.getByRole('button', { name: 'Verify and sign in' }).click();
    await atPath(p, '/');
    await visible(accountMenu(p));
  });
});

describe('session rules', () => {
  it('signs out after the inactivity timeout and goes to Login', async () => {
    const p = await page();
    await fillSignIn(p, '10005', DEMO_PASSWORD);
    await atPath(p, '/');
    await visible(accountMenu(p));
    await p.evaluate(
      (ms) => window.localStorage.setItem('idleTime', String(Date.now() - ms - 1000)),
      IDLE_TIMEOUT_MS,
    );
    await p.reload();
    await atPath(p, '/login');
    await visible(p.getByText(messages.session.expired));
    expect(await storedValue(p, 'token')).toBeNull();
  });

  it('drops a held verification token off the verify and login screens', async () => {
    const p = await page();
    await p.goto('/login');
    await p.evaluate(() => window.localStorage.setItem('vtoken', 'left-over'));
    await p.goto('/collections');
    await atPath(p, '/');
    expect(await storedValue(p, 'vtoken')).toBeNull();
  });

  it('clears the session and goes home when the server answers 401', async () => {
    const p = await page();
    await p.goto('/');
    await p.evaluate(() => {
      window.localStorage.setItem('token', 'revoked-token');
      window.localStorage.setItem(
        'user',
        JSON.stringify({
          id: 1,
          email: null,
          name: 'x',
          accounts: [
            { Acctnum: '10001', Company: 'x', Shipvia: null, ActiveType: 'Y', terms: null, Location: 'C' },
          ],
          purchaseBlocked: false,
          mfaEnabled: false,
        }),
      );
    });
    // On load the app checks the session (GET /api/me); the server no longer knows the token.
    await p.reload();
    await p.waitForFunction(() => window.localStorage.getItem('token') === null, undefined, {
      timeout: 15_000,
    });
    await atPath(p, '/');
  });
});

describe('header search', () => {
  it('suggests products, opens one, and searches the shop on Enter', async () => {
    const p = await page();
    await p.goto('/');
    await live(p);
    const box = p.getByPlaceholder('Search by name or Item #');
    await box.fill('Ferrara');
    const option = p.getByRole('option').first();
    await visible(option);
    await app.shot(p, 'search-suggestions', { fullPage: false });
    const code = (await option.getAttribute('data-code')) ?? '';
    expect(code).toMatch(/^FER-/);
    await option.click();
    await atPath(p, `/Shop/${code}`);
    // the product opens in its details dialog, which holds the focus until it is closed
    await visible(p.getByRole('dialog'));
    await p.keyboard.press('Escape');

    await box.fill('qxjzvw');
    await visible(p.getByText('No products found'));
    await box.press('Enter');
    await p.waitForURL((u) => u.pathname === '/shop' && u.searchParams.get('nameSearch') === 'qxjzvw');
  });

  it('does nothing for empty text', async () => {
    const p = await page();
    await p.goto('/collections');
    await p.getByPlaceholder('Search by name or Item #').press('Enter');
    await painted(p);
    expect(new URL(p.url()).pathname).toBe('/collections');
  });

  it('offers six product types in Additional Filters, with Clear', async () => {
    const p = await page();
    await p.goto('/');
    await live(p);
    await p.getByRole('button', { name: 'Additional Filters' }).click();
    const radios = p.getByRole('radio');
    await visible(radios);
    expect(await radios.count()).toBe(6);
    await p.getByRole('radio', { name: 'Mats' }).check();
    await app.shot(p, 'additional-filters', { fullPage: false });
    await p.getByRole('button', { name: 'Clear' }).click();
    expect(await p.getByRole('radio', { name: 'Mats' }).isChecked()).toBe(false);
  });
});

describe('password help', () => {
  it('validates and sends the forgot-password request', async () => {
    const p = await page();
    await p.goto('/login');
    await p.getByRole('link', { name: 'Forgot your password?' }).click();
    await atPath(p, '/forgot_password');
    await p.getByLabel('Email').fill('not-an-email');
    await p.getByRole('button', { name: 'Send Password Reset Link' }).click();
    await visible(p.getByText(messages.forgotPassword.emailFormat));
    await p.getByLabel('Email').fill('nobody@nowhere.example');
    await p.getByRole('button', { name: 'Send Password Reset Link' }).click();
    await visible(p.getByText(messages.forgotPassword.notFound));
    await p.getByLabel('Email').fill('marie@crescentcityframes.example');
    await p.getByRole('button', { name: 'Send Password Reset Link' }).click();
    await visible(p.getByText(messages.forgotPassword.sent));
    await app.shot(p, 'forgot-password-sent');
  });

  it('sends an invalid reset link to Login', async () => {
    const p = await page();
    await p.goto('/reset-password/not-a-token/marie%40crescentcityframes.example');
    await atPath(p, '/login');
  });
});

describe('phone width', () => {
  it('lays out home and login at 390 × 844', async () => {
    const p = await page({ viewport: PHONE, isMobile: true, hasTouch: true });
    await p.goto('/');
    await visible(p.getByRole('heading', { level: 1, name: /framing trade/ }));
    await live(p);
    await app.shot(p, 'phone-home');
    const overflow = await p.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);

    await p.getByRole('button', { name: 'Open navigation' }).click();
    await visible(p.getByRole('dialog').getByRole('link', { name: 'Shop' }));
    await app.shot(p, 'phone-menu', { fullPage: false });
    await p.getByRole('dialog').getByRole('link', { name: 'Sign In' }).click();
    await atPath(p, '/login');
    await visible(p.getByRole('heading', { name: 'Sign In' }));
    await app.shot(p, 'phone-login');

    await fillSignIn(p, '10001', DEMO_PASSWORD);
    await atPath(p, '/');
    await visible(accountMenu(p));
    await visible(p.getByTestId('cart-button'));
    await app.shot(p, 'phone-home-signed-in', { fullPage: false });
  });
});
