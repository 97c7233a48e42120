import { describe, expect, it } from 'vitest';
import type { Frame, Page } from 'playwright-core';
import type { Sprout, Version } from '@sprout/core/contract';
import { asPerson, DESKTOP, eventually, limit, openProject, signedInContext, useBrowser, withScreenshot } from './browser';
import { apiCall, createSproutsViaApi, refreshAccount, registerViaApi, staffAccount, type TestAccount, webUrl } from './product';

// The preview panel of /build/{id}: the project's current version running in a sandboxed iframe on
// its own origin ({id}.preview.localhost:{apiPort}, which Chromium resolves to this machine).

const browser = useBrowser();

const INDEX_HTML =
  '<!doctype html>\n<html lang="en">\n<head><meta charset="UTF-8" /><title>Test app</title></head>\n<body><div id="root"></div><script type="module" src="/src/main.tsx"></script></body>\n</html>\n';
const MAIN_TSX = "import { createRoot } from 'react-dom/client';\nimport App from './App';\n\ncreateRoot(document.getElementById('root')!).render(<App />);\n";

async function createWithFiles(owner: TestAccount, displayName: string, app: string): Promise<Sprout> {
  const res = await apiCall<Sprout>('POST', '/v1/sprouts', owner.idToken, {
    displayName,
    files: [
      { name: 'client/index.html', content: INDEX_HTML },
      { name: 'client/src/main.tsx', content: MAIN_TSX },
      { name: 'client/src/App.tsx', content: app },
    ],
  });
  expect(res.status, JSON.stringify(res.json)).toBe(201);
  return res.json;
}

const frameOf = (page: Page) => page.frameLocator('[data-testid="preview-frame"]');
const starter = (page: Page) => frameOf(page).getByRole('heading', { name: 'Sprout starter' });

async function frameWidth(page: Page): Promise<number> {
  const box = await page.getByTestId('preview-frame').boundingBox();
  return Math.round(box?.width ?? 0);
}

async function contentFrame(page: Page): Promise<Frame> {
  const frame = await (await page.getByTestId('preview-frame').elementHandle())!.contentFrame();
  if (!frame) throw new Error('the preview iframe has no frame');
  return frame;
}

