import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { User } from '@sprout/core/contract';
import { asPerson, eventually, signedInContext, useBrowser, waitForHydration } from './browser';
import { apiCall, registerViaApi, webUrl } from './product';

const browser = useBrowser();

async function openSettings(page: Page): Promise<void> {
  await page.goto(`${webUrl()}/settings`);
  await waitForHydration(page, '[data-testid="settings-display-name"]');
}

const storedPreferences = (page: Page) => page.evaluate(() => localStorage.getItem('sprout.preferences'));

describe('settings', () => {
  it('changes the display name: saved on the server, shown in the header, kept after a reload', async () => {
    const account = await registerViaApi('settings');
    await asPerson(browser, account, { shot: 'settings-display-name' }, async (page) => {
      await openSettings(page);
      const field = page.getByTestId('settings-display-name');
      expect(await field.inputValue()).toBe(account.user.displayName);
      expect(await page.getByTestId('user-menu').textContent()).toContain(account.user.displayName);

      await field.fill('Ada Lovelace');
      await page.getByTestId('save-display-name').click();
      await eventually(async () => (await apiCall<User>('GET', '/v1/me', account.idToken)).json.displayName).toBe('Ada Lovelace');
      await eventually(() => page.getByTestId('user-menu').textContent()).toContain('Ada Lovelace');

      await page.reload();
      await waitForHydration(page, '[data-testid="settings-display-name"]');
      await eventually(() => page.getByTestId('settings-display-name').inputValue()).toBe('Ada Lovelace');
      expect(await page.getByTestId('user-menu').textContent()).toContain('Ada Lovelace');
      expect(await page.getByTestId('user-menu').textContent()).not.toContain(account.user.displayName);

      // The server-rendered header of the next page has it too (no flash of the old name).
      const html = await (await page.goto(`${webUrl()}/build`))!.text();
      expect(html).toContain('Ada Lovelace');
      expect(html).not.toContain(account.user.displayName);
    });
  });

  it('refuses an empty display name with a field error', async () => {
    const account = await registerViaApi('settings-empty');
    await asPerson(browser, account, { shot: 'settings-display-name-empty' }, async (page) => {
      await openSettings(page);
      await page.getByTestId('settings-display-name').fill('   ');
      await page.getByTestId('save-display-name').click();
      await page.getByTestId('display-name-error').waitFor();
      expect((await apiCall<User>('GET', '/v1/me', account.idToken)).json.displayName).toBe(account.user.displayName);
    });
  });

  it('notification sound is on by default; turning it off is kept in localStorage across reloads', async () => {
    const account = await registerViaApi('sound');
    await asPerson(browser, account, { shot: 'settings-sound' }, async (page) => {
      await openSettings(page);
      const toggle = page.getByTestId('sound-toggle');
      await waitForHydration(page, '[data-testid="sound-toggle"]');
      expect(await storedPreferences(page)).toBeNull();
      expect(await toggle.getAttribute('aria-checked')).toBe('true');

      await toggle.click();
      await eventually(() => toggle.getAttribute('aria-checked')).toBe('false');
      expect(JSON.parse((await storedPreferences(page))!)).toEqual({ notificationSound: false });

      await page.reload();
      await waitForHydration(page, '[data-testid="sound-toggle"]');
      await eventually(() => page.getByTestId('sound-toggle').getAttribute('aria-checked')).toBe('false');

      await page.getByTestId('sound-toggle').click();
      await eventually(() => page.getByTestId('sound-toggle').getAttribute('aria-checked')).toBe('true');
      expect(JSON.parse((await storedPreferences(page))!)).toEqual({ notificationSound: true });
      await page.reload();
      await waitForHydration(page, '[data-testid="sound-toggle"]');
      await eventually(() => page.getByTestId('sound-toggle').getAttribute('aria-checked')).toBe('true');
    });
  });

  it('creates an access token, shows it once, and revokes it', async () => {
    const account = await registerViaApi('tokens');
    await asPerson(browser, account, { shot: 'settings-access-tokens' }, async (page) => {
      await openSettings(page);
      await page.getByTestId('access-tokens-empty').waitFor();
      await page.getByTestId('access-token-name').fill('Laptop');
      await page.getByTestId('access-token-scope-write').check();
      await page.getByTestId('create-access-token').click();
      const token = (await page.getByTestId('new-access-token-value').textContent())!;
      expect(token).toMatch(/^spt_/);
      const listed = await apiCall<{ tokens: { name: string; scope: string }[] }>('GET', '/v1/me/tokens', account.idToken);
      expect(listed.json.tokens).toMatchObject([{ name: 'Laptop', scope: 'write' }]);
      expect(JSON.stringify(listed.json)).not.toContain(token);
      // Once dismissed it is gone from the page for good; the list shows the name only.
      await page.getByRole('button', { name: 'I have copied it' }).click();
      await eventually(() => page.getByTestId('new-access-token').count()).toBe(0);
      expect(await page.getByTestId('access-token-row').textContent()).toContain('Read and write');
      expect(await page.content()).not.toContain(token);

      await page.getByTestId('revoke-access-token').click();
      await page.getByTestId('confirm-revoke-access-token').click();
      await page.getByTestId('access-tokens-empty').waitFor();
      expect((await apiCall<{ tokens: unknown[] }>('GET', '/v1/me/tokens', account.idToken)).json.tokens).toEqual([]);
    });
  });

  it('shows the plan label', async () => {
    const account = await registerViaApi('plan');
    const { context, page } = await signedInContext(browser, account);
    await openSettings(page);
    await eventually(() => page.getByTestId('plan-label').textContent()).toBe('Free');
    await context.close();
  });
});
