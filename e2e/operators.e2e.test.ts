import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { CheckoutStart, FlagOverview, ProjectFiles, Sprout } from '@sprout/core/contract';
import { asPerson, DESKTOP, eventually, limit, openProject, settle, useBrowser, waitForHydration, withScreenshot } from './browser';
import { api, apiCall, createSproutsViaApi, registerViaApi, staffAccount, type TestAccount, webUrl } from './product';

// Operators' controls in the browser: a flag turned on for one plan, the analytics
// dashboard over a seeded week, and acting as a person from the admin page.

const browser = useBrowser();

/** Buys tier-1 through the built-in test checkout's API (the checkout pages are billing's test). */
async function onPremium100(account: TestAccount): Promise<void> {
  const start = await apiCall<CheckoutStart>('POST', '/v1/billing/checkout', account.idToken, { tier: 'tier-1' });
  expect(start.status, JSON.stringify(start.json)).toBe(200);
  const session = new URL(start.json.url, webUrl()).searchParams.get('session')!;
  const done = await apiCall('POST', `/v1/billing/test-checkout/${session}/complete`, account.idToken);
  expect(done.status, JSON.stringify(done.json)).toBe(200);
}

/** A project with a second version that changes App.tsx's title: its history has changes to show. */
async function projectWithTwoVersions(account: TestAccount): Promise<Sprout> {
  const [sprout] = await createSproutsViaApi(account, ['Diff board']);
  const files = await apiCall<ProjectFiles>('GET', `/build/v1/sprouts/${sprout!.id}/files`, account.idToken);
  const app = files.json.files.find((f) => f.path === 'client/src/App.tsx')!;
  const saved = await apiCall('PUT', `/build/v1/sprouts/${sprout!.id}/files`, account.idToken, {
    path: 'client/src/App.tsx',
    content: app.content.replace('Sprout starter', 'Diff board'),
    baseVersionId: files.json.version.id,
  });
  expect(saved.status, JSON.stringify(saved.json)).toBe(200);
  return sprout!;
}

async function openHistory(page: Page, id: string): Promise<void> {
  await openProject(page, id);
  await page.getByTestId('tab-history').click();
  await page.getByTestId('version-restore').first().waitFor();
}

describe('feature flags by plan', () => {
  it('a staff member turns enableDiffView on for Premium 100: a person on it sees the diff, a person on Free does not', async () => {
    const [staff, premium, free] = await Promise.all([staffAccount(), registerViaApi('premium'), registerViaApi('free')]);
    await onPremium100(premium);
    const [theirs, mine] = await Promise.all([projectWithTwoVersions(premium), projectWithTwoVersions(free)]);

    await asPerson(browser, staff, { shot: 'operators-flags', ...DESKTOP }, async (page) => {
      await page.goto(`${webUrl()}/admin/flags`);
      await waitForHydration(page, '[data-testid="flags-layer"]');
      await page.getByTestId('flags-layer').selectOption('tier-1');
      const row = page.getByTestId('flag-editor-plan-tier-1').getByTestId('flag-row-enableDiffView');
      expect(await row.getAttribute('data-choice')).toBe('inherit');
      await row.getByTestId('flag-select-enableDiffView').selectOption('on');
      await page.getByText('enableDiffView is On on Premium 100.').waitFor();
      expect(await row.getAttribute('data-choice')).toBe('on');
    });
    const overview = await apiCall<FlagOverview>('GET', '/v1/admin/flags', staff.idToken);
    expect(overview.json.plans['tier-1']).toEqual({ enableDiffView: true });
    try {
      await seeTheDiffOnlyOnThePlan(premium, theirs, free, mine);
    } finally {
      // The product is shared by the suite's files: the plan goes back to inheriting.
      expect((await apiCall('DELETE', '/v1/admin/flags/plans/tier-1/enableDiffView', staff.idToken)).status).toBe(200);
    }
  });
});

async function seeTheDiffOnlyOnThePlan(premium: TestAccount, theirs: Sprout, free: TestAccount, mine: Sprout): Promise<void> {
  await asPerson(browser, premium, { shot: 'operators-diff-premium', ...DESKTOP }, async (page) => {
    await openHistory(page, theirs.id);
    await page.getByTestId('version-diff-toggle').first().click();
    await page.locator('[data-testid="diff-file"][data-path="client/src/App.tsx"]').waitFor();
    expect(await page.getByTestId('version-diff').first().textContent()).toContain('Diff board');
  });

  await asPerson(browser, free, { shot: 'operators-diff-free', ...DESKTOP }, async (page) => {
    await openHistory(page, mine.id);
    expect(await page.getByTestId('version-diff-toggle').count()).toBe(0);
  });
  // And the server says no, whatever a page shows.
  const versions = await apiCall<{ currentVersionId: string }>('GET', `/build/v1/sprouts/${mine.id}/versions`, free.idToken);
  const refused = await apiCall<{ code: string }>('GET', `/build/v1/sprouts/${mine.id}/versions/${versions.json.currentVersionId}/diff`, free.idToken);
  expect(refused.status).toBe(403);
  expect(refused.json.code).toBe('feature_disabled');
}

