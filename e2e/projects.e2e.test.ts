import { describe, expect, it } from 'vitest';
import type { Page, Route } from 'playwright-core';
import type { Sprout } from '@sprout/core/contract';
import { couldNotPatch } from '@sprout/core';
import { asPerson, eventually, signedInContext, useBrowser, waitForHydration, withScreenshot } from './browser';
import { apiCall, apiUrl, createSproutsViaApi, getSprout, registerViaApi, webUrl } from './product';

const browser = useBrowser();

const row = (page: Page, id: string) => page.locator(`[data-testid="project-row"][data-project-id="${id}"]`);
const rowIds = (page: Page) => page.getByTestId('project-row').evaluateAll((els) => els.map((el) => el.getAttribute('data-project-id')));

async function openList(page: Page): Promise<void> {
  await page.goto(`${webUrl()}/build`);
  await waitForHydration(page, '[data-testid="usage-meter"]');
}

async function openMenu(page: Page, id: string): Promise<void> {
  await waitForHydration(page, `[data-testid="project-row"][data-project-id="${id}"] [data-testid="project-actions"]`);
  await row(page, id).getByTestId('project-actions').click();
}

/** Holds PATCH requests to one project until `release()` is called (CORS preflights pass). */
async function holdPatches(page: Page, id: string): Promise<{ held: () => number; release: () => Promise<void> }> {
  const routes: Route[] = [];
  await page.route(`${apiUrl()}/v1/sprouts/${id}`, async (route) => {
    if (route.request().method() !== 'PATCH') return route.continue();
    routes.push(route);
  });
  return {
    held: () => routes.length,
    release: async () => {
      for (const r of routes.splice(0)) await r.continue();
      await page.unroute(`${apiUrl()}/v1/sprouts/${id}`);
    },
  };
}

