import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { Sprout, VersionList } from '@sprout/core/contract';
import { asPerson, DESKTOP, eventually, limit, openProject, useBrowser } from './browser';
import { apiCall, registerViaApi, type TestAccount } from './product';

// The code editor checks an edit as the person types, with the checks a run uses, and asks before
// saving a version that does not build; the saved broken version still has its way back.

const browser = useBrowser();

const INDEX_HTML =
  '<!doctype html>\n<html lang="en">\n<head><meta charset="UTF-8" /><title>Editor checks</title></head>\n<body><div id="root"></div><script type="module" src="/src/main.tsx"></script></body>\n</html>\n';
const MAIN_TSX = "import { createRoot } from 'react-dom/client';\nimport App from './App';\n\ncreateRoot(document.getElementById('root')!).render(<App />);\n";
const app = (label: string) => `export default function App() {\n  return <h1>${label}</h1>;\n}\n`;
const BROKEN = 'export default function App() {\n  return <h1>Broken edit</h1\n}\n';

async function project(owner: TestAccount): Promise<Sprout> {
  const res = await apiCall<Sprout>('POST', '/v1/sprouts', owner.idToken, {
    displayName: 'Editor checks',
    files: [
      { name: 'client/index.html', content: INDEX_HTML },
      { name: 'client/src/main.tsx', content: MAIN_TSX },
      { name: 'client/src/App.tsx', content: app('Working app') },
    ],
  });
  expect(res.status, JSON.stringify(res.json)).toBe(201);
  return res.json;
}

const frameHeading = (page: Page, name: string) => page.frameLocator('[data-testid="preview-frame"]').getByRole('heading', { name });

/** Replaces the open file's text as a paste would. */
async function replaceText(page: Page, text: string): Promise<void> {
  await page.locator('[data-testid="code-editor"] .cm-content').click();
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.insertText(text);
}

describe('code editor checks', () => {
  it('marks a syntax error as it is typed, asks before saving it, saves a good edit, and a saved broken one goes back', async () => {
    const account = await registerViaApi('editor');
    const sprout = await project(account);
    const versions = async () => (await apiCall<VersionList>('GET', `/build/v1/sprouts/${sprout.id}/versions`, account.idToken)).json.versions.length;

    await asPerson(browser, account, { shot: 'code-editor-checks', ...DESKTOP }, async (page) => {
      await openProject(page, sprout.id);
      await frameHeading(page, 'Working app').waitFor({ timeout: limit(30_000) });
      await page.getByTestId('tab-code').click();
      await eventually(() => page.getByTestId('code-editor').textContent(), 20_000).toContain('Working app');
      expect(await page.getByTestId('code-panel').getAttribute('data-selected')).toBe('client/src/App.tsx');

      // Broken as it is typed: the bar says so with the line, the editor marks the place.
      await replaceText(page, BROKEN);
      const bar = page.getByTestId('code-problems');
      await eventually(() => bar.getAttribute('data-state'), 30_000).toBe('errors');
      expect(await bar.textContent()).toContain('Does not build');
      expect(await bar.getByTestId('code-problem-list').textContent()).toMatch(/Line \d+: /);
      await eventually(() => page.locator('[data-testid="code-editor"] .cm-lintRange-error').count()).toBeGreaterThan(0);

      // Saving asks first; keeping on editing stores nothing.
      const before = await versions();
      await page.keyboard.press('ControlOrMeta+S');
      const dialog = page.getByTestId('code-save-broken');
      await dialog.waitFor();
      expect(await dialog.getByRole('heading').textContent()).toBe('Save a version that does not build?');
      await dialog.getByRole('button', { name: 'Keep editing' }).click();
      await dialog.waitFor({ state: 'detached' });
      expect(await versions()).toBe(before);
      expect(await page.getByTestId('code-unsaved').count()).toBe(1);

      // Fixed: the marks go, the bar says it builds, and the save goes through without a question.
      await replaceText(page, app('Checked edit'));
      await eventually(() => bar.getAttribute('data-state'), 30_000).toBe('clean');
      expect(await bar.textContent()).toBe('Builds, no problems found');
      expect(await page.locator('[data-testid="code-editor"] .cm-lintRange-error').count()).toBe(0);
      await page.keyboard.press('ControlOrMeta+S');
      await page.getByText(/^Saved as version \d+$/).waitFor();
      expect(await dialog.count()).toBe(0);
      await page.getByTestId('tab-preview').click();
      await frameHeading(page, 'Checked edit').waitFor({ timeout: limit(30_000) });
      await page.getByTestId('tab-code').click();

      // Saved broken on purpose: the preview's error has the way back to the version before.
      await replaceText(page, BROKEN);
      await eventually(() => bar.getAttribute('data-state'), 30_000).toBe('errors');
      await page.getByTestId('code-save').click();
      await dialog.getByTestId('code-save-anyway').click();
      // The chat says so too, with the same ways out, where the person talks to Sprout.
      const notice = page.getByTestId('chat-broken-version');
      await notice.waitFor({ timeout: limit(30_000) });
      expect(await notice.textContent()).toContain('The current version does not build (1 error)');
      expect((await notice.getByTestId('preview-build-error-back').textContent())?.trim()).toMatch(/^Back to version \d+$/);
      await page.getByTestId('tab-preview').click();
      const overlay = page.getByTestId('preview-build-error');
      await overlay.waitFor({ timeout: limit(30_000) });
      const back = overlay.getByTestId('preview-build-error-back');
      expect((await back.textContent())?.trim()).toMatch(/^Back to version \d+$/);
      await back.click();
      await overlay.waitFor({ state: 'detached' });
      await notice.waitFor({ state: 'detached' });
      await frameHeading(page, 'Checked edit').waitFor({ timeout: limit(30_000) });
      await eventually(() => page.getByTestId('preview-status-label').textContent(), 30_000).toBe('Latest version');
    });
  });
});
