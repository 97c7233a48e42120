import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { ApiClient, uniqueEmail } from '@sprout/testkit';
import { startOidcProvider } from '@sprout/testkit/oidc';
import { useFixture } from '@sprout/testkit/vitest';
import { DESKTOP, eventually, limit, useBrowser, waitForHydration, withScreenshot } from './browser';
import { useProduct } from './product';

// "Continue with Test" against a real OpenID Connect provider started here (oidc-provider on
// 127.0.0.1), on a product of this file's own with OIDC_PROVIDERS pointing at it: the sign-in page's
// button, the provider's own login page, the API's callback, /auth/complete, and the person signed
// in on /build — on a desktop and a 390 px phone, for a new person and for an existing account.

const PHONE = { viewport: { width: 390, height: 844 } };
const provider = useFixture(
  'the OIDC provider',
  () => startOidcProvider({ redirectUris: ['http://localhost/v1/auth/oidc/test/callback'] }),
  (p) => p.stop(),
);
const product = useProduct(() => ({ OIDC_PROVIDERS: `Test=${provider.issuer},${provider.clientId},${provider.clientSecret}` }));
const browser = useBrowser();
const client = () => new ApiClient(product.apiUrl);

/** From `/login` (or `/register`) through the provider's login page to the signed-in page. */
async function continueWithTest(page: Page, path: string, login: string): Promise<void> {
  await page.goto(`${product.webUrl}${path}`);
  await waitForHydration(page, '[data-testid="provider-test"]');
  const button = page.getByTestId('provider-test');
  expect(await button.textContent()).toBe('Continue with Test');
  // Full width of the form at any size.
  const [box, form] = [await button.boundingBox(), await page.locator('form').first().boundingBox()];
  expect(Math.abs(box!.width - form!.width)).toBeLessThan(2);
  await button.click();
  await page.waitForURL((u) => u.origin === provider.issuer, { timeout: limit(30_000) });
  await page.fill('#login', login);
  await page.click('#provider-sign-in');
}

/** Who the page is signed in as, from the tokens it keeps. */
const signedInAs = (page: Page) =>
  page.evaluate(() => (JSON.parse(localStorage.getItem('sprout.auth') ?? 'null') as { user?: { id: string; email: string } } | null)?.user ?? null);

