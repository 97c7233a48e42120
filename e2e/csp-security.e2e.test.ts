// The Content-Security-Policy of Sprout's pages (apps/web/lib/csp.ts, set per request by proxy.ts):
// every main page answers with a script-src of Sprout's own files and this response's nonce (no
// 'unsafe-inline', no 'unsafe-eval'), and loads and works under it without a single violation — the theme and error
// boot scripts, the lazily loaded toaster, analytics to the API, the error tunnel, the developer
// toolbar, the preview frame on its own origin. Script put into a page's HTML (as a stored XSS would)
// does not run, in any form: an inline script, an event handler attribute, another site's script
// file, a javascript: link, nor an inline script made by a script that does carry the nonce.
import { describe, expect, it } from 'vitest';
import type { BrowserContext, Page, Response, Route } from 'playwright-core';
import { Tally } from '@sprout/testkit/vitest';
import { limit, signedInContext, useBrowser, waitForHydration, withScreenshot } from './browser';
import { apiCall, apiUrl, createSproutsViaApi, refreshAccount, registerViaApi, staffAccount, webUrl } from './product';

const browser = useBrowser();
const xss = new Tally('XSS (browser)');

/** Records, from the first script of every page, each CSP violation the page reports. */
async function recordViolations(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { __cspViolations: string[] }).__cspViolations = seen;
    document.addEventListener('securitypolicyviolation', (e) => seen.push(`${e.violatedDirective} ${e.blockedURI} ${e.sourceFile}:${e.lineNumber}`));
  });
}

const violations = (page: Page) => page.evaluate(() => (window as unknown as { __cspViolations?: string[] }).__cspViolations ?? []);

/** The directive's sources in the response's Content-Security-Policy. */
function directive(res: Response | null, name: string): string[] {
  const policy = res?.headers()['content-security-policy'] ?? '';
  for (const part of policy.split(';')) {
    const [n, ...sources] = part.trim().split(/\s+/);
    if (n === name) return sources;
  }
  return [];
}

/** The page's script policy: Sprout's own files and this response's nonce, nothing inline, no eval, no other origin. */
function expectScriptPolicy(res: Response | null, path: string): string {
  expect(res?.status(), path).toBe(200);
  const scripts = directive(res, 'script-src');
  const nonce = scripts.find((s) => /^'nonce-[A-Za-z0-9+/=]{16,}'$/.test(s));
  expect(nonce, `${path}: ${scripts.join(' ')}`).toBeTruthy();
  expect(scripts, path).toEqual(["'self'", nonce]);
  // The previews are framed from their own origins under the API's port; the API is called directly.
  const port = new URL(apiUrl()).port;
  expect(directive(res, 'frame-src'), path).toEqual([`http://*.preview.localhost:${port}`]);
  expect(directive(res, 'connect-src'), path).toContain(new URL(apiUrl()).origin);
  expect(directive(res, 'frame-ancestors'), path).toEqual(["'none'"]);
  return nonce!;
}

/** Loads `path`, waits until `ready` is hydrated, checks the header, and returns the response's nonce. */
async function load(page: Page, path: string, ready: string): Promise<string> {
  const res = await page.goto(`${webUrl()}${path}`);
  await waitForHydration(page, ready);
  return expectScriptPolicy(res, path);
}

