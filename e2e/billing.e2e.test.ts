import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { CheckoutStart, ErrorBody, MessageSent, Run, Sprout, Subscription, Usage } from '@sprout/core/contract';
import { asPerson, eventually, limit, signedInContext, upgradeThroughTestCheckout, useBrowser, waitForHydration, withScreenshot } from './browser';
import { apiCall, createSproutsViaApi, registerViaApi, staffAccount, type TestAccount, webUrl } from './product';

// Plans, checkout and subscriptions in the browser, on the built-in test checkout (the suite's
// product runs without STRIPE_SECRET_KEY). Messages are real: sent through the engine's
// POST /build/v1/sprouts/:id/messages until the free daily quota is used up.

const browser = useBrowser();

async function sendMessage(account: TestAccount, sproutId: string, text: string) {
  return apiCall<Partial<MessageSent & ErrorBody>>('POST', `/build/v1/sprouts/${sproutId}/messages`, account.idToken, { text });
}

/** Waits for a run to finish: a project answers one message at a time. */
async function waitForRun(account: TestAccount, runId: string): Promise<void> {
  await eventually(async () => (await apiCall<Run>('GET', `/build/v1/runs/${runId}`, account.idToken)).json.status, 90_000).not.toBe('running');
}

/** A free account that has really sent its 5 messages of the day. */
async function accountOutOfMessages(): Promise<{ account: TestAccount; sproutId: string }> {
  const account = await registerViaApi('billing');
  const [sprout] = await createSproutsViaApi(account, ['Out of messages']);
  // Messages that change the app are charged; one that changes nothing may be given back
  // (docs/architecture.md#what-a-run-costs), so send until the plan says no.
  const changes = ['A to-do list app', 'Make it dark', 'Use a blue palette', 'Make it light', 'Use a green palette', 'Use an orange palette', 'Make it dark'];
  let refused: Awaited<ReturnType<typeof sendMessage>> | null = null;
  for (let i = 0; i < 14 && !refused; i += 1) {
    const sent = await sendMessage(account, sprout!.id, changes[i % changes.length]!);
    if (sent.status === 402) refused = sent;
    else {
      expect(sent.status, JSON.stringify(sent.json)).toBe(202);
      await waitForRun(account, sent.json.runId!);
    }
  }
  expect(refused?.status).toBe(402);
  expect(refused!.json.code).toBe('message_limit_reached');
  const usage = await apiCall<Usage>('GET', '/usage', account.idToken);
  expect(usage.json.dailyMessages).toEqual({ limit: 5, used: 5, available: 0 });
  return { account, sproutId: sprout!.id };
}

/** Collects the names of analytics events the page sends to POST /v1/events. */
function recordAnalytics(page: Page): string[] {
  const names: string[] = [];
  page.on('request', (req) => {
    if (req.method() !== 'POST' || !req.url().endsWith('/v1/events')) return;
    try {
      const body = JSON.parse(req.postData() ?? '{}') as { events?: { name: string; properties?: Record<string, unknown> }[] };
      for (const e of body.events ?? []) names.push(e.name === 'Upgrade' ? `Upgrade:${String(e.properties?.tier)}` : e.name);
    } catch {
      // Not ours to judge.
    }
  });
  return names;
}

