import { describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { ApiClient, type TestAccount } from '@sprout/testkit';
import { signedInContext } from '@sprout/testkit/browser';
import { DESKTOP, eventually, limit, useBrowser, waitForHydration, withScreenshot } from './browser';
import { useProduct } from './product';

// The account's life in the browser: verifying the address through the link the API logs (no
// SMTP_URL), changing the password, deleting the account, and the price of every plan offered,
// each on a desktop and a 390 px phone. The product is this file's own: its log holds the links,
// and PLAN_PRICES sets prices no default has.

const PRICES = { 'tier-1': '€12', 'tier-2': '€29.50', 'tier-3': '€55', 'tier-4': '€99' } as const;
const product = useProduct({ PLAN_PRICES: 'tier-1=12,tier-2=29.50,tier-3=55,tier-4=99', PLAN_CURRENCY: 'EUR' });
const browser = useBrowser();
const client = () => new ApiClient(product.apiUrl);
const web = (path: string) => `${product.webUrl}${path}`;

/** Links of `event` the API wrote to its log for `to`, oldest first. */
function loggedLinks(event: string, to: string): string[] {
  const links: string[] = [];
  for (const line of product.api.logs().split('\n')) {
    if (!line.includes(`"${event}"`)) continue;
    const entry = JSON.parse(line) as { event?: string; to?: string; link?: string };
    if (entry.event === event && entry.to === to && entry.link) links.push(entry.link);
  }
  return links;
}

async function person(
  tag: string,
  viewport: typeof DESKTOP,
  steps: (page: Page, account: TestAccount, context: BrowserContext) => Promise<void>,
): Promise<void> {
  const account = await client().register({ tag });
  const { context, page } = await signedInContext(browser, product.webUrl, account, viewport);
  try {
    await withScreenshot(page, `account-${tag}`, () => steps(page, account, context));
  } finally {
    await context.close();
  }
}

async function openSettings(page: Page): Promise<void> {
  await page.goto(web('/settings'));
  await waitForHydration(page, '[data-testid="change-password-submit"]');
}

async function signInThroughForm(page: Page, email: string, password: string): Promise<void> {
  await page.goto(web('/login'));
  await waitForHydration(page, '[data-testid="login-submit"]');
  await page.fill('#email', email);
  await page.fill('#password', password);
  await page.click('[data-testid="login-submit"]');
}

const VIEWPORTS = [
  ['desktop', DESKTOP],
  ['phone', { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true }],
] as const;

describe.each(VIEWPORTS)('account (%s)', (name, viewport) => {
  it('a banner asks to verify the address; "Resend" logs a new link; opening it verifies the address and the banner goes', async () => {
    await person(`verify-${name}`, viewport, async (page, account) => {
      await page.goto(web('/build'));
      const banner = page.getByTestId('verify-email-banner');
      await banner.waitFor();
      expect(await banner.textContent()).toContain(`Please verify your email address. We sent a link to ${account.user.email}.`);
      await eventually(() => loggedLinks('email_verification_link', account.user.email).length).toBe(1);
      await waitForHydration(page, '[data-testid="verify-email-resend"]');
      await banner.getByTestId('verify-email-resend').click();
      await page.getByText(`We have sent a new link to ${account.user.email}.`).waitFor();
      await eventually(() => loggedLinks('email_verification_link', account.user.email).length).toBe(2);
      const [first, latest] = loggedLinks('email_verification_link', account.user.email);

      // The first link ended with the resend; the latest works.
      await page.goto(first!);
      await page.getByTestId('verify-email-failed').waitFor();
      expect(await page.getByTestId('verify-email-failed').textContent()).toContain('This link is invalid or has expired.');
      await page.goto(latest!);
      await page.getByTestId('verify-email-done').waitFor();
      expect(await page.getByTestId('verify-email-done').textContent()).toContain(`Your email address is verified: ${account.user.email}.`);

      await openSettings(page);
      await page.getByTestId('email-verified').waitFor();
      expect(await page.getByTestId('verify-email-banner').count()).toBe(0);
      expect((await client().call('GET', '/v1/me', { token: (await client().login(account.user.email)).idToken })).json.emailVerified).toBe(true);
    });
  });

  it('changes the password in Settings, stays signed in here, then signs in with the new one', async () => {
    await person(`password-${name}`, viewport, async (page, account) => {
      await openSettings(page);
      await page.fill('#currentPassword', 'not the password');
      await page.fill('#newPassword', 'a brand new passphrase');
      await page.fill('#confirmPassword', 'a brand new passphrase');
      await page.getByTestId('change-password-submit').click();
      await eventually(() => page.getByTestId('currentPassword-error').textContent()).toBe('This is not your current password.');

      await page.fill('#currentPassword', account.password);
      await page.getByTestId('change-password-submit').click();
      await page.getByText('Your password is changed').waitFor();
      // This device adopted its new session: a reload is still signed in.
      await page.reload();
      await waitForHydration(page, '[data-testid="change-password-submit"]');
      await page.getByTestId('user-menu').waitFor();
      await page.getByTestId('settings-email').waitFor();

      await page.getByTestId('user-menu').click();
      await page.getByTestId('sign-out').click();
      await page.waitForURL((u) => u.pathname === '/');
      await signInThroughForm(page, account.user.email, account.password);
      await eventually(() => page.textContent('[data-testid="form-error"]')).toBe('Incorrect email or password.');
      await signInThroughForm(page, account.user.email, 'a brand new passphrase');
      await page.waitForURL((u) => u.pathname === '/build', { timeout: limit(30_000) });
    });
  });

  it('deletes the account from Settings (exports offered, the deletion said to be final): sign-in fails and the published app is gone', async () => {
    await person(`delete-${name}`, viewport, async (page, account, context) => {
      const sprout = (await client().call<{ id: string }>('POST', '/v1/sprouts', { token: account.idToken, body: { displayName: `Farewell ${name}` } })).json;
      const published = await client().call<{ publicUrl: string }>('POST', `/build/v1/sprouts/${sprout.id}/publish`, { token: account.idToken });
      expect(published.status).toBe(200);
      const site = await context.newPage();
      expect((await site.goto(published.json.publicUrl))!.status()).toBe(200);

      await openSettings(page);
      await page.getByTestId('delete-account').click();
      const dialog = page.getByTestId('delete-account-dialog');
      await dialog.getByTestId(`export-${sprout.id}`).waitFor();
      expect(await dialog.getByTestId('export-row').count()).toBe(1);
      await dialog.getByTestId('delete-account-continue').click();
      await eventually(() => dialog.getByTestId('delete-account-consequences').textContent()).toContain('1 published app is taken offline');
      expect(await dialog.getByTestId('delete-account-final').textContent()).toBe('Deleting your account is final. It cannot be undone, not even by our team.');
      await dialog.locator('#deletePassword').fill('wrong password here');
      await dialog.getByTestId('delete-account-confirm').click();
      await eventually(() => dialog.getByTestId('deletePassword-error').textContent()).toBe('This is not your current password.');
      await dialog.locator('#deletePassword').fill(account.password);
      await dialog.getByTestId('delete-account-confirm').click();
      await page.waitForURL((u) => u.pathname === '/', { timeout: limit(30_000) });
      await page.getByText('Your account is deleted').waitFor();

      const gone = await site.goto(published.json.publicUrl);
      expect(gone!.status()).toBe(404);
      expect(await site.textContent('body')).toContain('There is no published app at this address.');
      await signInThroughForm(page, account.user.email, account.password);
      await eventually(() => page.textContent('[data-testid="form-error"]')).toBe('Incorrect email or password.');
    });
  });

  it('every plan offered shows its price: pricing, paywall, checkout, test checkout, billing; a blocked publish links the publish destination', async () => {
    await person(`prices-${name}`, viewport, async (page) => {
      await page.goto(web('/pricing'));
      for (const [tier, amount] of Object.entries(PRICES)) {
        expect(await page.getByTestId(`plan-${tier}`).getByTestId(`plan-price-${tier}`).textContent()).toBe(`${amount}/ month`);
      }
      expect(await page.getByTestId('plan-free').getByTestId('plan-price-free').textContent()).toBe('€0/ month');

      await page.goto(web('/build?modal=paywall-projects'));
      const paywall = page.getByTestId('paywall');
      await paywall.waitFor();
      for (const [tier, amount] of Object.entries(PRICES)) {
        await eventually(() => paywall.getByTestId(`paywall-plan-${tier}`).textContent()).toContain(`${amount} / month`);
      }

      await page.goto(web('/go-to-checkout?tier=tier-2'));
      const summary = page.getByTestId('checkout-summary');
      await summary.waitFor();
      await eventually(() => summary.getByTestId('plan-price-tier-2').first().textContent()).toBe('€29.50 / month');
      await waitForHydration(page, '[data-testid="checkout-continue"]');
      await summary.getByTestId('checkout-continue').click();
      const checkout = page.getByTestId('test-checkout');
      await checkout.waitFor({ timeout: limit(30_000) });
      await eventually(() => checkout.textContent()).toContain('€29.50 / month');
      await checkout.getByTestId('test-checkout-pay').click();
      await page.waitForURL((u) => u.pathname === '/build', { timeout: limit(30_000) });

      await page.goto(web('/settings/billing'));
      await eventually(() => page.getByTestId('plan-details').textContent()).toContain('€29.50 / month');
      await page.goto(web('/checkout/test/manage'));
      await eventually(() => page.getByTestId('manage-plan-tier-4').textContent()).toContain('€99 / month');

      // Back on Free with one app live: publishing another is blocked and says where to upgrade.
      const other = await client().register({ tag: `publish-limit-${name}` });
      const [live, next] = [
        (await client().call<{ id: string }>('POST', '/v1/sprouts', { token: other.idToken, body: { displayName: 'Live one' } })).json,
        (await client().call<{ id: string }>('POST', '/v1/sprouts', { token: other.idToken, body: { displayName: 'Next one' } })).json,
      ];
      expect((await client().call('POST', `/build/v1/sprouts/${live.id}/publish`, { token: other.idToken })).status).toBe(200);
      const { context: otherContext, page: otherPage } = await signedInContext(browser, product.webUrl, other, viewport);
      try {
        await otherPage.goto(web(`/build/${next.id}`));
        await waitForHydration(otherPage, '[data-testid="publish-button"]');
        await otherPage.getByTestId('publish-button').click();
        const limit = otherPage.getByTestId('publish-limit');
        await limit.waitFor();
        expect(await limit.getByTestId('publish-upgrade').getAttribute('href')).toBe('/pricing?reason=publish');
        await limit.getByTestId('publish-upgrade').click();
        await otherPage.waitForURL((u) => u.pathname === '/pricing');
        expect(await otherPage.getByTestId('pricing-reason').getAttribute('data-reason')).toBe('publish');
      } finally {
        await otherContext.close();
      }
    });
  });
});