const DAY = 86_400_000;
const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);

describe('the analytics dashboard', () => {
  it('shows a seeded week: totals by day, the paywall → checkout → upgrade funnel and the demo-ab-test variants, and exports it', async () => {
    // A week two months back, which no other test writes to.
    const start = Date.parse(`${dayOf(Date.now() - 60 * DAY)}T00:00:00Z`);
    const at = (day: number, hour = 12) => new Date(start + day * DAY + hour * 3_600_000).toISOString();
    const [from, to] = [dayOf(start), dayOf(start + 6 * DAY)];
    const [staff, ann, bob] = await Promise.all([staffAccount(), registerViaApi('ann'), registerViaApi('bob')]);
    let n = 0;
    const event = (name: string, day: number, properties: Record<string, unknown>, anonymousId: string) => ({
      messageId: `operators-${Date.now()}-${++n}`,
      name,
      properties,
      timestamp: at(day, 8 + n),
      anonymousId,
    });
    const view = (variant: string) => ({ experimentId: 'demo-ab-test', variant, subject: 'user' });
    const send = async (token: string | undefined, events: unknown[]) =>
      expect((await api().call('POST', '/v1/events', { token, body: { events } })).status).toBe(202);
    await send(ann.idToken, [
      event('Experiment Viewed', 0, view('variant1'), 'ann-browser'),
      event('Prompt Sent', 0, { length: 40, source: 'home' }, 'ann-browser'),
      event('Paywall Displayed', 1, { source: 'message_limit_reached' }, 'ann-browser'),
      event('Checkout Started', 1, { tier: 'tier-1' }, 'ann-browser'),
      event('Upgrade', 1, { tier: 'tier-1' }, 'ann-browser'),
      event('Publish', 3, { republish: false }, 'ann-browser'),
    ]);
    await send(bob.idToken, [
      event('Experiment Viewed', 2, view('original'), 'bob-browser'),
      event('Prompt Sent', 2, { length: 12, source: 'home' }, 'bob-browser'),
      event('Paywall Displayed', 2, { source: 'project_limit_reached' }, 'bob-browser'),
      event('Checkout Started', 4, { tier: 'tier-2' }, 'bob-browser'),
    ]);
    await send(undefined, [event('Experiment Viewed', 5, view('original'), 'visitor-browser'), event('Page Viewed', 5, { path: '/' }, 'visitor-browser')]);

    // A phone-sized screen: the dashboard must work from 375 px.
    await asPerson(browser, staff, { shot: 'operators-analytics', viewport: { width: 375, height: 800 } }, async (page) => {
      await page.goto(`${webUrl()}/admin/analytics`);
      await waitForHydration(page, '[data-testid="report-apply"]');
      await page.getByTestId('report-from').fill(from);
      await page.getByTestId('report-to').fill(to);
      await page.getByTestId('report-apply').click();
      const report = page.locator(`[data-testid="report"][data-from="${from}"][data-to="${to}"]`);
      await report.waitFor();
      await settle(page);
      const total = (m: string) => page.getByTestId(`total-${m}`).getAttribute('data-value');
      expect([await total('activePeople'), await total('promptsSent'), await total('paywallViews'), await total('upgrades'), await total('publishes')]).toEqual(
        ['2', '2', '2', '1', '1'],
      );
      await page.getByTestId('total-promptsSent').click();
      const bars = page.getByTestId('daily-chart').getByTestId('chart-bar');
      expect(await bars.count()).toBe(7);
      expect(await bars.evaluateAll((els) => els.map((e) => Number(e.getAttribute('data-value'))))).toEqual([1, 0, 1, 0, 0, 0, 0]);

      const people = (step: string) => page.getByTestId(`funnel-${step}`).getAttribute('data-people');
      expect([await people('paywall'), await people('checkout'), await people('upgrade')]).toEqual(['2', '2', '1']);
      const variant = (name: string) => page.locator(`[data-testid="experiment-variant"][data-variant="${name}"]`);
      expect(await variant('original').getAttribute('data-people')).toBe('2');
      expect(await variant('variant1').getAttribute('data-people')).toBe('1');
      expect(await variant('variant1').getByTestId('variant-upgraded').getAttribute('data-value')).toBe('1');
      expect(await variant('original').getByTestId('variant-upgraded').getAttribute('data-value')).toBe('0');
      expect(await variant('original').getByTestId('variant-prompted').getAttribute('data-value')).toBe('1');
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);

      const download = page.waitForEvent('download');
      await page.getByTestId('report-export').click();
      const file = await download;
      expect(file.suggestedFilename()).toBe(`sprout-analytics-${from}-to-${to}.csv`);
      const csv = (await readFile((await file.path())!, 'utf8')).split('\r\n');
      expect(csv).toEqual(expect.arrayContaining(['funnel,upgrade,,,1', `daily,promptsSent,,${from},1`, 'experiment:demo-ab-test,people,original,,2']));
    });
  });
});