describe('/build project list', () => {
  it('shows the empty state with a prompt box for a new account', async () => {
    const account = await registerViaApi('empty');
    await asPerson(browser, account, { shot: 'projects-empty' }, async (page) => {
      await openList(page);
      await page.getByTestId('projects-empty').waitFor();
      expect(await page.getByTestId('project-row').count()).toBe(0);
      // The prompt box is loaded for the empty state only (not part of the list's first load).
      await page.getByTestId('projects-empty').getByTestId('prompt-input').waitFor();
      expect(await page.getByTestId('projects-empty').getByTestId('prompt-input').count()).toBe(1);
    });
  });

  it('shows messages left today and this month and projects used of the limit', async () => {
    const account = await registerViaApi('meter');
    await createSproutsViaApi(account, ['Meter one', 'Meter two']);
    await asPerson(browser, account, { shot: 'projects-usage-meter' }, async (page) => {
      await openList(page);
      const meter = page.getByTestId('usage-meter');
      // Free plan: 5 messages a day, 30 a month, 5 projects (two used).
      await eventually(() => meter.getByTestId('usage-daily').textContent()).toMatch(/^Messages today\s*5 of 5 left\b/);
      expect(await meter.getByTestId('usage-monthly').textContent()).toMatch(/^Messages this month\s*30 of 30 left\b/);
      expect(await meter.getByTestId('usage-projects').textContent()).toMatch(/^Projects\s*2 of 5 projects$/);
    });
  });

  it('pins optimistically (before the server answers), keeps the pin after a reload, and unpins', async () => {
    const account = await registerViaApi('pin');
    // Listed most recently edited first: Charlie, Bravo, Alpha.
    const [alpha, bravo, charlie] = await createSproutsViaApi(account, ['Alpha', 'Bravo', 'Charlie']);
    await asPerson(browser, account, { shot: 'projects-pin' }, async (page) => {
      await openList(page);
      expect(await rowIds(page)).toEqual([charlie!.id, bravo!.id, alpha!.id]);

      const gate = await holdPatches(page, alpha!.id);
      await openMenu(page, alpha!.id);
      expect((await page.getByTestId('action-pin').textContent())?.trim()).toBe('Pin to top');
      await page.getByTestId('action-pin').click();
      await eventually(() => gate.held()).toBe(1);
      // The server has not answered yet, and Alpha is already on top.
      await eventually(() => rowIds(page)).toEqual([alpha!.id, charlie!.id, bravo!.id]);
      expect(await row(page, alpha!.id).getAttribute('data-pinned')).toBe('true');
      expect((await getSprout(account, alpha!.id)).json.isPinned).toBe(false);
      await gate.release();
      await eventually(async () => (await getSprout(account, alpha!.id)).json.isPinned).toBe(true);
      // Pinning is not an edit: the last-edited time, which orders unpinned projects, stays as it was.
      expect((await getSprout(account, alpha!.id)).json.updatedAt).toBe(alpha!.updatedAt);

      await openList(page);
      expect(await rowIds(page)).toEqual([alpha!.id, charlie!.id, bravo!.id]);
      expect(await row(page, alpha!.id).getByTestId('pinned-indicator').count()).toBe(1);

      await openMenu(page, alpha!.id);
      expect((await page.getByTestId('action-pin').textContent())?.trim()).toBe('Unpin');
      await page.getByTestId('action-pin').click();
      await eventually(() => rowIds(page)).toEqual([charlie!.id, bravo!.id, alpha!.id]);
      await eventually(async () => (await getSprout(account, alpha!.id)).json.isPinned).toBe(false);
      await openList(page);
      expect(await rowIds(page)).toEqual([charlie!.id, bravo!.id, alpha!.id]);
      expect(await row(page, alpha!.id).getAttribute('data-pinned')).toBe('false');
    });
  });

  it('rolls a failed pin back and says why', async () => {
    const account = await registerViaApi('pinfail');
    const [older, newer] = await createSproutsViaApi(account, ['Older', 'Newer']);
    const { context, page } = await signedInContext(browser, account);
    await page.route(`${apiUrl()}/v1/sprouts/${older!.id}`, async (route) => {
      if (route.request().method() !== 'PATCH') return route.continue();
      await route.fulfill({
        status: 500,
        headers: { 'access-control-allow-origin': webUrl(), 'access-control-allow-credentials': 'true' },
        contentType: 'application/json',
        body: JSON.stringify({ code: 'internal', message: 'Database unavailable' }),
      });
    });
    await withScreenshot(page, 'projects-pin-rollback', async () => {
      await openList(page);
      expect(await rowIds(page)).toEqual([newer!.id, older!.id]);
      await openMenu(page, older!.id);
      await page.getByTestId('action-pin').click();
      const toast = page.locator('[data-sonner-toast]', { hasText: `Could not patch machine with id ${older!.id}` });
      await toast.waitFor();
      expect(await toast.textContent()).toContain(couldNotPatch(older!.id, 500, 'Internal Server Error', 'Database unavailable'));
      await eventually(() => rowIds(page)).toEqual([newer!.id, older!.id]);
      expect(await row(page, older!.id).getAttribute('data-pinned')).toBe('false');
      expect((await getSprout(account, older!.id)).json.isPinned).toBe(false);
    });
    await context.close();
  });

  it('renames from the list: the list and the project header show the new name, and it persists', async () => {
    const account = await registerViaApi('rename');
    const [sprout] = await createSproutsViaApi(account, ['Before rename']);
    const { context, page } = await signedInContext(browser, account);
    const id = sprout!.id;
    await withScreenshot(page, 'projects-rename-list', async () => {
      await openList(page);
      await openMenu(page, id);
      await page.getByTestId('action-rename').click();
      const input = page.getByTestId('rename-input');
      await input.waitFor();
      await eventually(() => input.inputValue()).toBe('Before rename');
      await input.fill('Garden planner');
      await input.press('Enter');
      await eventually(() => row(page, id).getByTestId('project-link').textContent()).toBe('Garden planner');
      await eventually(async () => (await getSprout(account, id)).json.displayName).toBe('Garden planner');

      // Client navigation to the project: the single-project cache has the new name too.
      await row(page, id).getByTestId('project-link').click();
      await page.waitForURL(`${webUrl()}/build/${id}`);
      await eventually(() => page.getByTestId('project-name').textContent()).toContain('Garden planner');

      await openList(page);
      expect(await row(page, id).getByTestId('project-link').textContent()).toBe('Garden planner');
    });
    await context.close();
  });

  it('renames from the project header: header, tab title and list show it, and it persists', async () => {
    const account = await registerViaApi('rename2');
    const [sprout] = await createSproutsViaApi(account, ['Header name']);
    const { context, page } = await signedInContext(browser, account);
    const id = sprout!.id;
    await withScreenshot(page, 'projects-rename-header', async () => {
      await openList(page);
      await row(page, id).getByTestId('project-link').click();
      await page.waitForURL(`${webUrl()}/build/${id}`);
      await waitForHydration(page, '[data-testid="project-name"]');
      await page.getByTestId('project-name').click();
      const input = page.getByTestId('project-name-input');
      await input.waitFor();
      await input.fill('Weekend market map');
      await input.press('Enter');
      await eventually(() => page.getByTestId('project-name').textContent()).toContain('Weekend market map');
      await eventually(() => page.title()).toBe('Weekend market map | AI App Builder & Vibe Coding Platform');
      await eventually(async () => (await getSprout(account, id)).json.displayName).toBe('Weekend market map');

      // Back to the list (the previous in-app route): the list cache was updated as well.
      await page.getByTestId('back-button').click();
      await page.waitForURL(`${webUrl()}/build`);
      await eventually(() => row(page, id).getByTestId('project-link').textContent()).toBe('Weekend market map');

      await page.goto(`${webUrl()}/build/${id}`);
      await eventually(() => page.getByTestId('project-name').textContent()).toContain('Weekend market map');
    });
    await context.close();
  });

  it('deletes after confirmation: the row goes and the API answers 404', async () => {
    const account = await registerViaApi('delete');
    const [keep, doomed] = await createSproutsViaApi(account, ['Keep me', 'Delete me']);
    await asPerson(browser, account, { shot: 'projects-delete' }, async (page) => {
      await openList(page);
      await openMenu(page, doomed!.id);
      await page.getByTestId('action-delete').click();
      await page.getByTestId('confirm-delete').waitFor();
      // Nothing is deleted before the confirmation.
      expect((await getSprout(account, doomed!.id)).status).toBe(200);
      await page.getByTestId('confirm-delete').click();
      await row(page, doomed!.id).waitFor({ state: 'detached' });
      expect(await rowIds(page)).toEqual([keep!.id]);
      expect((await getSprout(account, doomed!.id)).status).toBe(404);
      await eventually(() => page.getByTestId('usage-projects').textContent()).toMatch(/^Projects\s*1 of 5 projects$/);

      await openList(page);
      expect(await rowIds(page)).toEqual([keep!.id]);
    });
  });

  it('cancelling the delete dialog keeps the project', async () => {
    const account = await registerViaApi('nodelete');
    const [sprout] = await createSproutsViaApi(account, ['Still here']);
    await asPerson(browser, account, { shot: 'projects-delete-cancel' }, async (page) => {
      await openList(page);
      await openMenu(page, sprout!.id);
      await page.getByTestId('action-delete').click();
      await page.getByTestId('confirm-delete').waitFor();
      await page.keyboard.press('Escape');
      await page.getByTestId('confirm-delete').waitFor({ state: 'detached' });
      expect(await rowIds(page)).toEqual([sprout!.id]);
      expect((await getSprout(account, sprout!.id)).status).toBe(200);
    });
  });

  it('unpublishes a published project after confirmation', async () => {
    const account = await registerViaApi('unpublish');
    const [sprout] = await createSproutsViaApi(account, ['Published app']);
    const id = sprout!.id;
    // Precondition: the project is published through the build API (POST /build/v1/sprouts/:id/publish).
    // PATCH isDeploymentEnabled alone cannot publish: a project counts as published only with a publicUrl.
    const publish = await apiCall<Sprout>('POST', `/build/v1/sprouts/${id}/publish`, account.idToken);
    expect(publish.status, `POST /build/v1/sprouts/:id/publish must publish the project (got ${publish.status})`).toBeGreaterThanOrEqual(200);
    expect(publish.status).toBeLessThan(300);
    const before = (await getSprout(account, id)).json;
    expect(before.published).toBe(true);
    expect(before.publicUrl).toMatch(/^https?:\/\//);

    await asPerson(browser, account, { shot: 'projects-unpublish' }, async (page) => {
      await openList(page);
      const badge = row(page, id).getByTestId('published-badge');
      await badge.waitFor();
      expect(await badge.getAttribute('href')).toBe(before.publicUrl);
      // The address is cut in the middle when there is no room: its domain stays whole.
      const address = badge.getByTestId('published-address');
      expect((await address.textContent())!.replace(/^· /, '')).toBe(new URL(before.publicUrl!).host);
      expect(await address.locator('span').last().textContent()).toMatch(/^[^.]+\.[^.]+(:\d+)?$/);
      await openMenu(page, id);
      await page.getByTestId('action-unpublish').click();
      await page.getByTestId('confirm-unpublish').click();
      await badge.waitFor({ state: 'detached' });
      await eventually(async () => (await getSprout(account, id)).json.isDeploymentEnabled).toBe(false);
      expect((await getSprout(account, id)).json.published).toBe(false);
      await openList(page);
      expect(await row(page, id).getByTestId('published-badge').count()).toBe(0);
      await openMenu(page, id);
      expect(await page.getByTestId('action-unpublish').count()).toBe(0);
    });
  });
});

describe('pictures of projects', () => {
  it('the list shows a built project’s picture, the signed-in home its recent projects, a visitor none', async () => {
    const account = await registerViaApi('thumbnails');
    const [built, blank] = await createSproutsViaApi(account, ['Built one', 'Not built yet']);
    // A build with the offline builder: the server renders it in its browser and keeps a picture.
    const sent = await apiCall<{ runId: string }>('POST', `/build/v1/sprouts/${built!.id}/messages`, account.idToken, { text: 'A to-do list app' });
    expect(sent.status).toBe(202);
    await eventually(async () => (await apiCall<{ status: string }>('GET', `/build/v1/runs/${sent.json.runId}`, account.idToken)).json.status, 120_000).toBe(
      'succeeded',
    );
    const [listed] = (await apiCall<Sprout[]>('GET', '/v1/sprouts', account.idToken)).json.filter((s) => s.id === built!.id);
    expect(listed!.thumbnailId).toBe(listed!.currentVersionId);

    await asPerson(browser, account, { shot: 'projects-thumbnails', viewport: { width: 1440, height: 900 } }, async (page) => {
      await openList(page);
      const picture = row(page, built!.id).getByTestId('project-thumbnail');
      await picture.waitFor();
      await eventually(() => picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
      // A project without a pictured version keeps its initial.
      expect(await row(page, blank!.id).getByTestId('project-thumbnail').count()).toBe(0);

      await page.goto(`${webUrl()}/`);
      const recent = page.getByTestId('recent-projects');
      await recent.waitFor();
      const cards = recent.getByTestId('recent-project');
      // The last edited first: the build moved "Built one" ahead of the one created after it.
      await eventually(() => cards.evaluateAll((els) => els.map((el) => el.getAttribute('data-project-id')))).toEqual([built!.id, blank!.id]);
      await cards.first().getByTestId('project-thumbnail').waitFor();
      await waitForHydration(page, `[data-testid="recent-project"][data-project-id="${built!.id}"]`);
      await cards.first().click();
      await page.waitForURL((u) => u.pathname === `/build/${built!.id}`);
    });

    const visitor = await browser.newContext();
    const home = await visitor.newPage();
    await home.goto(`${webUrl()}/`);
    await waitForHydration(home, '[data-testid="prompt-input"]');
    expect(await home.getByTestId('recent-projects').count()).toBe(0);
    await visitor.close();
  });
});
