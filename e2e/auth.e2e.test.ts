import { describe, expect, it } from 'vitest';
import type { Response } from 'playwright-core';
import { deriveRefreshToken } from '@sprout/core';
import { settle, signIn, useBrowser, waitForHydration } from './browser';
import { api, apiCall, refreshAccount, registerViaApi, staffAccount, uniqueEmail, webUrl } from './product';

const browser = useBrowser();

describe('register and sign in', () => {
  it('registers through the form, lands on /build and gets the session cookie with the right attributes', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(`${webUrl()}/register`);
    await page.fill('#displayName', 'Ada');
    await page.fill('#email', uniqueEmail('reg'));
    await page.fill('#password', 'correct horse battery');
    await page.click('[data-testid="register-submit"]');
    await page.waitForURL(`${webUrl()}/build`);
    const cookie = (await context.cookies()).find((c) => c.name === 'sprout');
    expect(cookie).toBeDefined();
    expect(cookie).toMatchObject({ httpOnly: true, secure: true, sameSite: 'Lax', path: '/' });
    const days = (cookie!.expires * 1000 - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(11.9);
    expect(days).toBeLessThanOrEqual(12);
    await context.close();
  });

  it('shows field errors and keeps the form usable', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(`${webUrl()}/register`);
    await page.fill('#displayName', 'Bob');
    await page.fill('#email', uniqueEmail('short'));
    await page.fill('#password', 'short');
    await page.click('[data-testid="register-submit"]');
    await expect.poll(() => page.textContent('[data-testid="password-error"]')).toBe('Password must be at least 10 characters.');
    expect(page.url()).toBe(`${webUrl()}/register`);

    await page.goto(`${webUrl()}/login`);
    await page.fill('#email', uniqueEmail('nobody'));
    await page.fill('#password', 'wrong password 1');
    await page.click('[data-testid="login-submit"]');
    await expect.poll(() => page.textContent('[data-testid="form-error"]')).toBe('Incorrect email or password.');
    await context.close();
  });

  it('offers "Sign in instead" for an email that has an account, with the email filled in and the prompt kept', async () => {
    const account = await registerViaApi('taken');
    const context = await browser.newContext();
    const page = await context.newPage();
    const prompt = 'A plant watering log';
    await page.goto(`${webUrl()}/register?redirectUrl=%2F&prompt=${encodeURIComponent(prompt)}`);
    await waitForHydration(page, '[data-testid="register-submit"]');
    await page.fill('#displayName', 'Taken');
    await page.fill('#email', account.user.email);
    await page.fill('#password', 'correct horse battery');
    await page.click('[data-testid="register-submit"]');
    await expect.poll(() => page.textContent('[data-testid="email-error"]')).toBe('An account with this email already exists.');
    await page.getByTestId('sign-in-instead').click();
    await page.waitForURL((u) => u.pathname === '/login');
    expect(new URL(page.url()).searchParams.get('prompt')).toBe(prompt);
    // The email is in the field (not in the address), and the caret waits in the password field.
    expect(page.url()).not.toContain(encodeURIComponent(account.user.email));
    await expect.poll(() => page.inputValue('#email')).toBe(account.user.email);
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('password');
    await page.keyboard.type(account.password);
    await page.keyboard.press('Enter');
    await page.waitForURL((u) => u.pathname === '/init-project' || u.pathname.startsWith('/build/'));
    await context.close();
  });

  it('sends a signed-out visitor of a protected page to /login with the address as redirectUrl, and back after sign-in', async () => {
    const account = await registerViaApi('back');
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(`${webUrl()}/settings`);
    await page.waitForURL((u) => u.pathname === '/login');
    expect(new URL(page.url()).searchParams.get('redirectUrl')).toBe('/settings');
    await page.fill('#email', account.user.email);
    await page.fill('#password', account.password);
    await page.click('[data-testid="login-submit"]');
    await page.waitForURL(`${webUrl()}/settings`);
    await context.close();
  });
});

describe('sign-in redirect allow-list', () => {
  const cases: [string, (url: URL) => boolean, boolean][] = [
    ['ALLOWED', (u) => u.pathname === '/pricing', false],
    ['https://evil.example.com/phish', (u) => u.pathname === '/build', true],
    ['//evil.example.com/phish', (u) => u.pathname === '/build', true],
    ['javascript:alert(document.cookie)', (u) => u.pathname === '/build', true],
    ['https://localhost:3000.evil.example.com/', (u) => u.pathname === '/build', true],
  ];

  it.each(cases)('redirectUrl %s', async (target, check, warns) => {
    const account = await registerViaApi('redir');
    const context = await browser.newContext();
    const page = await context.newPage();
    const warnings: string[] = [];
    page.on('console', (m) => {
      if (m.type() === 'warning') warnings.push(m.text());
    });
    const redirectUrl = target === 'ALLOWED' ? `${webUrl()}/pricing` : target;
    await page.goto(`${webUrl()}/login?redirectUrl=${encodeURIComponent(redirectUrl)}`);
    await page.fill('#email', account.user.email);
    await page.fill('#password', account.password);
    await page.click('[data-testid="login-submit"]');
    await page.waitForURL((u) => u.pathname !== '/login');
    const url = new URL(page.url());
    expect(url.origin).toBe(webUrl());
    expect(check(url)).toBe(true);
    const warning = warnings.find((w) => w.startsWith('Redirect destination host must be one of'));
    if (warns) expect(warning).toMatch(/^Redirect destination host must be one of localhost:3000, localhost:8888, .+\.$/);
    else expect(warning).toBeUndefined();
    await context.close();
  });
});