describe('one-click sign-in with an OpenID Connect provider', () => {
  for (const [size, options] of [
    ['desktop', DESKTOP],
    ['phone', PHONE],
  ] as const) {
    it(`signs a new person up from /login and lands on /build, signed in (${size})`, async () => {
      const email = uniqueEmail(`oidc-${size}`);
      const login = `new-${size}`;
      provider.addPerson(login, { email, email_verified: true, name: `Oidc ${size}` });
      const context = await browser.newContext(options);
      const page = await context.newPage();
      try {
        await withScreenshot(page, `oidc-new-${size}`, async () => {
          await continueWithTest(page, '/login', login);
          await page.waitForURL((u) => u.pathname === '/build', { timeout: limit(30_000) });
          await eventually(() => signedInAs(page)).toMatchObject({ email });
          // The server session too: a server-rendered page knows the person.
          expect((await context.cookies()).some((c) => c.name === 'sprout')).toBe(true);
          expect(page.url()).not.toContain('code=');
        });
      } finally {
        await context.close();
      }
    });

    it(`signs an existing account with the same verified address in to that account, from /register (${size})`, async () => {
      const account = await client().register({ tag: `oidc-existing-${size}` });
      // Sign-up mails a verification link (to the log, without SMTP_URL); opening it verifies the address.
      await eventually(() => verificationLink(account.user.email)).toBeTruthy();
      const token = new URL(verificationLink(account.user.email)!).searchParams.get('token');
      expect((await client().call('POST', '/v1/auth/email-verification/confirm', { body: { token } })).status).toBe(200);
      const login = `existing-${size}`;
      provider.addPerson(login, { email: account.user.email.toUpperCase(), email_verified: true, name: 'Someone Else' });
      const context = await browser.newContext(options);
      const page = await context.newPage();
      try {
        await withScreenshot(page, `oidc-existing-${size}`, async () => {
          await continueWithTest(page, '/register?redirectUrl=%2Fsettings', login);
          await page.waitForURL((u) => u.pathname === '/settings', { timeout: limit(30_000) });
          await eventually(() => signedInAs(page)).toMatchObject({ id: account.user.id });
        });
      } finally {
        await context.close();
      }
    });
  }

  it('a share link opened signed out: "Continue with Test" on its sign-up page comes back to the link, to remix it', async () => {
    const owner = await client().register({ tag: 'oidc-share-owner' });
    const shared = await client().createSprout(owner.idToken, { displayName: 'Garden Planner' });
    expect((await client().call('PUT', `/v1/sprouts/${shared.id}/share`, { token: owner.idToken, body: { enabled: true } })).status).toBe(200);
    const login = 'share-visitor';
    provider.addPerson(login, { email: uniqueEmail('oidc-share'), email_verified: true, name: 'Share Visitor' });
    const context = await browser.newContext(PHONE);
    const page = await context.newPage();
    try {
      await withScreenshot(page, 'oidc-share-link', async () => {
        await page.goto(`${product.webUrl}/build/magic/${shared.id}`);
        expect(new URL(page.url()).pathname).toBe('/register');
        expect(await page.getByTestId('remix-card-name').textContent()).toBe('Garden Planner');
        await continueWithTest(page, `/register?redirectUrl=${encodeURIComponent(`/build/magic/${shared.id}`)}`, login);
        await page.waitForURL((u) => u.pathname === `/build/magic/${shared.id}`, { timeout: limit(30_000) });
        await page.getByTestId('remix-confirm').waitFor();
        expect(await page.getByTestId('magic-project-name').textContent()).toBe('Garden Planner');
      });
    } finally {
      await context.close();
    }
  });

  it('says on the sign-in page that a cancelled sign-in was cancelled', async () => {
    const context = await browser.newContext(PHONE);
    const page = await context.newPage();
    try {
      await page.goto(`${product.webUrl}/login`);
      await waitForHydration(page, '[data-testid="provider-test"]');
      await page.getByTestId('provider-test').click();
      await page.waitForURL((u) => u.origin === provider.issuer, { timeout: limit(30_000) });
      await page.click('#provider-cancel');
      await page.waitForURL((u) => u.pathname === '/login' && u.searchParams.has('oidcError'), { timeout: limit(30_000) });
      await eventually(() => page.getByTestId('provider-error').textContent()).toBe('Sign-in with Test was cancelled.');
      expect(await signedInAs(page)).toBeNull();
    } finally {
      await context.close();
    }
  });

  it('a code taken to another browser (a login CSRF) signs nobody in there', async () => {
    const login = 'csrf-attacker';
    provider.addPerson(login, { email: uniqueEmail('oidc-csrf'), email_verified: true, name: 'Attacker' });
    // The attacker's own sign-in, stopped on its way to /auth/complete: its one-use code in hand.
    const attacker = await browser.newContext(DESKTOP);
    const own = await attacker.newPage();
    let stolen: string | null = null;
    // A route sees only the request the page starts, never the redirects that follow it (Playwright
    // does not intercept redirects; a route on /auth/complete was missed now and then). So the login
    // form's POST is sent from here, and its redirects followed one by one with the browser's
    // cookies, up to the address that would complete the sign-in.
    await own.route(`${provider.issuer}/interaction/**`, async (route) => {
      if (route.request().method() !== 'POST') return route.continue();
      let response = await route.fetch({ maxRedirects: 0 });
      for (let hop = 0; hop < 10 && !stolen; hop++) {
        const location = response.headers().location;
        if (!location) break;
        const next = new URL(location, response.url()).href;
        if (next.startsWith(`${product.webUrl}/auth/complete?`)) stolen = next;
        else response = await attacker.request.get(next, { maxRedirects: 0 });
      }
      return route.abort();
    });
    await continueWithTest(own, '/login', login);
    await eventually(() => stolen).toBeTruthy();
    await attacker.close();

    // Sent to someone else: their browser never started this sign-in, so it completes nothing.
    const victim = await browser.newContext(DESKTOP);
    const page = await victim.newPage();
    try {
      await withScreenshot(page, 'oidc-login-csrf', async () => {
        await page.goto(stolen!);
        await page.getByTestId('complete-sign-in-error').waitFor();
        expect(await page.getByTestId('complete-sign-in-error').textContent()).toContain('This sign-in has expired. Please try again.');
        expect(await signedInAs(page)).toBeNull();
        expect((await victim.cookies()).some((c) => c.name === 'sprout')).toBe(false);
      });
    } finally {
      await victim.close();
    }
  });
});

/** The newest verification link the API logged for `to` (no SMTP_URL: links are in its log). */
function verificationLink(to: string): string | undefined {
  let link: string | undefined;
  for (const line of product.api.logs().split('\n')) {
    if (!line.includes('"email_verification_link"')) continue;
    const entry = JSON.parse(line) as { event?: string; to?: string; link?: string };
    if (entry.event === 'email_verification_link' && entry.to === to && entry.link) link = entry.link;
  }
  return link;
}
