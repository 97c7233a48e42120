import { describe, expect, it } from 'vitest';
import type { Page, Route } from 'playwright-core';
import { createFailureMessage } from '@sprout/core';
import type { Sprout } from '@sprout/core/contract';
import { ApiClient } from '@sprout/testkit';
import { asPerson, DESKTOP, eventually, settle, useBrowser, waitForHydration, withScreenshot } from './browser';
import { apiCall, apiUrl, createSproutsViaApi, registerViaApi, staffAccount, useProduct, webUrl } from './product';

// Product texts and rules nothing else exercises in a browser (docs/architecture.md#product-rules):
// the create-failure toast, the session endpoints' errors, usage read again after create and
// unpublish, the query cache's lifetime and focus rule, and the routing history.

const browser = useBrowser();
// Its own web server, whose session endpoints are broken on purpose: login answers 404 (no such
// route), logout is not configured (`none`).
const broken = useProduct({ AUTH_LOGIN_ENDPOINT: '/api/no-such-login', AUTH_LOGOUT_ENDPOINT: 'none' });

/** Answers POST /v1/sprouts with `status` and `body` (the server's side of a failed create), CORS like the API. */
async function failCreates(page: Page, status: number, body: string): Promise<void> {
  await page.route(`${apiUrl()}/v1/sprouts`, (route) =>
    route.request().method() !== 'POST'
      ? route.continue()
      : route.fulfill({ status, headers: { 'access-control-allow-origin': webUrl() }, contentType: 'application/json', body }),
  );
}

describe('the create-failure toast', () => {
  it('shows the server’s message, else the fallback with the support address, and is dismissed by a click', async () => {
    const account = await registerViaApi('create-fail');
    await asPerson(browser, account, { shot: 'spec-create-failure', ...DESKTOP }, async (page) => {
      await failCreates(page, 500, JSON.stringify({ code: 'internal', message: 'The database is busy. Try again in a minute.' }));
      await page.goto(`${webUrl()}/build`);
      await waitForHydration(page, '[data-testid="new-project"]');
      // "New project" asks what to build; the project is created with it.
      await page.getByTestId('new-project').click();
      const dialog = page.getByTestId('new-project-dialog');
      await dialog.getByTestId('prompt-input').fill('A reading list');
      await dialog.getByTestId('prompt-send').click();
      const toast = page.getByTestId('create-error-toast');
      await toast.waitFor();
      expect(await toast.textContent()).toContain('The database is busy. Try again in a minute.');
      await toast.click();
      await toast.waitFor({ state: 'detached' });

      await page.unrouteAll({ behavior: 'wait' });
      await failCreates(page, 503, '{}');
      // The prompt is still in the box: sending again is one click.
      expect(await dialog.getByTestId('prompt-input').inputValue()).toBe('A reading list');
      await dialog.getByTestId('prompt-send').click();
      await toast.waitFor();
      expect(await toast.textContent()).toContain(createFailureMessage('support@sprout.localhost'));
      expect(new URL(page.url()).pathname).toBe('/build');
    });
  });
});

describe('the session endpoints', () => {
  it('says what the login endpoint answered, and that an unconfigured logout endpoint is invalid config', async () => {
    const account = await new ApiClient(broken.apiUrl).register({ tag: 'endpoints' });
    const context = await browser.newContext(DESKTOP);
    const page = await context.newPage();
    await withScreenshot(page, 'spec-session-endpoints', async () => {
      await page.goto(`${broken.webUrl}/login`);
      await waitForHydration(page, '[data-testid="login-submit"]');
      await page.fill('#email', account.user.email);
      await page.fill('#password', account.password);
      await page.getByTestId('login-submit').click();
      await page.getByTestId('form-error').waitFor();
      expect(await page.getByTestId('form-error').textContent()).toBe('Received 404 response from login API endpoint');
      await page.getByTestId('session-sync-error').waitFor();

      // The browser is signed in all the same; signing out asks the logout endpoint, which is not configured.
      await page.goto(`${broken.webUrl}/pricing`);
      await waitForHydration(page, '[data-testid="user-menu"]');
      await page.getByTestId('user-menu').click();
      await page.getByTestId('sign-out').click();
      await eventually(() => page.getByTestId('session-sync-error').textContent()).toBe('Invalid config.');
    });
    await context.close();
  });
});

/** Every request's method and path in order, and each response's, to tell what came after what. */
function recordTraffic(page: Page): string[] {
  const log: string[] = [];
  page.on('request', (r) => log.push(`> ${r.method()} ${new URL(r.url()).pathname}`));
  page.on('response', (r) => log.push(`< ${r.request().method()} ${new URL(r.url()).pathname} ${r.status()}`));
  return log;
}
const after = (log: string[], first: RegExp, then: RegExp) => log.slice(log.findIndex((l) => first.test(l)) + 1).some((l) => then.test(l));