describe('session endpoints', () => {
  it('refuse cross-site requests and bad tokens', async () => {
    const res = await fetch(`${webUrl()}/api/login`, { method: 'POST', headers: { origin: 'https://evil.example.com', authorization: 'Bearer x' } });
    expect(res.status).toBe(403);
    const bad = await fetch(`${webUrl()}/api/login`, { method: 'POST', headers: { origin: webUrl(), authorization: 'Bearer not-a-token' } });
    expect(bad.status).toBe(401);
    const none = await fetch(`${webUrl()}/api/logout`, { method: 'POST' });
    expect(none.status).toBe(403);
  });

  it('sign-out clears the cookie', async () => {
    const account = await registerViaApi('out');
    const context = await browser.newContext();
    const page = await signIn(context, account);
    await page.goto(`${webUrl()}/build`);
    await page.click('[data-testid="user-menu"]');
    await page.click('[data-testid="sign-out"]');
    await page.waitForURL(`${webUrl()}/`);
    await expect.poll(async () => (await context.cookies()).some((c) => c.name === 'sprout')).toBe(false);
    await context.close();
  });
});

describe('token refresh', () => {
  it('keeps the person signed in when a refresh answer is lost after the server rotated the token', async () => {
    const account = await registerViaApi('refresh');
    const context = await browser.newContext();
    const page = await signIn(context, account);
    const stored = () =>
      page.evaluate(() => JSON.parse(localStorage.getItem('sprout.auth')!) as { idToken: string; refreshToken: string; expiresAt: number; pending?: string[] });
    const expireSoon = () =>
      page.evaluate(() =>
        localStorage.setItem('sprout.auth', JSON.stringify({ ...JSON.parse(localStorage.getItem('sprout.auth')!), expiresAt: Date.now() + 1000 })),
      );

    // The first refresh the server accepts rotates the token, but its answer never reaches the page;
    // any later one is lost before it reaches the server (how many the page sends is its own
    // business). A refresh the server refuses is answered as the server answered it: the page may
    // first present a token it proposed in an earlier refresh that was cut short before it reached
    // the server, which the server never saw (once in a suite run the first request was such a
    // token, and the test took the server's 401 for the rotation). One request at a time, in the
    // order they came: deciding which is the first must not span an await.
    let proposed: string | undefined;
    let turn = Promise.resolve();
    await context.route('**/v1/auth/refresh', async (route) => {
      const previous = turn;
      let done!: () => void;
      turn = new Promise((resolve) => (done = resolve));
      await previous;
      try {
        if (proposed !== undefined) return await route.abort('connectionreset');
        const body = route.request().postDataJSON() as { refreshToken: string; nextRefreshToken: string };
        const answer = await route.fetch();
        if (answer.status() !== 200) return await route.fulfill({ response: answer });
        proposed = await deriveRefreshToken(body.refreshToken, body.nextRefreshToken);
        await route.abort('connectionreset');
      } finally {
        done();
      }
    });
    await expireSoon();
    await page.goto(`${webUrl()}/build`);
    await expect.poll(() => proposed).toBeDefined();
    await expect.poll(async () => (await stored()).pending ?? []).toContain(proposed);
    expect((await stored()).refreshToken).toBe(account.refreshToken);

    // The next page load refreshes again, this time with the token it proposed: still signed in.
    await context.unroute('**/v1/auth/refresh');
    await expireSoon();
    await page.goto(`${webUrl()}/build`);
    await expect.poll(async () => (await stored()).refreshToken).not.toBe(account.refreshToken);
    const after = await stored();
    expect(after.pending ?? []).toEqual([]);
    expect((await apiCall('GET', '/v1/me', after.idToken)).status).toBe(200);
    await page.getByTestId('user-menu').waitFor();
    await context.close();
  });
});

describe('developer toolbar', () => {
  it('is shown only to course engineers, and its code is only sent to them', async () => {
    const admin = await staffAccount();
    const plain = await registerViaApi('plain');
    const engineer = await registerViaApi('engineer');
    expect((await apiCall('PUT', `/v1/admin/users/${engineer.user.id}/roles`, admin.idToken, { roles: ['course_engineer'] })).status).toBe(200);

    const plainContext = await browser.newContext();
    await signIn(plainContext, plain);
    // A page of its own: the sign-in page's late (idle-loaded) scripts must not be counted, since
    // their bodies are gone once it navigates away.
    const plainPage = await plainContext.newPage();
    const scripts: Promise<string>[] = [];
    const collect = (r: Response) => {
      if (r.url().endsWith('.js')) scripts.push(r.text());
    };
    plainPage.on('response', collect);
    await plainPage.goto(`${webUrl()}/build`);
    await settle(plainPage);
    // Stop collecting before the bodies are read: code the page loads later, when idle (menus, toaster,
    // progress bar), would otherwise be read after the context has closed.
    plainPage.off('response', collect);
    // Not only hidden: none of the JavaScript this user downloaded contains the toolbar.
    expect(scripts.length).toBeGreaterThan(0);
    for (const text of await Promise.all(scripts)) expect(text).not.toContain('Developer toolbar');
    expect(await plainPage.locator('[data-testid="dev-toolbar"]').count()).toBe(0);
    expect(await plainPage.content()).not.toContain('Developer toolbar');
    await plainContext.close();

    const devContext = await browser.newContext();
    const devPage = await signIn(devContext, await refreshAccount(engineer));
    await devPage.goto(`${webUrl()}/build`);
    await devPage.click('[data-testid="dev-toolbar"]');
    await expect.poll(() => devPage.textContent('[data-testid="dev-roles"]')).toBe('course_engineer');
    expect(await devPage.textContent('[data-testid="dev-user-id"]')).toBe(engineer.user.id);
    await devContext.close();
  });
});
