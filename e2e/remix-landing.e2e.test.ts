import { beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import type { Sprout } from '@sprout/core/contract';
import { waitUntil } from '@sprout/testkit';
import { DESKTOP, eventually, limit, useBrowser, waitForHydration, withScreenshot } from './browser';
import { apiCall, registerViaApi, uniqueEmail, webUrl, type TestAccount } from './product';

// A share link (/build/magic/{id}) opened signed out: the sign-up page, which says what is about to
// be remixed (the project's name and picture, in the server's HTML), sign-up, and back on the link
// to "Remix this project?"; a browser that has had an account goes to sign-in, with the same card.

const browser = useBrowser();
const PHONE = { viewport: { width: 390, height: 844 } };

let owner: TestAccount;
let pictured: { id: string; name: string };

async function share(id: string): Promise<void> {
  expect((await apiCall('PUT', `/v1/sprouts/${id}/share`, owner.idToken, { enabled: true })).status).toBe(200);
}

beforeAll(async () => {
  owner = await registerViaApi('remix-landing-owner');
  const made = await apiCall<Sprout>('POST', '/v1/sprouts', owner.idToken, { displayName: 'Team Standup Board' });
  // A build with the offline builder: the server renders it in its browser and keeps its picture.
  const sent = await apiCall<{ runId: string }>('POST', `/build/v1/sprouts/${made.json.id}/messages`, owner.idToken, { text: 'A team standup board' });
  expect(sent.status).toBe(202);
  // Polled with waitUntil (expect.poll runs inside tests only) until the run ends, however it ends.
  const status = await waitUntil(
    async () => {
      const run = (await apiCall<{ status: string }>('GET', `/build/v1/runs/${sent.json.runId}`, owner.idToken)).json.status;
      return run === 'running' ? null : run;
    },
    { what: 'the owner’s build to end', timeout: 120_000 },
  );
  expect(status).toBe('succeeded');
  const built = (await apiCall<Sprout>('GET', `/v1/sprouts/${made.json.id}`, owner.idToken)).json;
  await share(built.id);
  // The build may have named the project from its plan: the card shows whatever the name is now.
  pictured = { id: built.id, name: built.displayName };
});

const linkPath = (id: string) => `/build/magic/${id}`;

/** Opens the share link in `page` and waits for the auth page it lands on; returns that page's server HTML. */
async function openLinkSignedOut(page: Page, id: string, lands: '/register' | '/login'): Promise<string> {
  const res = await page.goto(`${webUrl()}${linkPath(id)}`);
  const url = new URL(page.url());
  expect(url.pathname).toBe(lands);
  expect(url.searchParams.get('redirectUrl')).toBe(linkPath(id));
  return res!.text();
}

/** The card says "{action} to remix {name}" with the picture loaded, inside the viewport. */
async function expectPicturedCard(page: Page, action: string, width: number): Promise<void> {
  const card = page.getByTestId('remix-card');
  expect(await card.getAttribute('data-project-id')).toBe(pictured.id);
  expect((await card.textContent())!.replace(/\s+/g, ' ')).toContain(`${action} to remix ${pictured.name}`);
  const picture = page.getByTestId('remix-card-picture');
  expect(await picture.getAttribute('alt')).toBe(`Picture of ${pictured.name}`);
  await eventually(() => picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  const box = (await card.boundingBox())!;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(width);
  // Nothing on the page is wider than the screen.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
}

async function withContext<T>(options: typeof DESKTOP, shot: string, steps: (page: Page, context: BrowserContext) => Promise<T>): Promise<T> {
  const context = await browser.newContext(options);
  const page = await context.newPage();
  try {
    return await withScreenshot(page, shot, () => steps(page, context));
  } finally {
    await context.close();
  }
}

describe('a share link opened signed out', () => {
  for (const [size, options] of [
    ['desktop', DESKTOP],
    ['phone', PHONE],
  ] as const) {
    it(`lands on sign-up with the project's name and picture, signs up and comes back to remix it (${size})`, async () => {
      const width = options.viewport.width;
      await withContext(options, `remix-landing-${size}`, async (page, context) => {
        const html = await openLinkSignedOut(page, pictured.id, '/register');
        // In the server's HTML: the card is there at first paint, not after a fetch.
        expect(html).toContain('data-testid="remix-card-picture"');
        expect(html).toContain(`/v1/magic/${pictured.id}/picture`);
        expect(await page.locator('h1').textContent()).toBe('Create your account');
        await expectPicturedCard(page, 'Sign up', width);
        // The card leaves the form's button on the first screen, on a phone too.
        const submit = (await page.getByTestId('register-submit').boundingBox())!;
        expect(submit.y + submit.height).toBeLessThanOrEqual(options.viewport.height);

        // "Sign in" keeps the way back, and the sign-in page shows the same project; "Create one" returns, by keyboard.
        await waitForHydration(page, '[data-testid="go-login"]');
        await page.getByTestId('go-login').click();
        await page.waitForURL((u) => u.pathname === '/login' && u.searchParams.get('redirectUrl') === linkPath(pictured.id));
        await page.getByTestId('remix-card').waitFor();
        await expectPicturedCard(page, 'Sign in', width);
        await waitForHydration(page, '[data-testid="go-register"]');
        await page.getByTestId('go-register').focus();
        await page.keyboard.press('Enter');
        await page.waitForURL((u) => u.pathname === '/register' && u.searchParams.get('redirectUrl') === linkPath(pictured.id));
        await page.getByTestId('remix-card').waitFor();

        await waitForHydration(page, '[data-testid="register-submit"]');
        await page.fill('#displayName', `Remixer ${size}`);
        await page.fill('#email', uniqueEmail(`remix-landing-${size}`));
        await page.fill('#password', 'correct horse battery');
        await page.press('#password', 'Enter');
        // Back on the link, which asks before it copies (the Remix click was not made in this tab).
        await page.waitForURL((u) => u.pathname === linkPath(pictured.id), { timeout: limit(30_000) });
        await page.getByTestId('remix-confirm').waitFor();
        expect(await page.getByTestId('magic-project-name').textContent()).toBe(pictured.name);
        await page.getByTestId('remix-button').click();
        await page.waitForURL((u) => /^\/build\/[a-z0-9]+$/.test(u.pathname) && u.pathname !== `/build/${pictured.id}`, { timeout: limit(30_000) });
        // The browser now counts as one with an account (for the server too).
        expect((await context.cookies()).some((c) => c.name === 'sprout_known' && c.value === '1' && c.httpOnly)).toBe(true);
      });
    });
  }

  it('sends a browser that has had an account to sign-in, with the card; its "Create one" keeps the way back', async () => {
    await withContext(DESKTOP, 'remix-landing-returning', async (page, context) => {
      await context.addCookies([{ name: 'sprout_known', value: '1', url: webUrl(), httpOnly: true, secure: true, sameSite: 'Lax' }]);
      const html = await openLinkSignedOut(page, pictured.id, '/login');
      expect(html).toContain('data-testid="remix-card"');
      expect(await page.locator('h1').textContent()).toBe('Welcome back');
      await expectPicturedCard(page, 'Sign in', DESKTOP.viewport.width);
      const createOne = new URL((await page.getByTestId('go-register').getAttribute('href'))!, webUrl());
      expect([createOne.pathname, createOne.searchParams.get('redirectUrl')]).toEqual(['/register', linkPath(pictured.id)]);
    });
  });

  it('draws a placeholder for a project without a picture, and shows nothing of a project that is not shared', async () => {
    const plain = (await apiCall<Sprout>('POST', '/v1/sprouts', owner.idToken, { displayName: 'Not Built Yet' })).json;
    await share(plain.id);
    const hidden = (await apiCall<Sprout>('POST', '/v1/sprouts', owner.idToken, { displayName: 'Private Plans' })).json;
    await withContext(PHONE, 'remix-landing-placeholder', async (page) => {
      await openLinkSignedOut(page, plain.id, '/register');
      const placeholder = page.getByTestId('remix-card-placeholder');
      expect(await placeholder.getAttribute('aria-label')).toBe('Not Built Yet has no picture yet');
      expect(await page.getByTestId('remix-card-picture').count()).toBe(0);
      expect(await page.getByTestId('remix-card-name').textContent()).toBe('Not Built Yet');

      // Not shared: the link still goes to sign-up (nobody learns whether it exists), with no card and no name.
      const html = await openLinkSignedOut(page, hidden.id, '/register');
      expect(html).not.toContain('Private Plans');
      expect(await page.getByTestId('remix-card').count()).toBe(0);
      expect(await page.locator('main').textContent()).toContain('Describe an idea, get a working app.');
    });
  });
});