describe('usage is read again after create and after unpublish', () => {
  it('asks {usage host}/usage after the project is created, and after it is unpublished', async () => {
    const account = await registerViaApi('usage-refresh');
    const [published] = await createSproutsViaApi(account, ['Live app']);
    expect((await apiCall<Sprout>('POST', `/build/v1/sprouts/${published!.id}/publish`, account.idToken)).status).toBe(200);
    await asPerson(browser, account, { shot: 'spec-usage-refresh', ...DESKTOP }, async (page) => {
      const log = recordTraffic(page);
      await page.goto(`${webUrl()}/build`);
      await waitForHydration(page, '[data-testid="new-project"]');
      await page.getByTestId('new-project').click();
      await page.getByTestId('new-project-dialog').getByTestId('prompt-input').fill('A reading list');
      await page.getByTestId('new-project-dialog').getByTestId('prompt-send').click();
      await page.waitForURL((u) => /^\/build\/[a-z0-9]+$/.test(u.pathname));
      expect(after(log, /^< POST \/v1\/sprouts 201$/, /^> GET \/usage$/), log.join('\n')).toBe(true);

      await page.goto(`${webUrl()}/build`);
      const row = page.locator(`[data-testid="project-row"][data-project-id="${published!.id}"]`);
      await waitForHydration(page, `[data-testid="project-row"][data-project-id="${published!.id}"] [data-testid="project-actions"]`);
      log.length = 0;
      await row.getByTestId('project-actions').click();
      await page.getByTestId('action-unpublish').click();
      await page.getByTestId('confirm-unpublish').click();
      await row.getByTestId('published-badge').waitFor({ state: 'detached' });
      await eventually(() => after(log, /^< (PATCH|DELETE) \/(v1|build\/v1)\/sprouts\/[a-z0-9]+(\/publish)? 200$/, /^> GET \/usage$/)).toBe(true);
    });
  });
});

describe('the query cache and the routing history', () => {
  it('keeps data for 24 hours, not longer, and does not refetch when the window regains focus', async () => {
    const staff = await staffAccount();
    await asPerson(browser, staff, { shot: 'spec-query-cache', ...DESKTOP }, async (page) => {
      await page.clock.install();
      const held: Route[] = [];
      let holding = false;
      let asked = 0;
      await page.route(`${apiUrl()}/v1/admin/people?*`, (route) => {
        if (route.request().method() !== 'GET') return route.continue();
        asked += 1;
        return holding ? void held.push(route) : route.continue();
      });
      const release = async () => {
        holding = false;
        for (const r of held.splice(0)) await r.continue();
      };
      const list = page.getByTestId('admin-people');
      await page.goto(`${webUrl()}/admin`);
      await list.waitFor();
      await settle(page);
      const first = asked;

      // Stale (past its 30 s) and the window comes back into focus: no new request.
      await page.clock.fastForward('05:00');
      await page.evaluate(() => {
        document.dispatchEvent(new Event('visibilitychange'));
        window.dispatchEvent(new Event('focus'));
      });
      await page.clock.runFor(2000);
      expect(asked).toBe(first);

      // Away for 23 hours: the list shows at once from the cache while it is asked for again.
      await page.getByTestId('admin-nav-flags').click();
      await page.getByTestId('admin-flags').waitFor();
      holding = true;
      await page.clock.fastForward('23:00:00');
      await page.getByTestId('admin-nav-people').click();
      await list.waitFor();
      await eventually(() => held.length).toBe(1);
      await release();
      // The answer must have reached the cache before the list is left: a fetch still running then
      // would be the one the next visit joins (no new request), and the cache keeps a query that is
      // fetching. The search button is disabled while the list is being fetched.
      await eventually(() => page.getByTestId('admin-search').isEnabled()).toBe(true);

      // Away for more than 24 hours: the cache let it go, so nothing shows until the answer comes.
      await page.getByTestId('admin-nav-flags').click();
      await page.getByTestId('admin-flags').waitFor();
      holding = true;
      await page.clock.fastForward('24:01:00');
      await page.getByTestId('admin-nav-people').click();
      await eventually(() => held.length).toBe(1);
      expect(await list.count()).toBe(0);
      await page.locator('[aria-label="Searching"]').waitFor();
      await release();
      await list.waitFor();
    });
  });

  it('keeps the last 10 routes, and the project page’s back button goes to the one before it', async () => {
    const account = await registerViaApi('history');
    const [project] = await createSproutsViaApi(account, ['History app']);
    const routes = [
      '/terms',
      '/privacy',
      '/press',
      '/pricing',
      '/settings',
      '/settings/billing',
      '/build',
      '/pricing?from=a',
      '/terms?x=1',
      '/press?y=2',
      '/privacy?z=3',
      '/settings',
    ];
    await asPerson(browser, account, { shot: 'spec-route-history', ...DESKTOP }, async (page) => {
      for (const route of routes) {
        await page.goto(`${webUrl()}${route}`);
        await eventually(() => page.evaluate(() => JSON.parse(sessionStorage.getItem('sprout.routeHistory') ?? '[]').at(-1))).toBe(route);
      }
      const history = await page.evaluate(() => JSON.parse(sessionStorage.getItem('sprout.routeHistory') ?? '[]') as string[]);
      expect(history).toEqual(routes.slice(-10));
      expect(history).not.toContain('/privacy');

      await page.goto(`${webUrl()}/build/${project!.id}`);
      await waitForHydration(page, '[data-testid="back-button"]');
      await page.getByTestId('back-button').click();
      await page.waitForURL((u) => u.pathname === '/settings');
    });
  });
});