describe('the script policy of Sprout’s pages', () => {
  it('signed out: home, sign-in and pricing answer with it and work under it', async () => {
    const context = await browser.newContext();
    await recordViolations(context);
    // What the browser lets out (a request the policy blocks never reaches the network), and the answers.
    const answered: Record<string, number[]> = { events: [], monitoring: [] };
    const watch = (name: string) => async (route: Route) => {
      const res = await route.fetch();
      answered[name]!.push(res.status());
      await route.fulfill({ response: res });
    };
    await context.route(`${apiUrl()}/v1/events`, watch('events'));
    await context.route(`${webUrl()}/monitoring`, watch('monitoring'));
    const page = await context.newPage();
    await withScreenshot(page, 'csp-signed-out', async () => {
      const first = await load(page, '/', '[data-testid="prompt-send"]');
      // Analytics reach the API (connect-src): the home page's page view.
      await expect.poll(() => answered.events!.some((s) => s < 300), { timeout: limit(30_000) }).toBe(true);
      // The toaster, loaded when the page is idle, runs.
      await page.locator('section[aria-label^="Notifications"]').waitFor({ state: 'attached', timeout: limit(30_000) });
      // The theme boot script ran before paint: the class follows the stored choice.
      await page.evaluate(() => localStorage.setItem('sprout.theme', 'dark'));
      const again = await load(page, '/login', '[data-testid="login-submit"]');
      expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(true);
      expect(again).not.toBe(first);
      // Window errors reach the same-origin tunnel.
      await page.evaluate(() => window.dispatchEvent(new ErrorEvent('error', { message: 'csp probe: an error report under the policy' })));
      await expect.poll(() => answered.monitoring!.some((s) => s < 300)).toBe(true);
      await load(page, '/pricing', 'header a');
      expect(await violations(page)).toEqual([]);
    });
    // Later page views may still be on their way through the watch.
    await context.unrouteAll({ behavior: 'ignoreErrors' });
    await context.close();
  });

  it('signed in: projects, a project with its preview, pricing and settings answer with it and work under it', async () => {
    const person = await registerViaApi('csp');
    const [sprout] = await createSproutsViaApi(person, ['Under the policy']);
    const { context, page } = await signedInContext(browser, person, { viewport: { width: 1440, height: 900 } });
    await recordViolations(context);
    await withScreenshot(page, 'csp-signed-in', async () => {
      const pages: [string, string][] = [
        ['/build', '[data-testid="project-list"]'],
        ['/pricing', 'header a'],
        ['/settings', 'header a'],
        [`/build/${sprout!.id}`, '[data-testid="chat-input"]'],
      ];
      for (const [path, ready] of pages) {
        await load(page, path, ready);
        expect(await violations(page), path).toEqual([]);
      }
      // The preview runs in its frame on the project's own origin (frame-src).
      await page
        .frameLocator('[data-testid="preview-frame"]')
        .locator('#root > *')
        .first()
        .waitFor({ timeout: limit(60_000) });
      expect(await violations(page)).toEqual([]);
    });
    await context.close();
  });

  it('the developer toolbar loads under it for a course engineer', async () => {
    const staff = await staffAccount();
    const engineer = await registerViaApi('csp-engineer');
    expect((await apiCall('PUT', `/v1/admin/users/${engineer.user.id}/roles`, staff.idToken, { roles: ['course_engineer'] })).status).toBe(200);
    const { context, page } = await signedInContext(browser, await refreshAccount(engineer));
    await recordViolations(context);
    await load(page, '/build', '[data-testid="dev-toolbar"]');
    await page.getByTestId('dev-toolbar').click();
    await expect.poll(() => page.getByTestId('dev-roles').textContent()).toBe('course_engineer');
    expect(await violations(page)).toEqual([]);
    await context.close();
  });
});

describe('script put into a page does not run', () => {
  it('inline, as an attribute, from another site, as a javascript: link, or made by a script that has the nonce', async () => {
    const context = await browser.newContext();
    await recordViolations(context);
    const page = await context.newPage();
    // A stored XSS, as if the server had rendered a person's text as HTML: the page's HTML gets hostile
    // markup, and keeps the response's own headers. The last one is a script with this response's
    // nonce (one of the page's own) that makes an inline script of text it was given: it runs, what
    // it makes does not.
    await context.route('http://evil.example/**', (route) => route.fulfill({ contentType: 'text/javascript', body: "window.__xss = 'file';" }));
    await context.route(`${webUrl()}/gadget.js`, (route) =>
      route.fulfill({
        contentType: 'text/javascript',
        body: "window.__gadgetRan = true; var s = document.createElement('script'); s.textContent = \"window.__xss = 'made by a trusted script'\"; document.head.appendChild(s);",
      }),
    );
    await page.route(`${webUrl()}/terms`, async (route) => {
      const res = await route.fetch();
      const nonce = /'nonce-([^']+)'/.exec(res.headers()['content-security-policy'] ?? '')?.[1] ?? '';
      const hostile = [
        `<script>window.__xss = 'inline'</script>`,
        `<img src="data:," onerror="window.__xss = 'attribute'">`,
        `<script src="http://evil.example/injected.js"></script>`,
        `<a id="js-link" href="javascript:window.__xss = 'link'">a link</a>`,
        `<script nonce="${nonce}" src="/gadget.js"></script>`,
      ].join('');
      await route.fulfill({ response: res, body: (await res.text()).replace('</body>', `${hostile}</body>`) });
    });
    await withScreenshot(page, 'csp-injected', async () => {
      await page.goto(`${webUrl()}/terms`);
      // The page's own scripts still run: React hydrated it, and the script with the nonce ran.
      await waitForHydration(page, 'header a');
      await page.waitForFunction(() => (window as unknown as { __gadgetRan?: boolean }).__gadgetRan === true);
      await page.click('#js-link');
      // Every attempt is reported: the inline script, the one the gadget made and the link (inline), the attribute, the file.
      const inline = async () => (await violations(page)).filter((v) => v.startsWith('script-src-elem inline')).length;
      // (A page without the policy reports nothing: the checks below then say what got through.)
      await expect
        .poll(inline)
        .toBeGreaterThanOrEqual(3)
        .catch(() => undefined);
      const seen = await violations(page);
      const ran = await page.evaluate(() => (window as unknown as { __xss?: string }).__xss ?? null);
      xss.check(ran === null, `injected script ran: ${ran}`);
      xss.check((await inline()) >= 3, `an inline script was not refused: ${JSON.stringify(seen)}`);
      xss.check(
        seen.some((v) => v.startsWith('script-src-attr inline')),
        `the event handler attribute was not refused: ${JSON.stringify(seen)}`,
      );
      xss.check(
        seen.some((v) => v.startsWith('script-src-elem http://evil.example/injected.js')),
        `the other site's script was not refused: ${JSON.stringify(seen)}`,
      );
    });
    await context.close();
    xss.assertClean();
  });
});