describe('people and impersonation', () => {
  it('a staff member finds a person by part of their email, sees their projects, acts as them, and stops', async () => {
    const [staff, person] = await Promise.all([staffAccount(), registerViaApi('acted')]);
    await createSproutsViaApi(person, ['Their kanban']);
    await asPerson(browser, staff, { shot: 'operators-impersonate', ...DESKTOP }, async (page) => {
      await page.goto(`${webUrl()}/admin`);
      await waitForHydration(page, '[data-testid="admin-search"]');
      await page.getByTestId('admin-email').fill(person.user.email.split('@')[0]!);
      await page.getByTestId('admin-search').click();
      await page.locator(`[data-testid="admin-user"][data-user-id="${person.user.id}"]`).waitFor();
      expect(await page.getByTestId('admin-project').textContent()).toContain('Their kanban');

      await page.getByTestId('admin-impersonate').click();
      await page.getByTestId('admin-impersonate-confirm').click();
      await page.waitForURL((u) => u.pathname === '/build');
      expect(await page.getByTestId('impersonation-banner').textContent()).toContain(person.user.displayName);
      await page.getByText('Their kanban').waitFor();

      await page.getByTestId('impersonation-stop').click();
      await page.waitForURL((u) => u.pathname === '/admin' && u.searchParams.get('person') === person.user.id);
      await eventually(() => page.getByTestId('impersonation-banner').count()).toBe(0);
    });
  });
});

describe('the Domain and Onboarding analytics events', () => {
  it('are sent where they happen: signing up, and the first publish that gives an app its address', async () => {
    const context = await browser.newContext(DESKTOP);
    const page = await context.newPage();
    const sent: { name: string; properties: Record<string, unknown> }[] = [];
    page.on('request', (req) => {
      if (req.method() !== 'POST' || !req.url().endsWith('/v1/events')) return;
      const body = req.postDataJSON() as { events?: { name: string; properties: Record<string, unknown> }[] };
      sent.push(...(body.events ?? []));
    });
    const named = (name: string) => sent.filter((e) => e.name === name).map((e) => e.properties);
    await withScreenshot(page, 'operators-journey-events', async () => {
      await page.goto(`${webUrl()}/register`);
      await waitForHydration(page, '[data-testid="register-submit"]');
      await page.fill('#displayName', 'Journey');
      await page.fill('#email', `journey-${Date.now()}@example.com`);
      await page.fill('#password', 'a long password');
      await page.getByTestId('register-submit').click();
      await page.waitForURL((u) => u.pathname === '/build');
      await eventually(() => named('Onboarding'), 20_000).toContainEqual({ step: 'signed_up' });

      const token = await page.evaluate(() => (JSON.parse(localStorage.getItem('sprout.auth')!) as { idToken: string }).idToken);
      const sprout = await api().createSprout(token, { displayName: 'Journey board' });
      // From the list to the project in the page, as a person goes: the list tells a first publish.
      await page.reload();
      const row = page.locator(`[data-testid="project-row"][data-project-id="${sprout.id}"]`);
      await waitForHydration(page, `[data-testid="project-row"][data-project-id="${sprout.id}"] a`);
      await row.locator('a').first().click();
      await page.waitForURL((u) => u.pathname === `/build/${sprout.id}`);
      await waitForHydration(page, '[data-testid="publish-button"]');
      await page.getByTestId('publish-button').click();
      await page.getByTestId('publish-dialog').getByTestId('publish-confirm').click();
      await page.getByTestId('public-url').waitFor({ timeout: limit(60_000) });
      const host = new URL((await page.getByTestId('public-url').getAttribute('href'))!).host;
      await eventually(() => named('Domain'), 20_000).toContainEqual({ sproutId: sprout.id, action: 'assigned', host });
      expect(named('Onboarding')).toContainEqual({ step: 'first_publish', sproutId: sprout.id });
    });
    await context.close();
  });
});
