import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import type { BrowserContextOptions, Page } from 'playwright-core';
import type { Sprout } from '@sprout/core/contract';
import { startCaddy } from '@sprout/testkit';
import { launchChromium } from '@sprout/testkit/browser';
import { asPerson, DESKTOP, eventually, limit, openProject, useBrowser } from './browser';
import { apiCall, apiUrl, createSproutsViaApi, getSprout, registerViaApi, setDnsRecords, staffAccount } from './product';

// Publishing from the project page (POST/DELETE /build/v1/sprouts/:id/publish) to a public
// {slug}.sites.localhost:{apiPort} address, and exporting the code as a zip.

const browser = useBrowser();

describe('publish dialog', () => {
  it('publishes to a public address that serves the app, republishes, and unpublishes (the address then answers 404)', async () => {
    const account = await registerViaApi('publish');
    const [sprout] = await createSproutsViaApi(account, ['Garden Planner']);
    const id = sprout!.id;
    await asPerson(browser, account, { shot: 'publish-flow', ...DESKTOP }, async (page, context) => {
      await openProject(page, id);
      await page.getByTestId('publish-button').click();
      const dialog = page.getByTestId('publish-dialog');
      await dialog.waitFor();
      expect(await dialog.getAttribute('data-state-published')).toBe('false');
      expect(await dialog.getByTestId('public-url').count()).toBe(0);
      // The address is shown before publishing, made from the name.
      await eventually(() => dialog.getByTestId('publish-address').textContent()).toMatch(/^garden-planner(-[a-z0-9]{4})?\.sites\.localhost:\d+$/);

      // …and can be changed: each bad address says why, and Publish waits for a good one.
      await dialog.getByTestId('publish-address-change').click();
      const input = dialog.getByTestId('publish-address-input');
      const status = dialog.getByTestId('publish-address-status');
      await input.fill('my garden!');
      await eventually(() => status.textContent()).toBe('Use only letters a–z, digits and hyphens.');
      expect(await dialog.getByTestId('publish-confirm').isDisabled()).toBe(true);
      await input.fill('admin');
      await eventually(() => status.textContent()).toBe('That address is reserved for Sprout. Try another.');
      const chosen = `gardens-${id.slice(0, 6)}`;
      await input.fill(chosen.toUpperCase());
      await eventually(() => status.getAttribute('data-state')).toBe('available');
      await dialog.getByTestId('publish-confirm').click();
      const link = dialog.getByTestId('public-url');
      await link.waitFor({ timeout: limit(30_000) });
      await page.getByText('Your app is live', { exact: true }).first().waitFor();
      expect(await dialog.getAttribute('data-state-published')).toBe('true');
      const url = (await link.getAttribute('href'))!;
      expect(new URL(url).hostname).toBe(`${chosen}.sites.localhost`);
      expect((await getSprout(account, id)).json.publicUrl).toBe(url);
      // The header says so too.
      await eventually(() => page.getByTestId('publish-button').textContent()).toBe('Published');

      // The public address serves the app to anyone, in a new page.
      const [site] = await Promise.all([context.waitForEvent('page'), link.click()]);
      await site.waitForURL((u) => u.origin === new URL(url).origin);
      await site.getByRole('heading', { name: 'Sprout starter' }).waitFor({ timeout: limit(15_000) });
      await site.close();
      const anonymous = await browser.newContext();
      const visitor = await anonymous.newPage();
      expect((await visitor.goto(url))!.status()).toBe(200);
      await visitor.getByRole('heading', { name: 'Sprout starter' }).waitFor({ timeout: limit(15_000) });

      // Republish: the same address, the latest version.
      await dialog.getByTestId('publish-confirm').click();
      await page.getByText('Your app is updated').waitFor({ timeout: limit(30_000) });
      expect(await dialog.getByTestId('public-url').getAttribute('href')).toBe(url);

      // Unpublish asks first; "Keep it live" changes nothing and gives focus back.
      await dialog.getByTestId('publish-unpublish').click();
      await dialog.getByTestId('unpublish-confirm').waitFor();
      await eventually(() => page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('unpublish-keep');
      await page.keyboard.press('Enter');
      await eventually(() => page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('publish-unpublish');
      expect((await getSprout(account, id)).json.published).toBe(true);
      // Unpublish: the address stops serving, and is kept for next time.
      await dialog.getByTestId('publish-unpublish').click();
      await dialog.getByTestId('confirm-unpublish').click();
      await eventually(() => dialog.getAttribute('data-state-published')).toBe('false');
      await dialog.getByTestId('public-url').waitFor({ state: 'detached' });
      expect(await dialog.textContent()).toContain(url.replace(/^https?:\/\//, ''));
      const after = (await getSprout(account, id)).json;
      expect(after).toMatchObject({ isDeploymentEnabled: false, published: false, publicUrl: url });
      expect((await visitor.goto(url))!.status()).toBe(404);
      // A branded page that says so, with a way to Sprout.
      await visitor.getByRole('heading', { name: 'This app is not published right now' }).waitFor();
      expect(await visitor.getByRole('link', { name: /Build your own app with Sprout/ }).getAttribute('href')).toMatch(/^http:\/\/localhost:\d+\/$/);
      await anonymous.close();
      // Closing the dialog gives focus back to the button that opened it.
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'detached' });
      await eventually(() => page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('publish-button');
      await eventually(() => page.getByTestId('publish-button').textContent()).toBe('Publish');
    });
  });

  it('opens the deployments paywall when the plan’s published apps are used up', async () => {
    const account = await registerViaApi('publish-limit');
    const [first, second] = await createSproutsViaApi(account, ['Live one', 'Second one']);
    expect((await apiCall('POST', `/build/v1/sprouts/${first!.id}/publish`, account.idToken)).status).toBe(200);
    await asPerson(browser, account, { shot: 'publish-paywall', ...DESKTOP }, async (page) => {
      await openProject(page, second!.id);
      await page.getByTestId('publish-button').click();
      await page.getByTestId('publish-confirm').click();
      const paywall = page.getByTestId('paywall');
      await paywall.waitFor({ timeout: limit(30_000) });
      expect(await paywall.getAttribute('data-source')).toBe('deployment_limit_reached');
      expect(new URL(page.url()).searchParams.get('modal')).toBe('paywall-deployments');
      await page.getByTestId('publish-dialog').waitFor({ state: 'detached' });
      expect((await getSprout(account, second!.id)).json.published).toBe(false);
    });
  });

  it('says why when the app does not build', async () => {
    const account = await registerViaApi('publish-broken');
    const res = await apiCall<Sprout>('POST', '/v1/sprouts', account.idToken, {
      displayName: 'Broken publish',
      files: [{ name: 'client/src/main.tsx', content: 'const x = ;\n' }],
    });
    expect(res.status).toBe(201);
    await asPerson(browser, account, { shot: 'publish-broken', ...DESKTOP }, async (page) => {
      await openProject(page, res.json.id);
      await page.getByTestId('publish-button').click();
      await page.getByTestId('publish-confirm').click();
      const error = page.getByTestId('publish-error');
      await error.waitFor({ timeout: limit(30_000) });
      expect(await error.textContent()).toContain('does not build');
      // The same sentence as a toast.
      await page.locator('[data-sonner-toast]', { hasText: 'does not build' }).first().waitFor();
      expect(await page.getByTestId('publish-dialog').getAttribute('data-state-published')).toBe('false');
    });
  });

  it('adds a custom domain, verifies it through DNS, serves the app there through Caddy with TLS, and removes it', async () => {
    // Custom domains come with paid plans: the suite's staff account has no limit.
    const account = await staffAccount();
    const [sprout] = await createSproutsViaApi(account, ['Own domain']);
    const id = sprout!.id;
    expect((await apiCall('POST', `/build/v1/sprouts/${id}/publish`, account.idToken)).status).toBe(200);
    const domain = `shop-${id}.example.com`;
    // Caddy in front of the API, issuing certificates on demand only for what the API says is verified (docs/deploy.md).
    const api = new URL(apiUrl());
    const caddy = await startCaddy({ upstream: api.host, askUrl: `${api.origin}/v1/hosting/tls-ask` });
    // A visitor's browser that finds the domain at Caddy, as DNS would send it there.
    const visitorBrowser = await launchChromium([`--host-resolver-rules=MAP ${domain} 127.0.0.1`]);
    try {
      await asPerson(browser, account, { shot: 'publish-custom-domain', ...DESKTOP }, async (page) => {
        await openProject(page, id);
        await page.getByTestId('publish-button').click();
        const section = page.getByTestId('publish-dialog').getByTestId('custom-domains');
        await section.getByTestId('custom-domains-empty').waitFor({ timeout: limit(15_000) });
        // A name that cannot be one says why, in place.
        await section.getByTestId('custom-domain-input').fill('localhost');
        await section.getByTestId('custom-domain-add').click();
        await eventually(() => section.getByTestId('custom-domain-error').textContent()).toContain('domain name');
        await section.getByTestId('custom-domain-input').fill(`https://${domain.toUpperCase()}/`);
        await section.getByTestId('custom-domain-input').press('Enter');
        const item = section.locator(`[data-testid="custom-domain"][data-domain="${domain}"]`);
        await item.waitFor({ timeout: limit(15_000) });
        expect(await item.getAttribute('data-status')).toBe('pending');
        expect(await item.getByTestId('custom-domain-status').textContent()).toBe('Waiting for DNS');
        expect(await item.getByTestId('domain-record-type').allTextContents()).toEqual(['CNAME', 'TXT']);
        const values = await item.getByTestId('domain-record-value').allTextContents();
        expect(values[0]).toMatch(/^sites\.localhost$/);
        expect(values[1]).toMatch(/^sprout-verify=[0-9a-f]{32}$/);
        await page
          .locator('[data-sonner-toast]', { hasText: `${domain} added` })
          .first()
          .waitFor();

        // The owner creates the records at their DNS host; "Check now" finds them through DNS_RESOLVER.
        const { json } = await apiCall<{ domains: { records: { type: string; name: string; value: string }[] }[] }>(
          'GET',
          `/build/v1/sprouts/${id}/domains`,
          account.idToken,
        );
        for (const r of json.domains[0]!.records) await setDnsRecords(r.name, r.type === 'TXT' ? { TXT: [r.value] } : { CNAME: r.value });
        await item.getByTestId('custom-domain-check').click();
        await eventually(() => item.getAttribute('data-status'), 15_000).toBe('verified');
        expect(await item.getByTestId('custom-domain-status').textContent()).toBe('Connected');

        // A visitor opens the domain: Caddy asks the API, gets a certificate from its CA, and the app answers.
        const visitor = await visitorBrowser.newContext({ ignoreHTTPSErrors: true });
        const site = await visitor.newPage();
        const url = `https://${domain}:${caddy.httpsPort}/`;
        const response = (await site.goto(url))!;
        expect(response.status()).toBe(200);
        const tls = (await response.securityDetails())!;
        // Issued for the name by Caddy's CA (its certificates name the domain in their SANs only).
        expect(tls.issuer).toContain('Caddy Local Authority');
        expect(tls.protocol).toMatch(/^TLS 1\.[23]$/);
        await site.getByRole('heading', { name: 'Sprout starter' }).waitFor({ timeout: limit(15_000) });

        await item.getByTestId('custom-domain-remove').click();
        await page.getByTestId('custom-domain-remove-confirm').click();
        await item.waitFor({ state: 'detached', timeout: limit(15_000) });
        await section.getByTestId('custom-domains-empty').waitFor();
        const left = await apiCall<{ domains: unknown[] }>('GET', `/build/v1/sprouts/${id}/domains`, account.idToken);
        expect(left.json.domains).toEqual([]);
        // Removed: the domain stops serving the app at once.
        expect((await site.goto(url))!.status()).toBe(404);
        await site.getByText('There is no app at this address.').waitFor();
        await visitor.close();
      });
    } finally {
      await visitorBrowser.close();
      await caddy.stop();
    }
  });
});

describe('analytics', () => {
  const desktop = {
    userAgent: 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36',
    viewport: { width: 1280, height: 800 },
  };
  const iphone = {
    userAgent: 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1',
    viewport: { width: 375, height: 812 },
  };

  /** Loads `paths` of the published app in a browser of its own, each page view reported before the next load. */
  async function visit(url: string, options: BrowserContextOptions, paths: string[]): Promise<void> {
    const context = await browser.newContext(options);
    try {
      const page = await context.newPage();
      for (const path of paths) {
        const reported = page.waitForResponse((r) => new URL(r.url()).pathname === '/_sprout/v1/analytics/visit', { timeout: limit(15_000) });
        // An address that is none of the app's prerendered routes answers 404, with the app's page all the same.
        expect([200, 404]).toContain((await page.goto(new URL(path, url).href))!.status());
        expect((await reported).status()).toBe(204);
      }
    } finally {
      await context.close();
    }
  }

  it('counts the published app’s visitors, page views and devices in the project’s Analytics tab', async () => {
    const account = await registerViaApi('analytics');
    const [sprout] = await createSproutsViaApi(account, ['Visited app']);
    const id = sprout!.id;
    const published = await apiCall<Sprout>('POST', `/build/v1/sprouts/${id}/publish`, account.idToken);
    expect(published.status).toBe(200);
    const url = published.json.publicUrl!;
    await asPerson(browser, account, { shot: 'analytics', ...DESKTOP }, async (page) => {
      await openProject(page, id);
      await page.getByTestId('tab-analytics').click();
      const panel = page.getByTestId('analytics-panel');
      await panel.getByText('No visits yet', { exact: true }).waitFor({ timeout: limit(15_000) });
      expect(await panel.getByTestId('analytics-public-url').getAttribute('href')).toBe(url);

      // Two people: one on a desktop opening two pages, one on a phone; the panel is hidden meanwhile.
      await page.getByTestId('tab-preview').click();
      await visit(url, desktop, ['/', '/about']);
      await visit(url, iphone, ['/']);

      // Shown again, it asks again (at once; its 30 s poll runs only while it shows).
      await page.getByTestId('tab-analytics').click();
      await eventually(() => panel.getByTestId('analytics-visitors').textContent()).toBe('2');
      expect(await panel.getByTestId('analytics-page-views').textContent()).toBe('3');
      const devices = panel.getByTestId('analytics-devices');
      expect(await devices.getByRole('rowheader').allTextContents()).toEqual(expect.arrayContaining(['Desktop', 'Mobile']));
      expect(await panel.getByTestId('analytics-pages').textContent()).toContain('/about');
      expect(await panel.getByTitle(/: 2 visitors, 3 page views$/).count()).toBe(1);

      // A longer range holds the same visits.
      await panel.getByRole('radiogroup', { name: 'Range' }).getByRole('radio', { name: 'Last 30 days' }).click();
      await eventually(() => panel.locator('[data-day]').count()).toBe(30);
      expect(await panel.getByTestId('analytics-visitors').textContent()).toBe('2');
    });
  });

  it('publishes pages search engines can read: the title and description set in Publish settings, the rendered page, a sitemap, and 404 for unknown routes', async () => {
    const account = await registerViaApi('seo');
    const [sprout] = await createSproutsViaApi(account, ['Soup Kitchen']);
    const id = sprout!.id;
    const title = 'Soup Kitchen: hot soup & bread';
    const description = 'Fresh soup every day, ordered in two taps.';
    let url = '';
    await asPerson(browser, account, { shot: 'publish-settings', ...DESKTOP }, async (page) => {
      await openProject(page, id);
      await page.getByTestId('publish-button').click();
      const dialog = page.getByTestId('publish-dialog');
      await dialog.waitFor();
      await dialog.getByTestId('publish-settings-open').click();
      const settings = page.getByTestId('publish-settings-dialog');
      await settings.getByLabel('Title').waitFor({ timeout: limit(15_000) });
      // Markup is refused before saving, in plain words.
      await settings.getByLabel('Title').fill('<b>Soup</b>');
      await settings.getByText('The title must be plain text, without HTML tags.').waitFor();
      expect(await settings.getByTestId('site-settings-save').isDisabled()).toBe(true);
      await settings.getByLabel('Title').fill(title);
      await settings.getByLabel('Description').fill(description);
      // The link preview follows what is typed.
      await eventually(() => settings.getByTestId('site-link-preview').textContent()).toContain(description);
      await settings.getByTestId('site-settings-save').click();
      await page
        .locator('[data-sonner-toast]', { hasText: 'Publish settings saved' })
        .first()
        .waitFor({ timeout: limit(15_000) });
      await settings.waitFor({ state: 'detached' });
      await dialog.getByTestId('publish-confirm').click();
      const link = dialog.getByTestId('public-url');
      await link.waitFor({ timeout: limit(60_000) });
      url = (await link.getAttribute('href'))!;
    });

    // As a crawler reads it: no script runs, and the page already says what it is and shows its content.
    const crawler = await browser.newContext({ javaScriptEnabled: false });
    try {
      const page = await crawler.newPage();
      const origin = new URL(url).origin;
      expect((await page.goto(url))!.status()).toBe(200);
      expect(await page.title()).toBe(title);
      expect(await page.locator('meta[name="description"]').getAttribute('content')).toBe(description);
      expect(await page.locator('meta[property="og:title"]').getAttribute('content')).toBe(title);
      expect(await page.locator('link[rel="canonical"]').getAttribute('href')).toBe(`${origin}/`);
      await page.getByRole('heading', { name: 'Sprout starter' }).waitFor({ timeout: limit(5_000) });
      const sitemap = await page.goto(`${origin}/sitemap.xml`);
      expect(sitemap!.status()).toBe(200);
      expect(await sitemap!.text()).toContain(`<loc>${origin}/</loc>`);
      expect(await (await page.goto(`${origin}/robots.txt`))!.text()).toContain(`Sitemap: ${origin}/sitemap.xml`);
      const unknown = await page.goto(`${origin}/no-such-page`);
      expect(unknown!.status()).toBe(404);
      expect(await page.locator('meta[name="robots"]').getAttribute('content')).toBe('noindex');
    } finally {
      await crawler.close();
    }
  });
});

describe('export', () => {
  it('downloads the code as {name}.zip', async () => {
    const account = await registerViaApi('export');
    const [sprout] = await createSproutsViaApi(account, ['Recipe Box']);
    await asPerson(browser, account, { shot: 'export', ...DESKTOP, acceptDownloads: true }, async (page) => {
      await openProject(page, sprout!.id);
      const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('export-button').click()]);
      expect(download.suggestedFilename()).toBe('recipe-box.zip');
      const bytes = await readFile((await download.path())!);
      // A zip starts with a local file header: 'PK\x03\x04'.
      expect([...bytes.subarray(0, 4)]).toEqual([0x50, 0x4b, 0x03, 0x04]);
      expect(bytes.includes(Buffer.from('recipe-box/package.json'))).toBe(true);
      await page.getByText('Downloading recipe-box.zip').waitFor();
      await eventually(() => page.getByTestId('export-button').isEnabled()).toBe(true);
    });
  });

  it('shows the server’s reason when the export fails', async () => {
    const account = await registerViaApi('export-fail');
    const [sprout] = await createSproutsViaApi(account, ['Gone soon']);
    await asPerson(browser, account, { shot: 'export-fail', ...DESKTOP }, async (page) => {
      await openProject(page, sprout!.id);
      // Deleted meanwhile (say, in another tab): the API answers 404 with its message.
      expect((await apiCall('DELETE', `/v1/sprouts/${sprout!.id}`, account.idToken)).status).toBeLessThan(300);
      await page.getByTestId('export-button').click();
      await page.locator('[data-sonner-toast]', { hasText: 'Could not export the code' }).first().waitFor();
      await eventually(() => page.getByTestId('export-button').isEnabled()).toBe(true);
    });
  });
});
