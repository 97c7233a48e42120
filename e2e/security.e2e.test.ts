// The security checks that need the real web app and a browser: XSS payloads in project names,
// chat text and file names render as text everywhere; the login page never follows a hostile
// redirectUrl; state-changing web routes refuse foreign Origins; the publish dialog's security
// check holds Publish back for a key in the app's code until the owner accepts the risk; and the
// project-scoped web routes (/build/{id}, /build/magic/{id}) refuse every hostile session (none,
// malformed, bad signature, refresh token, expired token, another person's, expired impersonation)
// without showing data.
// Runs its own product with 60-second tokens, so real expiry is tested, not simulated.
import { beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { starterFiles } from '@sprout/template';
import { ApiClient, freePort, startWeb, waitUntil, type TestAccount } from '@sprout/testkit';
import { signInPage } from '@sprout/testkit/browser';
import { signSession } from '@sprout/web/testing';
import { Tally } from '@sprout/testkit/vitest';
import { eventually, limit, useBrowser, withScreenshot } from './browser';
import { useProduct } from './product';

const SECRET = 'e2e-security-session-secret-0123456789abcdef';
const PREVIOUS = 'e2e-security-previous-secret-0123456789abcdef';
const TTL = 60;

const authz = new Tally('authorization: web routes');
const xss = new Tally('XSS (browser)');
const redirects = new Tally('open redirect');
const csrf = new Tally('CSRF (web routes)');

// Its own product: 60-second tokens, and session secrets this file signs cookies with.
const product = useProduct({ ID_TOKEN_TTL_SECONDS: String(TTL), IMPERSONATION_TTL_SECONDS: String(TTL), SESSION_SECRETS: `${SECRET},${PREVIOUS}` });
const browser = useBrowser();
const web = () => product.webUrl;
const client = () => new ApiClient(product.apiUrl);
const register = (tag: string, email?: string, displayName = `Sec ${tag}`): Promise<TestAccount> => client().register({ tag, email, displayName });
// The answers' shapes are read field by field where they are checked.
const call = (method: string, path: string, token: string, body?: unknown) => client().call(method, path, { token, body });

/** Signed in as `account` in a new context; every dialog the pages open is recorded (and dismissed). */
async function signedIn(account: TestAccount): Promise<{ context: BrowserContext; page: Page; dialogs: string[] }> {
  const context = await browser.newContext();
  const dialogs: string[] = [];
  context.on('dialog', (d) => {
    dialogs.push(d.message());
    void d.dismiss();
  });
  const page = await signInPage(context, web(), account);
  return { context, page, dialogs };
}

/** The person a `sprout` session cookie (base64url JSON with the ID token, then a signature) is for. */
function sessionUser(cookie: string | undefined): string | null {
  if (!cookie) return null;
  const { idToken } = JSON.parse(Buffer.from(cookie.split('.')[0]!, 'base64url').toString()) as { idToken: string };
  return (JSON.parse(Buffer.from(idToken.split('.')[1]!, 'base64url').toString()) as { sub: string }).sub;
}

let owner: TestAccount;
let other: TestAccount;
let staff: TestAccount;
let ownerProject: string;
const tokens: Record<string, string> = {};
const OWNER_PROJECT = 'Owner Secret Project 2c9e';

beforeAll(async () => {
  owner = await register('owner');
  other = await register('other');
  staff = await register('staff', 'staff@e2e.test');
  ownerProject = (await call('POST', '/v1/sprouts', owner.idToken, { displayName: OWNER_PROJECT })).json.id;
  // Tokens the web-route matrix (the last test) waits to expire.
  tokens.ownerExpiring = (await client().login(owner.user.email)).idToken;
  const imp = await call('POST', '/v1/admin/impersonate', staff.idToken, { userId: owner.user.id });
  expect(imp.status, JSON.stringify(imp.json)).toBe(200);
  tokens.impersonation = imp.json.token as string;
  expect(tokens.impersonation).toBeTruthy();
}, 240_000);

const PAYLOADS = [
  `<img src=x onerror="window.__xss='img';alert('img')">`,
  `<script>window.__xss='script';alert('script')</script>`,
  `"><svg onload="window.__xss='svg';alert('svg')">`,
  `</title><script>alert('title')</script>`,
  `javascript:alert('js') {{constructor.constructor('alert(1)')()}}`,
];

async function assertInert(page: Page, dialogs: string[], where: string) {
  const state = await page.evaluate(() => ({
    flag: (window as unknown as { __xss?: string }).__xss ?? null,
    handlers: document.querySelectorAll('[onerror],[onload],[onmouseover],[onclick]').length,
    // A script element made of a payload (Next's own inline data scripts carry the names as escaped JSON strings).
    scripts: [...document.scripts].filter((s) => /^\s*(window\.__xss|alert\()/.test(s.textContent ?? '')).length,
    jsLinks: [...document.querySelectorAll('a[href^="javascript:" i]')].length,
  }));
  xss.check(
    dialogs.length === 0 && state.flag === null && state.handlers === 0 && state.scripts === 0 && state.jsLinks === 0,
    `${where}: dialogs ${JSON.stringify(dialogs)}, ${JSON.stringify(state)}`,
  );
}

describe('XSS payloads render as text', () => {
  it('in the project list, the project header and the page title', async () => {
    const author = await register('xss');
    const ids: string[] = [];
    for (const p of PAYLOADS) {
      const res = await call('POST', '/v1/sprouts', author.idToken, { displayName: p.slice(0, 100) });
      expect(res.status).toBe(201);
      ids.push(res.json.id);
    }
    const { context, page, dialogs } = await signedIn(author);
    await page.goto(`${web()}/build`);
    await page.getByTestId('project-list').waitFor();
    for (const p of PAYLOADS) {
      const shown = await page.getByTestId('project-list').getByText(p.slice(0, 100), { exact: true }).count();
      xss.check(shown > 0, `/build list shows ${JSON.stringify(p)} as text (${shown})`);
    }
    await assertInert(page, dialogs, '/build');
    for (const [i, id] of ids.entries()) {
      await page.goto(`${web()}/build/${id}`);
      // Read from the DOM once rendered (the header re-renders while the page hydrates).
      await page
        .waitForFunction((p) => document.querySelector('[data-testid=project-name]')?.textContent?.includes(p), PAYLOADS[i]!.slice(0, 100), {
          timeout: limit(30_000),
        })
        .catch(async (err: Error) => {
          // Seen once in CI: say where the page was and what it showed instead.
          const shown = (await page.evaluate(() => document.body?.innerText ?? '')).replace(/\s+/g, ' ').slice(0, 300);
          throw new Error(`project ${i}: no header with its name at ${page.url()}; the page shows: ${shown}`, { cause: err });
        });
      const name = await page.evaluate(() => document.querySelector('[data-testid=project-name]')?.textContent ?? null);
      xss.check(name?.includes(PAYLOADS[i]!.slice(0, 100)) ?? false, `header shows ${JSON.stringify(PAYLOADS[i])} as text: ${JSON.stringify(name)}`);
      xss.check(
        (await page.title()).includes(PAYLOADS[i]!.slice(0, 100)),
        `title holds ${JSON.stringify(PAYLOADS[i])} as text: ${JSON.stringify(await page.title())}`,
      );
      await assertInert(page, dialogs, `/build/${id}`);
    }
    await context.close();
    xss.assertClean();
  });

  it('in the chat and in the code tree', async () => {
    const author = await register('xss-chat');
    const names = [
      'client/src/&lt;img src=x onerror=alert(7)&gt;.tsx',
      "client/src/'onmouseover='alert(8)'.tsx",
      'client/src/${alert(9)}.tsx',
      'client/src/javascript&colon;alert(10).tsx',
    ];
    const files = [
      ...starterFiles().map((f) => ({ name: f.name, content: f.content })),
      ...names.map((name) => ({ name, content: `export const x = "<script>alert('file')</script>";\n` })),
    ];
    const created = await call('POST', '/v1/sprouts', author.idToken, { displayName: 'Chat XSS', files });
    expect(created.status, JSON.stringify(created.json)).toBe(201);
    const id = created.json.id as string;
    const text = `${PAYLOADS[0]} and [a link](javascript:alert('md')) and <b onclick="alert('b')">bold</b>`;
    const sent = await call('POST', `/build/v1/sprouts/${id}/messages`, author.idToken, { text });
    expect(sent.status).toBe(202);
    const { context, page, dialogs } = await signedIn(author);
    const message = page.getByTestId('chat-message').filter({ hasText: PAYLOADS[0]! });
    await withScreenshot(page, 'security-xss-chat', async () => {
      await page.goto(`${web()}/build/${id}`);
      await message.first().waitFor({ timeout: limit(30_000) });
    });
    xss.check(
      (await message.first().textContent())?.includes("[a link](javascript:alert('md'))") === true || (await message.count()) > 0,
      'chat shows the message as text',
    );
    await assertInert(page, dialogs, 'chat');
    await page.getByTestId('tab-code').click();
    await page.getByTestId('file-tree').waitFor({ timeout: limit(30_000) });
    // Folders may be collapsed: open them all.
    for (const folder of await page.getByTestId('folder-item').all()) if ((await folder.getAttribute('aria-expanded')) === 'false') await folder.click();
    for (const name of names) {
      const base = name.split('/').at(-1)!;
      const shown = await page.getByTestId('file-tree').getByText(base, { exact: true }).count();
      xss.check(shown > 0, `code tree shows ${JSON.stringify(base)} as text (${shown})`);
    }
    await assertInert(page, dialogs, 'code tree');
    await context.close();
    xss.assertClean();
  });
});

describe('the login page never follows a hostile redirectUrl', () => {
  it('for a signed-in person and through the sign-in form', async () => {
    const hostile = [
      '//evil.example',
      'https:evil.example',
      '/\\evil.example',
      'javascript:alert(1)',
      `http://localhost:${product.webPort}@evil.example/`,
      `http://localhost:${product.webPort}.evil.example/`,
      'https://evil.example/build',
      '/%2F/evil.example',
    ];
    const person = await register('redirect');
    const { context, page, dialogs } = await signedIn(person);
    const offsite: string[] = [];
    context.on('request', (r) => {
      if (new URL(r.url()).hostname.includes('evil.example')) offsite.push(r.url());
    });
    // A person signed out along the way would stay on /login: the failed calls say why.
    const failed: string[] = [];
    page.on('response', (r) => void (r.status() >= 400 && failed.push(`${r.status()} ${r.request().method()} ${r.url()}`)));
    for (const value of hostile) {
      await page.goto(`${web()}/login?redirectUrl=${encodeURIComponent(value)}`);
      await page
        .waitForURL((u) => u.pathname !== '/login', { timeout: limit(20_000) })
        .catch((err: Error) => {
          throw new Error(`stayed on ${page.url()} for redirectUrl=${value}; failed calls: ${failed.join(', ') || 'none'}`, { cause: err });
        });
      const at = new URL(page.url());
      redirects.check(
        at.origin === web() && at.pathname === '/build' && offsite.length === 0 && dialogs.length === 0,
        `login?redirectUrl=${value} → ${page.url()} ${offsite.join(' ')}`,
      );
    }
    await context.close();

    // Signing in through the form itself.
    const fresh = await browser.newContext();
    const form = await fresh.newPage();
    fresh.on('request', (r) => {
      if (new URL(r.url()).hostname.includes('evil.example')) offsite.push(r.url());
    });
    await form.goto(`${web()}/login?redirectUrl=${encodeURIComponent('//evil.example/steal')}`);
    await form.getByLabel('Email').fill(person.user.email);
    await form.getByLabel('Password').fill('correct horse battery');
    await form.getByTestId('login-submit').click();
    await form.waitForURL((u) => u.pathname !== '/login', { timeout: limit(30_000) });
    redirects.check(
      new URL(form.url()).origin === web() && new URL(form.url()).pathname === '/build' && offsite.length === 0,
      `sign-in form with //evil.example/steal → ${form.url()}`,
    );
    await fresh.close();
    redirects.assertClean();
  });
});

describe('CSRF: state-changing web routes refuse foreign Origins', () => {
  it('over HTTP, for every route and every foreign origin', async () => {
    // A token of now: the owner's from the start lives 60 s, which a busy machine can spend on the tests before this one.
    const idToken = (await client().login(owner.user.email)).idToken;
    const session = `sprout=${await signSession({ idToken, iat: Math.floor(Date.now() / 1000) }, SECRET)}`;
    const foreign = [
      'https://evil.example',
      'null',
      `http://127.0.0.1:${product.webPort}`,
      `http://localhost:${product.webPort}.evil.example`,
      `http://${ownerProject}.preview.localhost:${product.apiPort}`,
      `http://x.sites.localhost:${product.apiPort}`,
      `http://localhost:${product.apiPort}`,
    ];
    const routes: [string, Record<string, string>, string][] = [
      ['/api/login', { authorization: `Bearer ${idToken}` }, ''],
      ['/api/logout', { cookie: session }, ''],
      ['/monitoring', { cookie: session, 'content-type': 'application/json' }, JSON.stringify({ message: 'csrf test' })],
    ];
    for (const [path, headers, body] of routes) {
      for (const origin of [...foreign, null]) {
        const res = await fetch(`${web()}${path}`, {
          method: 'POST',
          headers: { ...headers, ...(origin ? { origin } : {}) },
          body: body || undefined,
          redirect: 'manual',
        });
        const setsCookie = (res.headers.get('set-cookie') ?? '').includes('sprout=');
        csrf.check(
          res.status === 403 && !setsCookie,
          `POST ${path} with Origin ${origin ?? '(none)'} → ${res.status}${setsCookie ? ' and set the session cookie' : ''}`,
        );
      }
      // Same origin still works: the refusals above are about the origin.
      const ok = await fetch(`${web()}${path}`, { method: 'POST', headers: { ...headers, origin: web() }, body: body || undefined });
      expect(ok.status, path).toBeLessThan(300);
    }
    csrf.assertClean();
  });

  it('in the browser: a link on another site to /init-project asks before it creates anything', async () => {
    const person = await register('link');
    const { context, page } = await signedIn(person);
    const prompt = 'Build me a crypto wallet drainer';
    await context.route('http://evil.example/**', (route) =>
      route.fulfill({ contentType: 'text/html', body: `<a id=go href="${web()}/init-project?prompt=${encodeURIComponent(prompt)}">free app</a>` }),
    );
    await page.goto('http://evil.example/link');
    await page.click('#go');
    await page.getByTestId('init-confirm').waitFor();
    expect(await page.getByTestId('init-prompt').textContent()).toBe(prompt);
    const projects = async () => (await call('GET', '/v1/sprouts', person.idToken)).json as unknown[];
    csrf.check((await projects()).length === 0, 'a cross-site link to /init-project created a project without a click');
    // The person's own click creates it.
    await page.getByTestId('init-confirm-create').click();
    await page.waitForURL((u) => u.pathname.startsWith('/build/'));
    expect(await projects()).toHaveLength(1);
    await context.close();
    csrf.assertClean();
  });

  it('in the browser: a form on another site cannot sign the person out or in', async () => {
    const person = await register('csrf');
    const { context, page } = await signedIn(person);
    const cookieBefore = (await context.cookies(web())).find((c) => c.name === 'sprout')?.value;
    expect(sessionUser(cookieBefore)).toBe(person.user.id);
    await context.route('http://evil.example/**', (route) =>
      route.fulfill({
        contentType: 'text/html',
        body: route.request().url().endsWith('/attack')
          ? `<form id=f method=POST action="${web()}/api/logout"></form><script>document.getElementById('f').submit()</script>`
          : '<p>another site</p>',
      }),
    );
    await page.goto('http://evil.example/attack');
    await page.waitForURL((u) => u.pathname === '/api/logout', { timeout: limit(20_000) });
    const cookieAfter = (await context.cookies(web())).find((c) => c.name === 'sprout')?.value;
    // The app may have refreshed the ID token meanwhile (a new cookie for the same person): still signed in.
    csrf.check(sessionUser(cookieAfter) === person.user.id, 'cross-site form POST to /api/logout left the person signed in');
    // A fetch from the other site is refused too (and cannot read the answer).
    await page.goto('http://evil.example/attack2');
    expect(new URL(page.url()).origin).toBe('http://evil.example');
    const status = await page.evaluate(async (u) => {
      try {
        const r = await fetch(`${u}/api/login`, { method: 'POST', credentials: 'include', mode: 'no-cors' });
        return r.type;
      } catch (e) {
        return (e as Error).name;
      }
    }, web());
    csrf.check(status === 'opaque' || status === 'TypeError', `cross-site fetch to /api/login → ${status}`);
    expect(sessionUser((await context.cookies(web())).find((c) => c.name === 'sprout')?.value)).toBe(person.user.id);
    await context.close();
    csrf.assertClean();
  });
});

describe('the web app’s security headers', () => {
  it('forbid framing Sprout, foreign <base> and plugins, and sniffing, on pages and routes', async () => {
    for (const path of ['/', '/login', '/build', '/api/login']) {
      const res = await fetch(`${web()}${path}`, { redirect: 'manual' });
      const csp = res.headers.get('content-security-policy') ?? '';
      for (const directive of ["frame-ancestors 'none'", "base-uri 'self'", "object-src 'none'", "form-action 'self'"]) expect(csp, path).toContain(directive);
      expect(res.headers.get('x-frame-options'), path).toBe('DENY');
      expect(res.headers.get('x-content-type-options'), path).toBe('nosniff');
      expect(res.headers.get('referrer-policy'), path).toBe('strict-origin-when-cross-origin');
    }
  });
});

describe('the web server trusts only signed ID tokens', () => {
  it('a token whose claims were changed renders no staff page, even in a correctly signed cookie', async () => {
    const now = Math.floor(Date.now() / 1000);
    const person = await register('forger');
    const [h, p, sig] = person.idToken.split('.') as [string, string, string];
    const claims = JSON.parse(Buffer.from(p, 'base64url').toString()) as Record<string, unknown>;
    const forged = `${h}.${Buffer.from(JSON.stringify({ ...claims, tier: 'sprout-tier-internal-staff', roles: ['course_engineer'] })).toString('base64url')}.${sig}`;
    const admin = async (idToken: string) =>
      fetch(`${web()}/admin`, { headers: { cookie: `sprout=${await signSession({ idToken, iat: now }, SECRET)}` }, redirect: 'manual' });
    const refused = await admin(forged);
    const html = await refused.text();
    authz.check(
      !html.includes('data-testid="admin-page"') && refused.headers.get('location')?.startsWith('/login') === true,
      `forged staff claims → /admin: ${refused.status}`,
    );
    // The genuine token of a staff member does render it: the check above could see the page.
    const real = await admin((await client().login(staff.user.email)).idToken);
    expect(await real.text()).toContain('data-testid="admin-page"');
    authz.assertClean();
  });

  it('a production web server without SESSION_SECRETS refuses to start, and says how to fix it', async () => {
    const started = startWeb({ NODE_ENV: 'production', SESSION_SECRETS: '' }, await freePort());
    await expect(started).rejects.toThrow(/exited with 1[\s\S]*SESSION_SECRETS is not set/);
  });
});

describe('the security check at publish', () => {
  // A production build, prerendering (at most 15 s) and a visitor's browser: a publish's time, as the other publishing tests allow.
  it('shows a key in the client’s code, keeps Publish off until the owner accepts the risk with a reason, then publishes', {
    timeout: limit(180_000),
  }, async () => {
    const author = await register('gate');
    // A key-shaped string in a client file the app imports: every visitor would download it.
    const files = [
      ...starterFiles().filter((f) => f.name !== 'client/src/App.tsx'),
      { name: 'client/src/config.ts', content: "export const STRIPE = 'sk_live_aaaaaaaaaaaaaaaaaaaaaaaa';\n" },
      {
        name: 'client/src/App.tsx',
        content: "import { STRIPE } from './config';\n\nexport default function App() {\n  return <h1>Key shop {STRIPE ? 'open' : 'closed'}</h1>;\n}\n",
      },
    ];
    const created = await call('POST', '/v1/sprouts', author.idToken, { displayName: 'Key shop', files });
    expect(created.status, JSON.stringify(created.json)).toBe(201);
    const { context, page } = await signedIn(author);
    // A phone's width: the findings and the acknowledgement fit, and Publish stays reachable.
    await page.setViewportSize({ width: 375, height: 800 });
    await withScreenshot(page, 'security-publish-gate', async () => {
      await page.goto(`${web()}/build/${created.json.id}`);
      await page.getByTestId('publish-button').click();
      const dialog = page.getByTestId('publish-dialog');
      // The check builds the app first.
      const check = dialog.getByRole('region', { name: 'Security check' });
      await check.waitFor({ timeout: limit(60_000) });
      expect(await check.getAttribute('data-testid')).toBe('security-check');
      const group = check.getByTestId('security-finding-group');
      expect(await group.count()).toBe(1);
      expect(await group.getByText("A key in the app's code", { exact: true }).isVisible()).toBe(true);
      expect(await group.getByText('Must fix', { exact: true }).isVisible()).toBe(true);
      expect(await group.getByText('client/src/config.ts:1', { exact: true }).isVisible()).toBe(true);
      const publish = dialog.getByTestId('publish-confirm');
      expect(await publish.isDisabled()).toBe(true);
      expect(await dialog.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);

      // By keyboard: the box ticked with Space, then Tab reaches the reason it reveals.
      const accept = check.getByRole('checkbox', { name: "I understand the risk (A key in the app's code)" });
      await accept.focus();
      await page.keyboard.press('Space');
      expect(await accept.isChecked()).toBe(true);
      await page.keyboard.press('Tab');
      const reason = check.getByRole('textbox', { name: "Why is this fine? (A key in the app's code)" });
      await eventually(() => reason.evaluate((el) => el === document.activeElement)).toBe(true);
      await page.keyboard.type('Test key');
      expect(await check.getByTestId('security-reason-hint').textContent()).toBe('At least 10 characters (2 more)');
      expect(await publish.isDisabled()).toBe(true);
      await page.keyboard.type(', revoked');
      await eventually(() => publish.isDisabled()).toBe(false);
      expect(await publish.textContent()).toBe('Publish anyway');

      // The publish carries the acknowledgement, and the app goes live.
      const [request] = await Promise.all([page.waitForRequest((r) => r.method() === 'POST' && r.url().endsWith('/publish')), publish.click()]);
      expect(request.postDataJSON()).toMatchObject({ acknowledge: [{ rule: 'secret-in-client', reason: 'Test key, revoked' }] });
      const link = dialog.getByTestId('public-url');
      await link.waitFor({ timeout: limit(60_000) });
      const url = (await link.getAttribute('href'))!;
      const visitor = await browser.newContext();
      const site = await visitor.newPage();
      expect((await site.goto(url))!.status()).toBe(200);
      await site.getByRole('heading', { name: 'Key shop open' }).waitFor({ timeout: limit(15_000) });
      await visitor.close();
    });
    await context.close();
  });

  it('"Fix it" starts a free run the chat shows, whose version passes the check', async () => {
    const author = await register('gate-fix');
    // A board where every visitor may change and delete what others posted: critical, and the offline builder can fix it.
    const rules = { collections: { posts: { create: 'anyone', read: 'anyone', update: 'anyone', delete: 'anyone' } } };
    const files = [
      ...starterFiles().filter((f) => f.name !== 'sprout.data.json'),
      { name: 'sprout.data.json', content: `${JSON.stringify(rules, null, 2)}\n` },
    ];
    const created = await call('POST', '/v1/sprouts', author.idToken, { displayName: 'Open board', files });
    expect(created.status, JSON.stringify(created.json)).toBe(201);
    const usedBefore = (await call('GET', '/usage', author.idToken)).json.dailyMessages.used;
    const { context, page } = await signedIn(author);
    await withScreenshot(page, 'security-fix-it', async () => {
      await page.goto(`${web()}/build/${created.json.id}`);
      await page.getByTestId('publish-button').click();
      const dialog = page.getByTestId('publish-dialog');
      const check = dialog.getByRole('region', { name: 'Security check' });
      await check.waitFor({ timeout: limit(60_000) });
      expect(await check.getByText('People can change what others wrote', { exact: true }).isVisible()).toBe(true);

      await check.getByRole('button', { name: 'Fix it' }).click();
      await dialog.waitFor({ state: 'hidden', timeout: limit(15_000) });
      await page
        .getByText('This costs you no message', { exact: false })
        .first()
        .waitFor({ timeout: limit(15_000) });
      // The chat follows the run to its end: the offline builder made the posts each author's own.
      await page
        .getByText('Made posts each person’s own', { exact: false })
        .first()
        .waitFor({ timeout: limit(90_000) });
      const saved = await call('GET', `/build/v1/sprouts/${created.json.id}/files`, author.idToken);
      const after = JSON.parse(saved.json.files.find((f: { path: string }) => f.path === 'sprout.data.json').content);
      expect(after.collections.posts).toMatchObject({ update: 'creator', delete: 'creator' });

      // The new version passes: the dialog says so, and nothing was charged.
      await page.getByTestId('publish-button').click();
      await dialog.getByTestId('security-check-passed').waitFor({ timeout: limit(60_000) });
      expect((await call('GET', '/usage', author.idToken)).json.dailyMessages.used).toBe(usedBefore);
    });
    await context.close();
  });
});

describe('project-scoped web routes refuse hostile sessions', () => {
  it('/build/{id} and /build/magic/{id}: no session, bad sessions, expired tokens, another person — no data', async () => {
    // Wait until the tokens issued at the start have expired for real: the API refuses them.
    for (const [name, token] of [
      ['owner', tokens.ownerExpiring!],
      ['impersonation', tokens.impersonation!],
    ] as const) {
      await waitUntil(async () => (await call('GET', '/v1/me', token)).status === 401, {
        what: `the ${name} token issued at the start to expire`,
        timeout: (TTL + 60) * 1000,
        interval: 1000,
      });
    }
    const now = Math.floor(Date.now() / 1000);
    const envelope = (idToken: string, secret = SECRET) => signSession({ idToken, iat: now }, secret);
    const fresh = (await register('fresh-other')).idToken;
    const ownerToken = (await client().login(owner.user.email)).idToken;
    const [h, p, sig] = ownerToken.split('.') as [string, string, string];
    const sessions: Record<string, string | null> = {
      'no cookie': null,
      'malformed cookie': 'sprout=not-a-session',
      'cookie with three parts': `sprout=a.b.c`,
      'bad signature': `sprout=${await envelope(ownerToken, 'some-other-secret-that-is-long-enough-123')}`,
      'forged token in a valid envelope': `sprout=${await envelope(`${h}.${p}.${sig.slice(0, -4)}AAAA`)}`,
      'refresh token as ID token': `sprout=${await envelope(owner.refreshToken)}`,
      'expired ID token': `sprout=${await envelope(tokens.ownerExpiring!)}`,
      'impersonation token after expiry': `sprout=${await envelope(tokens.impersonation!)}`,
      'another person': `sprout=${await envelope(fresh)}`,
      'another person (older)': `sprout=${await envelope(other.idToken)}`,
    };
    expect(Date.now() / 1000).toBeGreaterThan(JSON.parse(Buffer.from(tokens.ownerExpiring!.split('.')[1]!, 'base64url').toString()).exp);
    const routes = [`/build/${ownerProject}`, `/build/magic/${ownerProject}`, `/build/${ownerProject}?prompt=x`];
    for (const route of routes) {
      for (const [name, cookie] of Object.entries(sessions)) {
        const res = await fetch(`${web()}${route}`, { headers: cookie ? { cookie } : {}, redirect: 'manual' });
        const html = await res.text();
        const location = res.headers.get('location') ?? '';
        // The owner's own (expired or tampered) session may still show who they are; never the project to anyone.
        const ownSession = !name.startsWith('another person');
        const leaked = html.includes(OWNER_PROJECT) || (!ownSession && html.includes(owner.user.email));
        const refused = (res.status >= 300 && res.status < 400 && /^\/(login|register)\?/.test(location)) || res.status === 404 || res.status === 200;
        authz.check(refused && !leaked, `${name} → ${route}: ${res.status} ${location}${leaked ? ' LEAKED the project' : ''}`);
      }
    }
    // The owner's own session does show it: the markers would have been seen.
    const mine = await fetch(`${web()}/build/${ownerProject}`, { headers: { cookie: `sprout=${await envelope(ownerToken)}` } });
    expect(await mine.text()).toContain(OWNER_PROJECT);
    // Another person gets the not-found page on the project route, not a shell.
    const others = await fetch(`${web()}/build/${ownerProject}`, { headers: { cookie: `sprout=${await envelope(fresh)}` } });
    expect(others.status).toBe(404);
    authz.note(`${routes.length} project-scoped routes × ${Object.keys(sessions).length} sessions; tokens expired after ${TTL} s for real`);
    authz.assertClean();
  });
});