describe('upgrading through the test checkout', () => {
  // Seven verified runs one after another (five to use the day's messages, two after upgrading), each
  // opened in the server's Chromium: ~15 s on a quiet machine, a minute and more with both cores busy.
  it('a free user out of messages hits the paywall, upgrades, and can send again', { timeout: limit(240_000) }, async () => {
    const { account, sproutId } = await accountOutOfMessages();
    const { context, page } = await signedInContext(browser, account);
    const analytics = recordAnalytics(page);
    await withScreenshot(page, 'billing-upgrade-messages', async () => {
      await page.goto(`${webUrl()}/`);
      await waitForHydration(page, '[data-testid="prompt-send"]');
      await page.getByTestId('prompt-input').fill('A habit tracker with streaks');
      await page.getByTestId('prompt-send').click();
      await page.getByTestId('paywall').waitFor();
      expect(await page.getByTestId('paywall').getAttribute('data-source')).toBe('message_limit_reached');
      expect(await page.getByTestId('paywall').getAttribute('data-limit-type')).toBe('daily');

      await upgradeThroughTestCheckout(page, 'tier-1');

      // Back where the paywall opened, with a toast; the usage the page knows is already the new plan's.
      await page.waitForURL((u) => u.pathname === '/' && !u.searchParams.has('modal'), { timeout: limit(30_000) });
      await eventually(() => page.getByText('You’re on Premium 100. Keep building!').count()).toBeGreaterThan(0);
      await eventually(() => analytics.includes('Upgrade:tier-1'), 15_000).toBe(true);

      const usage = (await apiCall<Usage>('GET', '/usage', account.idToken)).json;
      // The free messages used do not count against the plan just bought: an upgrade from Free counts afresh.
      expect(usage).toMatchObject({ tier: 'tier-1', dailyMessages: { limit: null }, monthlyMessages: { limit: 100, used: 0, available: 100 } });
      const sub = (await apiCall<Subscription>('GET', '/v1/me/subscription', account.idToken)).json;
      expect(sub).toMatchObject({ type: 'subscribed on web', tierType: 'tier-1', planLabel: 'Premium 100', provider: 'test', canManage: true });

      // Sending works again: from the home page, where the idea the paywall stopped is back in the box
      // (kept through the upgrade), as a new project with its first message...
      await waitForHydration(page, '[data-testid="prompt-send"]');
      await eventually(() => page.getByTestId('prompt-input').inputValue()).toBe('A habit tracker with streaks');
      await page.getByTestId('prompt-send').click();
      await page.waitForURL((u) => /^\/build\/[a-z0-9]+$/.test(u.pathname), { timeout: limit(30_000) });
      expect(await page.getByTestId('paywall').count()).toBe(0);
      // ...and in the project that ran out.
      const again = await sendMessage(account, sproutId, 'Now make the background green');
      expect(again.status, JSON.stringify(again.json)).toBe(202);
      await waitForRun(account, again.json.runId!);
    });
    await context.close();
  });

  it('returns to the project page the paywall opened on', async () => {
    const account = await registerViaApi('billing-return');
    const [sprout] = await createSproutsViaApi(account, ['Come back here']);
    await asPerson(browser, account, { shot: 'billing-return-to-project' }, async (page) => {
      // The chat opens the paywall through the modal parameter; so does this address.
      await page.goto(`${webUrl()}/build/${sprout!.id}?modal=paywall-messages-daily`);
      await page.getByTestId('paywall').waitFor();
      await upgradeThroughTestCheckout(page, 'tier-2');
      await page.waitForURL((u) => u.pathname === `/build/${sprout!.id}`, { timeout: limit(30_000) });
      expect(new URL(page.url()).searchParams.has('modal')).toBe(false);
      await eventually(() => page.getByText('You’re on Premium 250. Keep building!').count()).toBeGreaterThan(0);
    });
  });

  it('refuses a checkout link to anyone but its owner, and a second payment', async () => {
    const owner = await registerViaApi('billing-owner');
    const started = await apiCall<CheckoutStart>('POST', '/v1/billing/checkout', owner.idToken, { tier: 'tier-3' });
    const path = new URL(started.json.url);
    const stranger = await registerViaApi('billing-stranger');
    const { context, page } = await signedInContext(browser, stranger);
    await page.goto(`${webUrl()}${path.pathname}${path.search}`);
    await page.getByTestId('test-checkout-missing').waitFor();
    await context.close();

    const id = path.searchParams.get('session')!;
    expect((await apiCall('POST', `/v1/billing/test-checkout/${id}/complete`, owner.idToken)).status).toBe(200);
    const ownerPage = await signedInContext(browser, owner);
    await ownerPage.page.goto(`${webUrl()}${path.pathname}${path.search}`);
    await ownerPage.page.getByTestId('test-checkout-completed').waitFor();
    await ownerPage.context.close();
  });
});

