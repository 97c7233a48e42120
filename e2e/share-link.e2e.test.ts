import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { Tally } from '@sprout/testkit/vitest';
import { asPerson, useBrowser } from './browser';
import { apiCall, registerViaApi, webUrl } from './product';

// Share links (/build/magic/{id}) followed from another site ask before they copy (issue 18 §5); a
// link inside Sprout copies at once. Counted in the security tally with the other CSRF cases.

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
  it('a share link followed from another site asks before it copies, even after the page renders again; from Sprout it copies at once', async () => {
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
      // A later server render is a same-origin request: it must not turn this visit into one from Sprout.
      await serverRenderAgain(page);
      await page.getByTestId('remix-confirm').waitFor();
      csrf.check((await projects()).length === 0, 'a cross-site share link made a copy without a click');
      await page.getByTestId('remix-button').click();
      await page.waitForURL((u) => u.pathname.startsWith('/build/') && !u.pathname.startsWith('/build/magic/'));
      expect(await projects()).toHaveLength(1);

      // A link inside Sprout (a navigation from a Sprout page) copies without asking.
      const other = await sharedProject(owner, 'Second shared');
      const firstCopy = new URL(page.url()).pathname;
      await page.evaluate((href) => {
        location.href = href;
      }, `/build/magic/${other}`);
      await page.waitForURL((u) => u.pathname.startsWith('/build/') && !u.pathname.startsWith('/build/magic/') && u.pathname !== firstCopy);
      expect(await projects()).toHaveLength(2);
    });
    csrf.assertClean();
  });
});
