import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { ErrorBody, Sprout, Usage } from '@sprout/core/contract';
import { asPerson, eventually, signedInContext, useBrowser, waitForHydration, withScreenshot } from './browser';
import { apiCall, apiUrl, createSproutsViaApi, registerViaApi, type TestAccount, webUrl } from './product';

const browser = useBrowser();

/** A free account at its project limit (5 projects). */
async function accountAtProjectLimit(): Promise<TestAccount> {
  const account = await registerViaApi('paywall');
  await createSproutsViaApi(account, ['One', 'Two', 'Three', 'Four', 'Five']);
  const usage = await apiCall<Usage>('GET', '/usage', account.idToken);
  expect(usage.json.projects).toEqual({ limit: 5, used: 5, available: 0 });
  // The server refuses a sixth.
  const sixth = await apiCall<ErrorBody>('POST', '/v1/sprouts', account.idToken, {});
  expect(sixth.status).toBe(402);
  expect(sixth.json.code).toBe('project_limit_reached');
  return account;
}

async function sendPrompt(page: Page, text: string): Promise<void> {
  await waitForHydration(page, '[data-testid="prompt-send"]');
  await page.getByTestId('prompt-input').fill(text);
  await page.getByTestId('prompt-send').click();
}

const paywall = (page: Page) => page.getByTestId('paywall');

describe('paywall at the project limit', () => {
  it('opens in place with ?modal=paywall-projects, survives a reload, and closing removes the parameter', async () => {
    const account = await accountAtProjectLimit();
    await asPerson(browser, account, { shot: 'paywall-projects' }, async (page) => {
      await page.goto(`${webUrl()}/`);
      await page.evaluate(() => {
        (window as unknown as { __e2eMarker: string }).__e2eMarker = 'same document';
      });
      await sendPrompt(page, 'A sixth project that does not fit the free plan');

      await paywall(page).waitFor();
      expect(await paywall(page).getAttribute('data-source')).toBe('project_limit_reached');
      const url = new URL(page.url());
      expect(url.pathname).toBe('/');
      expect(url.searchParams.get('modal')).toBe('paywall-projects');
      // history.replaceState, not a navigation: the page's JavaScript state is still there.
      expect(await page.evaluate(() => (window as unknown as { __e2eMarker?: string }).__e2eMarker)).toBe('same document');
      // No project was created.
      expect((await apiCall<Sprout[]>('GET', '/v1/sprouts', account.idToken)).json).toHaveLength(5);

      await page.reload();
      await paywall(page).waitFor();
      expect(await paywall(page).getAttribute('data-source')).toBe('project_limit_reached');
      expect(new URL(page.url()).searchParams.get('modal')).toBe('paywall-projects');

      await page.keyboard.press('Escape');
      await paywall(page).waitFor({ state: 'detached' });
      await eventually(() => new URL(page.url()).searchParams.has('modal')).toBe(false);
      expect(new URL(page.url()).pathname).toBe('/');
    });
  });

  it("'See plans' goes to /pricing?reason=projects", async () => {
    const account = await accountAtProjectLimit();
    await asPerson(browser, account, { shot: 'paywall-see-plans' }, async (page) => {
      await page.goto(`${webUrl()}/`);
      await sendPrompt(page, 'Another project over the limit');
      await paywall(page).waitFor();
      await page.getByTestId('paywall-upgrade').click();
      await page.waitForURL((u) => u.pathname === '/pricing');
      const url = new URL(page.url());
      expect(url.searchParams.get('reason')).toBe('projects');
      expect(url.searchParams.has('modal')).toBe(false);
      expect(await page.getByTestId('pricing-reason').getAttribute('data-reason')).toBe('projects');
      expect(await page.getByTestId('current-plan').getAttribute('data-tier')).toBe('free');
      expect(await paywall(page).count()).toBe(0);
    });
  });

  it('each plan row is a way to its checkout, bringing the person back to the page', async () => {
    const account = await accountAtProjectLimit();
    await asPerson(browser, account, { shot: 'paywall-plan-row' }, async (page) => {
      await page.goto(`${webUrl()}/?tab=recent`);
      await sendPrompt(page, 'Yet another project over the limit');
      await paywall(page).waitFor();
      const row = page.getByTestId('paywall-plan-tier-2').getByRole('link');
      expect(await row.textContent()).toContain('Premium');
      await row.focus();
      await page.keyboard.press('Enter');
      await page.waitForURL((u) => u.pathname === '/go-to-checkout');
      const url = new URL(page.url());
      expect(url.searchParams.get('tier')).toBe('tier-2');
      expect(url.searchParams.get('returnTo')).toBe('/?tab=recent');
      expect(await paywall(page).count()).toBe(0);
    });
  });

  it('shows the paywall on /init-project too, without creating a project', async () => {
    const account = await accountAtProjectLimit();
    await asPerson(browser, account, { shot: 'paywall-init-project' }, async (page) => {
      // Typed into the address bar: Sprout asks before it creates anything.
      await page.goto(`${webUrl()}/init-project?prompt=${encodeURIComponent('One more app')}`);
      await page.getByTestId('init-confirm-create').click();
      await page.getByTestId('init-paywall').waitFor();
      await paywall(page).waitFor();
      expect(await paywall(page).getAttribute('data-source')).toBe('project_limit_reached');
      expect(new URL(page.url()).searchParams.get('modal')).toBe('paywall-projects');
      expect((await apiCall<Sprout[]>('GET', '/v1/sprouts', account.idToken)).json).toHaveLength(5);
      // The page's own "See plans" comes back to the home page, whose prompt box has the prompt again.
      expect(await page.getByTestId('init-see-plans').getAttribute('href')).toBe('/pricing?reason=projects&returnTo=%2F');
      await page.goto(`${webUrl()}/`);
      await waitForHydration(page, '[data-testid="prompt-input"]');
      await eventually(() => page.getByTestId('prompt-input').inputValue()).toBe('One more app');
    });
  });
});