describe('the billing page', () => {
  it('shows the plan, renewal and test mode; manages the subscription; a downgrade keeps every project', async () => {
    const account = await registerViaApi('billing-page');
    const started = await apiCall<CheckoutStart>('POST', '/v1/billing/checkout', account.idToken, { tier: 'tier-1' });
    const id = new URL(started.json.url).searchParams.get('session')!;
    expect((await apiCall('POST', `/v1/billing/test-checkout/${id}/complete`, account.idToken)).status).toBe(200);
    await createSproutsViaApi(account, ['P1', 'P2', 'P3', 'P4', 'P5', 'P6', 'P7']);
    await asPerson(browser, account, { shot: 'billing-page-manage' }, async (page) => {
      await page.goto(`${webUrl()}/settings/billing`);
      await page.getByTestId('plan-details').waitFor();
      expect(await page.getByTestId('plan-label').textContent()).toBe('Premium 100');
      expect(await page.getByTestId('billing-renewal').textContent()).toMatch(/^[A-Z][a-z]+ \d{1,2}, \d{4}$/);
      expect(await page.getByTestId('billing-test-mode').count()).toBe(1);

      await waitForHydration(page, '[data-testid="manage-subscription"]');
      await page.getByTestId('manage-subscription').click();
      await page.waitForURL((u) => u.pathname === '/checkout/test/manage');
      await page.getByTestId('test-manage').waitFor();
      expect(await page.getByTestId('test-mode-banner').count()).toBe(1);

      // Upgrade applies at once.
      expect(await page.getByTestId('manage-choose-tier-3').getAttribute('data-direction')).toBe('upgrade');
      await page.getByTestId('manage-choose-tier-3').click();
      await eventually(() => page.getByTestId('manage-plan-label').textContent()).toBe('Premium 500');

      // Cancelling keeps the plan to the end of the period; the renewal date then moves everyone to Free.
      await page.getByTestId('manage-cancel').click();
      await page.getByTestId('manage-cancel-confirm').click();
      await eventually(() => page.getByTestId('plan-notice').textContent()).toContain('Your subscription is cancelled');
      await page.getByTestId('manage-renew').click();
      await page.getByTestId('manage-unavailable').waitFor();

      await page.goto(`${webUrl()}/settings/billing`);
      await page.getByTestId('plan-details').waitFor();
      expect(await page.getByTestId('plan-label').textContent()).toBe('Free');
      expect(await page.getByTestId('manage-subscription').count()).toBe(0);
      expect(await page.getByTestId('billing-renewal').textContent()).toBe('Not applicable on the Free plan');
    });
    // Seven projects on a five-project plan: all still there, a new one refused with the paywall.
    const list = await apiCall<Sprout[]>('GET', '/v1/sprouts', account.idToken);
    expect(list.json).toHaveLength(7);
    const refused = await apiCall<ErrorBody>('POST', '/v1/sprouts', account.idToken, {});
    expect(refused.status).toBe(402);
    expect(refused.json.paywall).toEqual({ source: 'project_limit_reached', destination: 'upgradeProjects' });
  });

  it('fits a 375 px screen without sideways scrolling', async () => {
    const account = await registerViaApi('billing-narrow');
    const started = await apiCall<CheckoutStart>('POST', '/v1/billing/checkout', account.idToken, { tier: 'tier-2' });
    const checkout = new URL(started.json.url);
    const { context, page } = await signedInContext(browser, account, { viewport: { width: 375, height: 800 } });
    for (const path of [`${checkout.pathname}${checkout.search}`, '/settings/billing', '/go-to-checkout?tier=tier-3']) {
      await page.goto(`${webUrl()}${path}`);
      await page.locator('main').first().waitFor();
      await eventually(() => page.locator('[aria-busy="true"]').count()).toBe(0);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    }
    await context.close();
  });
});

describe('staff tools', () => {
  it('staff give a partner plan from /admin, audited; the person’s billing page follows', async () => {
    const staff = await staffAccount();
    const user = await registerViaApi('billing-partner');
    const { context, page } = await signedInContext(browser, staff);
    await withScreenshot(page, 'billing-admin', async () => {
      await page.goto(`${webUrl()}/admin`);
      await waitForHydration(page, '[data-testid="admin-search"]');
      await page.getByTestId('admin-email').fill(user.user.email);
      await page.getByTestId('admin-search').click();
      await page.getByTestId('admin-user').waitFor();
      expect(await page.getByTestId('admin-plan-label').textContent()).toBe('Free');
      expect(await page.getByTestId('admin-usage-daily').textContent()).toBe('5 of 5 left');

      await page.getByTestId('admin-tier-sprout-tier-external-partner').check();
      await page.getByTestId('admin-tier-save').click();
      await eventually(() => page.getByTestId('admin-plan-label').textContent()).toBe('External Partner');
      await eventually(() => page.getByTestId('admin-audit').textContent()).toContain('Plan set to External Partner (was Free)');
    });
    await context.close();

    const person = await signedInContext(browser, user);
    await person.page.goto(`${webUrl()}/settings/billing`);
    await person.page.getByTestId('plan-details').waitFor();
    expect(await person.page.getByTestId('plan-label').textContent()).toBe('External Partner');
    expect(await person.page.getByTestId('manage-subscription').count()).toBe(0);
    expect(await person.page.getByTestId('billing-renewal').textContent()).toBe('Not applicable: your plan is provided by Sprout');
    // Not staff: the admin page does not exist for them.
    const res = await person.page.goto(`${webUrl()}/admin`);
    expect(res?.status()).toBe(404);
    await person.context.close();
  });
});