describe('preview panel', () => {
  it('shows the starter app on the project’s own preview origin, then in a new project', async () => {
    const account = await registerViaApi('preview');
    const [first, second] = await createSproutsViaApi(account, ['Preview warm-up', 'Preview speed']);
    await asPerson(browser, account, { shot: 'preview-starter', ...DESKTOP }, async (page) => {
      // The first preview of a fresh server also prebundles the shared vendor files.
      await openProject(page, first!.id);
      await starter(page).waitFor({ timeout: limit(30_000) });
      const src = (await page.getByTestId('preview-frame').getAttribute('src'))!;
      expect(new URL(src).hostname).toBe(`${first!.id}.preview.localhost`);
      expect(await page.getByTestId('preview-frame').getAttribute('sandbox')).toBe(
        'allow-scripts allow-same-origin allow-forms allow-popups allow-modals allow-downloads',
      );
      await page.getByTestId('preview-loading').waitFor({ state: 'detached' });
      // "Latest version" once the frame itself says it shows the project's current version.
      await eventually(() => page.getByTestId('preview-status').getAttribute('data-status')).toBe('ready');

      // A new project opens on its own preview origin with the starter screen (how long that takes
      // is measured by bench/streaming.ts: 'preview: new project page → starter shown').
      await page.goto(`${webUrl()}/build/${second!.id}`);
      await starter(page).waitFor({ timeout: limit(30_000) });
      expect(new URL((await page.getByTestId('preview-frame').getAttribute('src'))!).hostname).toBe(`${second!.id}.preview.localhost`);
    });
  });

  it('switches device widths with the mouse and the keyboard', async () => {
    const account = await registerViaApi('preview');
    const [sprout] = await createSproutsViaApi(account, ['Preview devices']);
    await asPerson(browser, account, { shot: 'preview-devices', ...DESKTOP }, async (page) => {
      await openProject(page, sprout!.id);
      await starter(page).waitFor({ timeout: limit(15_000) });
      const full = await frameWidth(page);
      expect(full).toBeGreaterThan(800);

      await page.getByTestId('device-mobile').click();
      await eventually(() => frameWidth(page)).toBe(375);
      expect(await page.getByTestId('device-mobile').getAttribute('data-state')).toBe('on');
      // The app itself sees a phone-sized viewport.
      await eventually(async () => (await contentFrame(page)).evaluate(() => window.innerWidth)).toBe(375);

      await page.getByTestId('device-tablet').click();
      await eventually(() => frameWidth(page)).toBe(768);

      // Keyboard: arrows move between the options (roving focus), Enter picks one.
      await page.getByTestId('device-tablet').focus();
      await page.keyboard.press('ArrowRight');
      await eventually(() => page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('device-desktop');
      await page.keyboard.press('Enter');
      await eventually(() => frameWidth(page)).toBe(full);
      expect(await page.getByTestId('device-desktop').getAttribute('aria-label')).toBe('Desktop (full width)');
    });
  });

  it('reloads with a fresh preview session, and opens the preview in a new tab', async () => {
    const account = await registerViaApi('preview');
    const [sprout] = await createSproutsViaApi(account, ['Preview reload']);
    const { context, page } = await signedInContext(browser, account, DESKTOP);
    const sessions: string[] = [];
    page.on('request', (r) => {
      if (r.method() === 'POST' && r.url().endsWith(`/build/v1/sprouts/${sprout!.id}/preview-session`)) sessions.push(r.url());
    });
    await withScreenshot(page, 'preview-reload', async () => {
      await openProject(page, sprout!.id);
      await starter(page).waitFor({ timeout: limit(15_000) });
      await eventually(() => sessions.length).toBe(1);
      const before = await page.getByTestId('preview-frame').getAttribute('src');
      await (await contentFrame(page)).evaluate(() => ((window as unknown as { __mark: number }).__mark = 1));
      const historyLength = await page.evaluate(() => history.length);

      await page.getByTestId('preview-reload').click();
      await eventually(() => sessions.length).toBe(2);
      await eventually(() => page.getByTestId('preview-frame').getAttribute('src')).not.toBe(before);
      // A new document: the mark is gone and the app is back.
      await eventually(async () => {
        try {
          return await (await contentFrame(page)).evaluate(() => (window as unknown as { __mark?: number }).__mark ?? 'fresh');
        } catch {
          return 'navigating';
        }
      }).toBe('fresh');
      await starter(page).waitFor();
      await eventually(() => page.getByTestId('preview-loading').count()).toBe(0);
      await eventually(() => page.getByTestId('preview-frame-previous').count()).toBe(0);
      // A reload is not a step in the page's history: Back still leaves the project.
      expect(await page.evaluate(() => history.length)).toBe(historyLength);

      const [tab] = await Promise.all([context.waitForEvent('page'), page.getByTestId('preview-open').click()]);
      await tab.waitForURL((u) => u.hostname === `${sprout!.id}.preview.localhost`);
      // The one-time token is traded for the preview origin's own cookie and dropped from the address.
      expect(new URL(tab.url()).searchParams.get('token')).toBeNull();
      await tab.getByRole('heading', { name: 'Sprout starter' }).waitFor({ timeout: limit(15_000) });
      expect(await tab.evaluate(() => window.opener)).toBeNull();
      await eventually(() => sessions.length).toBe(3);
    });
    await context.close();
  });

  it('shows a new version by itself, in the same preview session, when the project’s current version changes in the page’s cache', async () => {
    const account = await registerViaApi('preview');
    const [sprout] = await createSproutsViaApi(account, ['Preview versions']);
    const { context, page } = await signedInContext(browser, account, DESKTOP);
    const sessions: string[] = [];
    page.on('request', (r) => {
      if (r.method() === 'POST' && r.url().endsWith(`/build/v1/sprouts/${sprout!.id}/preview-session`)) sessions.push(r.url());
    });
    await withScreenshot(page, 'preview-new-version', async () => {
      await openProject(page, sprout!.id);
      await starter(page).waitFor({ timeout: limit(15_000) });
      const base = (await apiCall<Sprout>('GET', `/v1/sprouts/${sprout!.id}`, account.idToken)).json.currentVersionId;
      const saved = await apiCall<{ version: Version }>('PUT', `/build/v1/sprouts/${sprout!.id}/files`, account.idToken, {
        path: 'client/src/App.tsx',
        content: 'export default function App() {\n  return <h1>Version two</h1>;\n}\n',
        baseVersionId: base,
      });
      expect(saved.status, JSON.stringify(saved.json)).toBeLessThan(300);
      expect(sessions.length).toBe(1);

      // Whatever writes the project into the cache with a new currentVersionId (a restore, a code
      // edit; here the answer to a rename) hands that version to the preview: no reload click, and
      // no new preview session (the iframe applies it in place).
      await page.getByTestId('project-name').click();
      await page.getByTestId('project-name-input').fill('Preview versions 2');
      await page.getByTestId('project-name-input').press('Enter');
      await frameOf(page)
        .getByRole('heading', { name: 'Version two' })
        .waitFor({ timeout: limit(15_000) });
      expect(sessions.length).toBe(1);
      expect(await page.getByTestId('preview-panel').getAttribute('data-version-id')).toBe(saved.json.version.id);
    });
    await context.close();
  });

  it('keeps the scroll position when a new version loads, and storage works inside the frame', async () => {
    const account = await registerViaApi('preview');
    const tall = (title: string) =>
      `export default function App() {\n  return (\n    <main>\n      <h1>${title}</h1>\n      {Array.from({ length: 80 }, (_, i) => <p key={i} style={{ height: 60 }}>Row {i}</p>)}\n    </main>\n  );\n}\n`;
    const sprout = await createWithFiles(account, 'Preview scroll', tall('Tall one'));
    await asPerson(browser, account, { shot: 'preview-scroll', ...DESKTOP }, async (page) => {
      await openProject(page, sprout.id);
      await frameOf(page)
        .getByRole('heading', { name: 'Tall one' })
        .waitFor({ timeout: limit(15_000) });
      const frame = await contentFrame(page);
      // The bridge reports the position to the page a moment after scrolling stops: wait for that report.
      await page.evaluate(() => {
        const w = window as unknown as { __scrollReports: { y: number }[] };
        w.__scrollReports = [];
        window.addEventListener('message', (e) => {
          if ((e.data as { source?: string } | null)?.source === 'sprout-preview-scroll') w.__scrollReports.push(e.data as { y: number });
        });
      });
      await frame.evaluate(() => window.scrollTo(0, 1500));
      await page.waitForFunction(() => (window as unknown as { __scrollReports: { y: number }[] }).__scrollReports.some((r) => r.y === 1500));

      const saved = await apiCall<{ version: Version }>('PUT', `/build/v1/sprouts/${sprout.id}/files`, account.idToken, {
        path: 'client/src/App.tsx',
        content: tall('Tall two'),
        baseVersionId: sprout.currentVersionId,
      });
      expect(saved.status, JSON.stringify(saved.json)).toBeLessThan(300);
      await page.getByTestId('project-name').click();
      await page.getByTestId('project-name-input').fill('Preview scroll 2');
      await page.getByTestId('project-name-input').press('Enter');
      await frameOf(page)
        .getByRole('heading', { name: 'Tall two' })
        .waitFor({ timeout: limit(15_000) });
      await eventually(async () => (await contentFrame(page)).evaluate(() => window.scrollY)).toBe(1500);
      // Browsers that refuse storage to framed cross-site documents (this one, private windows)
      // would break apps that use it: the bridge gives them a working in-memory one.
      expect(await (await contentFrame(page)).evaluate(() => (localStorage.setItem('k', 'v'), localStorage.getItem('k')))).toBe('v');
    });
  });

  it('gives the app the camera only after it asks and the person allows it, and takes it back on revoke', async () => {
    const account = await registerViaApi('preview');
    const app =
      "import { useState } from 'react';\n\nexport default function App() {\n  const [state, setState] = useState('idle');\n  const start = () =>\n    navigator.mediaDevices\n      .getUserMedia({ video: true })\n      .then(() => setState('streaming'), (e: Error) => setState(`refused: ${e.name}`));\n  return (\n    <main>\n      <h1>Camera app</h1>\n      <button onClick={start}>Start camera</button>\n      <p>{state}</p>\n    </main>\n  );\n}\n";
    const sprout = await createWithFiles(account, 'Preview camera', app);
    await asPerson(browser, account, { shot: 'preview-permission', ...DESKTOP }, async (page) => {
      await openProject(page, sprout.id);
      await frameOf(page)
        .getByRole('heading', { name: 'Camera app' })
        .waitFor({ timeout: limit(15_000) });
      // Nothing powerful is delegated before the app asks.
      const first = await page.getByTestId('preview-frame').getAttribute('allow');
      for (const feature of ['camera', 'microphone', 'geolocation', 'clipboard-read']) expect(first).not.toContain(feature);

      await frameOf(page).getByRole('button', { name: 'Start camera' }).click();
      const bar = page.getByTestId('preview-permission');
      await expect.poll(() => bar.textContent()).toContain('This app wants to use your camera.');
      // The call itself failed: the frame was not given the camera.
      await frameOf(page)
        .getByText(/^refused: /)
        .waitFor();

      await page.getByTestId('preview-permission-allow').click();
      await expect.poll(() => page.getByTestId('preview-frame').getAttribute('allow')).toContain('camera');
      expect(await page.getByTestId('preview-frame').getAttribute('allow')).not.toContain('microphone');
      await frameOf(page)
        .getByRole('heading', { name: 'Camera app' })
        .waitFor({ timeout: limit(15_000) });
      expect(await bar.count()).toBe(0);

      // Kept for this project across page loads, until revoked.
      await page.reload();
      await expect.poll(() => page.getByTestId('preview-frame').getAttribute('allow')).toContain('camera');
      await page.getByTestId('preview-permission-revoke').click();
      await expect.poll(() => page.getByTestId('preview-frame').getAttribute('allow')).not.toContain('camera');
    });
  });

  it('shows build errors over the preview with file, line and column', async () => {
    const account = await registerViaApi('preview');
    const broken = await createWithFiles(
      account,
      'Broken build',
      "export default function App() {\n  const items = ['a', 'b'];\n  return <ul>{items.map((i) => <li key={i}>{i}</li>)</ul>;\n}\n",
    );
    await asPerson(browser, account, { shot: 'preview-build-error', ...DESKTOP }, async (page) => {
      await openProject(page, broken.id);
      const overlay = page.getByTestId('preview-build-error');
      await overlay.waitFor({ timeout: limit(15_000) });
      expect(await overlay.getAttribute('role')).toBe('alert');
      const location = (await overlay.getByTestId('preview-build-error-location').first().textContent())!;
      expect(location).toMatch(/^client\/src\/App\.tsx:3:\d+$/);
      expect((await overlay.getByTestId('preview-build-error-item').first().textContent())!.length).toBeGreaterThan(location.length);
      expect(await overlay.textContent()).toContain('Sprout can fix it');
      // Made broken: there is no version before it to go back to, only the fix.
      expect(await overlay.getByTestId('preview-build-error-back').count()).toBe(0);
      expect((await overlay.getByTestId('preview-build-error-fix').textContent())?.trim()).toBe('Fix it');
      await eventually(() => page.getByTestId('preview-status').getAttribute('data-status')).toBe('build-failed');

      await overlay.getByTestId('preview-build-error-copy').click();
      await page.getByText('Errors copied').waitFor();

      // Hidden on request, the preview's own page about the failure is underneath.
      await overlay.getByTestId('preview-build-error-dismiss').click();
      await overlay.waitFor({ state: 'detached' });
      await frameOf(page).getByRole('heading', { name: 'This version does not build' }).waitFor();
    });
  });

  it('a manual edit that breaks the build has two ways out: back to the version before, or Fix it in the chat', async () => {
    const account = await registerViaApi('preview');
    const app = (label: string) => `export default function App() {\n  return <h1>${label}</h1>;\n}\n`;
    const project = await createWithFiles(account, 'Way back', app('Working app'));
    const save = async (content: string) => {
      const base = (await apiCall<Sprout>('GET', `/v1/sprouts/${project.id}`, account.idToken)).json.currentVersionId!;
      const res = await apiCall<{ version: Version }>('PUT', `/build/v1/sprouts/${project.id}/files`, account.idToken, {
        path: 'client/src/App.tsx',
        content,
        baseVersionId: base,
      });
      expect(res.status, JSON.stringify(res.json)).toBe(200);
      return res.json.version;
    };
    await save(app('Working edit'));
    await save('export default function App() {\n  return <h1>Broken edit</h1\n}\n');

    await asPerson(browser, account, { shot: 'preview-build-error-way-back', ...DESKTOP }, async (page) => {
      await openProject(page, project.id);
      const overlay = page.getByTestId('preview-build-error');
      await overlay.waitFor({ timeout: limit(15_000) });
      const back = overlay.getByTestId('preview-build-error-back');
      // Shown to the person as version 1: the edit made before the broken one.
      expect((await back.textContent())?.trim()).toBe('Back to version 1');
      await back.click();
      await page.getByText('Restored version 1 as version 3').waitFor();
      await overlay.waitFor({ state: 'detached' });
      await frameOf(page)
        .getByRole('heading', { name: 'Working edit' })
        .waitFor({ timeout: limit(15_000) });
      const restored = (await apiCall<Sprout>('GET', `/v1/sprouts/${project.id}`, account.idToken)).json;
      expect(
        (await apiCall<{ files: { path: string; content: string }[] }>('GET', `/build/v1/sprouts/${project.id}/files`, account.idToken)).json.files.find(
          (f) => f.path === 'client/src/App.tsx',
        )?.content,
      ).toBe(app('Working edit'));

      // Broken again: Fix it asks Sprout in the chat, as the person's own message.
      await save('export default function App() {\n  return <h1>Broken again</h1\n}\n');
      expect(restored.currentVersionId).not.toBeNull();
      await openProject(page, project.id);
      await overlay.waitFor({ timeout: limit(15_000) });
      await overlay.getByTestId('preview-build-error-fix').click();
      await page.locator('[data-testid="chat-message"][data-role="user"]').filter({ hasText: 'Fix the build error' }).waitFor();
    });
  });

  it('counts runtime errors, and with machine logs on shows console output and errors in the logs panel', async () => {
    const account = await registerViaApi('preview');
    const app = [
      "import { useEffect } from 'react';",
      '',
      'export default function App() {',
      '  useEffect(() => {',
      "    console.log('hello from the app', { n: 1 });",
      "    setTimeout(() => { throw new Error('boom in the preview'); }, 0);",
      '  }, []);',
      '  return <h1>Runtime errors</h1>;',
      '}',
      '',
    ].join('\n');

    // Without the flag: no logs panel, but the error badge with a short list.
    const plain = await createWithFiles(account, 'Runtime errors', app);
    await asPerson(browser, account, { shot: 'preview-runtime-badge', ...DESKTOP }, async (page) => {
      await openProject(page, plain.id);
      await frameOf(page)
        .getByRole('heading', { name: 'Runtime errors' })
        .waitFor({ timeout: limit(15_000) });
      const badge = page.getByTestId('preview-error-count');
      await eventually(() => badge.getAttribute('data-count')).toBe('1');
      expect(await page.getByTestId('preview-logs').count()).toBe(0);
      expect(await page.getByTestId('preview-logs-toggle').count()).toBe(0);
      await badge.click();
      const list = page.getByTestId('preview-runtime-errors');
      await list.waitFor();
      expect(await list.textContent()).toContain('boom in the preview');
      expect(await list.textContent()).toContain('client/src/App.tsx:6');
      await page.keyboard.press('Escape');
      // A reload starts a new document: the count starts again from what it reports.
      await page.getByTestId('preview-reload').click();
      await eventually(() => page.getByTestId('preview-loading').count()).toBe(0);
      await eventually(() => badge.getAttribute('data-count')).toBe('1');
    });

    // A course engineer with showMachineLogs on (developer toolbar override).
    const staff = await staffAccount();
    let engineer = await registerViaApi('logs');
    expect((await apiCall('PUT', `/v1/admin/users/${engineer.user.id}/roles`, staff.idToken, { roles: ['course_engineer'] })).status).toBe(200);
    engineer = await refreshAccount(engineer);
    const mine = await createWithFiles(engineer, 'Runtime logs', app);
    const dev = await signedInContext(browser, engineer, DESKTOP);
    await withScreenshot(dev.page, 'preview-logs', async () => {
      await dev.page.evaluate(() => localStorage.setItem('sprout.devToolbar', JSON.stringify({ flags: { showMachineLogs: true } })));
      await openProject(dev.page, mine.id);
      const logs = dev.page.getByTestId('preview-logs');
      await logs.waitFor({ timeout: limit(15_000) });
      await eventually(() => logs.textContent()).toContain('hello from the app {"n":1}');
      await eventually(() => logs.textContent()).toContain('boom in the preview');
      // The build output comes first.
      await eventually(() => logs.getByTestId('preview-log-entry').first().getAttribute('data-source')).toBe('build');
      expect(await logs.getByTestId('preview-log-entry').first().textContent()).toMatch(/Built in \d+ ms/);
      await eventually(() => dev.page.getByTestId('preview-error-count').getAttribute('data-count')).toBe('1');

      await dev.page.getByTestId('preview-logs-filter-errors').click();
      await eventually(() => logs.getByTestId('preview-log-entry').evaluateAll((els) => els.map((e) => e.getAttribute('data-level')))).toEqual(['error']);

      await dev.page.getByTestId('preview-logs-toggle').click();
      await logs.waitFor({ state: 'detached' });
      await dev.page.getByTestId('preview-error-count').click();
      await logs.waitFor();
    });
    await dev.context.close();
  });

  it('fills the main area on a phone, with the widths in a menu', async () => {
    const account = await registerViaApi('preview');
    const [sprout] = await createSproutsViaApi(account, ['Preview on a phone']);
    await asPerson(browser, account, { shot: 'preview-mobile', viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true }, async (page) => {
      await openProject(page, sprout!.id);
      await page.getByTestId('mobile-view-main').click();
      await starter(page).waitFor({ timeout: limit(15_000) });
      expect(await frameWidth(page)).toBe(375);
      const frameBox = (await page.getByTestId('preview-frame').boundingBox())!;
      expect(frameBox.height).toBeGreaterThan(400);
      expect(await page.getByTestId('device-mobile').isVisible()).toBe(false);
      for (const id of ['preview-reload', 'preview-open', 'device-menu']) {
        const box = (await page.getByTestId(id).boundingBox())!;
        expect(box.x + box.width, id).toBeLessThanOrEqual(375);
      }
      // Nothing sticks out sideways.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
      await page.getByTestId('device-menu').click();
      await page.getByTestId('device-menu-tablet').click();
      // Wider than the screen: the frame keeps to the screen.
      await eventually(() => frameWidth(page)).toBeLessThanOrEqual(375);
      expect(await page.getByTestId('preview-stage').getAttribute('data-device')).toBe('tablet');
    });
  });
});
