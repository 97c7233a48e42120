import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { Tally } from '@sprout/testkit/vitest';
import { asPerson, limit, upgradeThroughTestCheckout, useBrowser } from './browser';
import { apiCall, createSproutsViaApi, registerViaApi, webUrl } from './product';

// Share links (/build/magic/{id}) ask before they copy unless this tab's Remix button started the
// copy: another site must not spend the person's quota with a link (docs/architecture.md#screens-and-routes).
// The Remix button's click lasts until the copy is made, through a plan limit and an upgrade on the
// way. Counted in the security tally with the other CSRF cases; the sign-in page's redirect to a
// share link is in cross-site-actions-security.e2e.test.ts.

const browser = useBrowser();
const csrf = new Tally('CSRF (web routes)');

async function sharedProject(owner: { idToken: string }, displayName: string): Promise<string> {
  const made = await apiCall<{ id: string }>('POST', '/v1/sprouts', owner.idToken, { displayName });
  expect((await apiCall('PUT', `/v1/sprouts/${made.json.id}/share`, owner.idToken, { enabled: true })).status).toBe(200);
  return made.json.id;
}

/** Asks the page's router to render the server parts again, as a token refresh does, and waits for that render. */
async function serverRenderAgain(page: Page): Promise<void> {
  const rendered = page.waitForResponse((r) => r.request().headers()['rsc'] === '1' && r.url().includes('/build/magic/'));
  await page.evaluate(() => (window as unknown as { next: { router: { refresh(): void } } }).next.router.refresh());
  expect((await rendered).status()).toBe(200);
}

describe('share links and other sites', () => {
  it('a share link followed from another site asks before it copies, even after the page renders again', async () => {
    const owner = await registerViaApi('share-owner');
    const shared = await sharedProject(owner, 'Shared thing');
    const visitor = await registerViaApi('share-visitor');
    const projects = async () => (await apiCall<unknown[]>('GET', '/v1/sprouts', visitor.idToken)).json;

    await asPerson(browser, visitor, { shot: 'share-link-cross-site' }, async (page, context) => {
      await context.route('http://evil.example/**', (route) =>
        route.fulfill({ contentType: 'text/html', body: `<a id=go href="${webUrl()}/build/magic/${shared}">free app</a>` }),
      );
      await page.goto('http://evil.example/share');
      await page.click('#go');
      await page.getByTestId('remix-confirm').waitFor();
      expect(await page.getByTestId('remix-confirm').textContent()).toContain('Remix this project?');
      // A later server render (a token refresh) must not turn this visit into one that copies.
      await serverRenderAgain(page);
      await page.getByTestId('remix-confirm').waitFor();
      csrf.check((await projects()).length === 0, 'a cross-site share link made a copy without a click');
      await page.getByTestId('remix-button').click();
      await page.waitForURL((u) => u.pathname.startsWith('/build/') && !u.pathname.startsWith('/build/magic/'));
      expect(await projects()).toHaveLength(1);
    });
    csrf.assertClean();
  });

  it('Remix at the plan’s project limit: the paywall, an upgrade, and back on the link the copy is made without another click', async () => {
    const owner = await registerViaApi('share-owner-limit');
    const shared = await sharedProject(owner, 'Worth the upgrade');
    const visitor = await registerViaApi('share-visitor-limit');
    await createSproutsViaApi(visitor, ['One', 'Two', 'Three', 'Four', 'Five']);
    const projects = async () => (await apiCall<{ id: string }[]>('GET', '/v1/sprouts', visitor.idToken)).json;

    await asPerson(browser, visitor, { shot: 'share-link-remix-upgrade' }, async (page) => {
      await page.goto(`${webUrl()}/build/magic/${shared}`);
      await page.getByTestId('remix-confirm').waitFor();
      await page.getByTestId('remix-button').click();
      await page.getByTestId('paywall').waitFor();
      expect(await page.getByTestId('paywall').getAttribute('data-source')).toBe('project_limit_reached');
      const before = new Set((await projects()).map((p) => p.id));
      expect(before.size).toBe(5);

      await upgradeThroughTestCheckout(page, 'tier-1');
      // The checkout returns to the share link, which finishes what the click started.
      await page.waitForURL((u) => /^\/build\/[a-z0-9]+$/.test(u.pathname) && !before.has(u.pathname.slice('/build/'.length)), { timeout: limit(60_000) });
      expect(await projects()).toHaveLength(6);
    });
  });
});