describe('paywall at the message limit', () => {
  // No API consumes messages yet (the engine issue adds runs), so the usage answer is stubbed in the
  // browser: this checks the client's reading of /usage, the message_limit_reached source and limit type.
  it.each([
    ['daily', { limit: 5, used: 5, available: 0 }, { limit: 30, used: 5, available: 25 }, 'paywall-messages-daily'],
    ['monthly', { limit: 5, used: 0, available: 5 }, { limit: 30, used: 30, available: 0 }, 'paywall-messages-monthly'],
  ] as const)('%s limit → message_limit_reached', async (limitType, daily, monthly, modal) => {
    const account = await registerViaApi(`msg-${limitType}`);
    const { context, page } = await signedInContext(browser, account);
    await page.route(`${apiUrl()}/usage`, async (route) => {
      if (route.request().method() !== 'GET') return route.continue();
      const real = await route.fetch();
      const body = { ...(await real.json()), dailyMessages: daily, monthlyMessages: monthly };
      await route.fulfill({ response: real, json: body });
    });
    await withScreenshot(page, `paywall-messages-${limitType}`, async () => {
      await page.goto(`${webUrl()}/`);
      await sendPrompt(page, 'Anything at all');
      await paywall(page).waitFor();
      expect(await paywall(page).getAttribute('data-source')).toBe('message_limit_reached');
      expect(await paywall(page).getAttribute('data-limit-type')).toBe(limitType);
      expect(new URL(page.url()).searchParams.get('modal')).toBe(modal);
      await page.getByTestId('paywall-upgrade').click();
      await page.waitForURL((u) => u.pathname === '/pricing');
      expect(new URL(page.url()).searchParams.get('reason')).toBe('messages');
      expect((await apiCall<Sprout[]>('GET', '/v1/sprouts', account.idToken)).json).toHaveLength(0);
    });
    await context.close();
  });
});
