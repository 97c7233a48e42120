import { describe, expect, it } from 'vitest';
import type { Usage, VersionList } from '@sprout/core/contract';
import { DESKTOP, eventually, limit, signedInContext, useBrowser, withScreenshot } from './browser';
import { apiCall, createSproutsViaApi, registerViaApi, webUrl } from './product';

// With no model key, plan mode is the offline builder's: for a request it cannot build, its plan
// says so and offers the nearest apps it can make as choices; nothing is charged until one is built,
// and the one chosen is built, counted as the message the person chose to spend.

const browser = useBrowser();
const used = async (token: string) => (await apiCall<Usage>('GET', '/usage', token)).json.dailyMessages.used;

describe('plan mode with no model key', () => {
  it('offers choices for a request it cannot build, charges nothing, and builds the one chosen', { timeout: limit(180_000) }, async () => {
    const account = await registerViaApi('plan-offline');
    const [sprout] = await createSproutsViaApi(account, ['Band night']);
    const before = await used(account.idToken);
    const { context, page } = await signedInContext(browser, account, DESKTOP);
    await withScreenshot(page, 'plan-offline', async () => {
      await page.goto(`${webUrl()}/build/${sprout!.id}`);
      // A new project's first message is planned by default.
      await eventually(() => page.getByRole('switch', { name: 'Plan' }).getAttribute('aria-checked')).toBe('true');
      const input = page.getByTestId('chat-input');
      await input.fill('band voting');
      await input.press('Control+Enter');

      const card = page.getByTestId('plan-card');
      await card.waitFor({ timeout: limit(60_000) });
      expect(await card.getByTestId('plan-summary').textContent()).toContain('can’t build');
      const instead = card.getByRole('group', { name: 'Which of these should I build instead?' });
      const options = instead.getByRole('button');
      expect(await options.count()).toBeGreaterThanOrEqual(2);
      expect(await used(account.idToken)).toBe(before);
      // Nothing was built.
      expect((await apiCall<VersionList>('GET', `/build/v1/sprouts/${sprout!.id}/versions`, account.idToken)).json.versions).toHaveLength(1);

      const choice = options.first();
      const chosen = (await choice.textContent())!.trim();
      await choice.click();
      await card.getByRole('button', { name: 'Build' }).click();
      await card.getByTestId('plan-built').waitFor({ timeout: limit(30_000) });
      // The choice is the message sent, and it is built.
      await page
        .getByTestId('chat-message')
        .filter({ hasText: chosen })
        .first()
        .waitFor({ timeout: limit(30_000) });
      await eventually(
        async () => (await apiCall<VersionList>('GET', `/build/v1/sprouts/${sprout!.id}/versions`, account.idToken)).json.versions.length,
        limit(90_000),
      ).toBe(2);
      await eventually(() => page.getByTestId('run-status').last().getAttribute('data-status'), limit(60_000)).toBe('finished');
      // The app chosen is what was asked for now: counted.
      await eventually(() => used(account.idToken), limit(30_000)).toBe(before + 1);
    });
    await context.close();
  });
});
