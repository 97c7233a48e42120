import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { Sprout } from '@sprout/core/contract';
import { gitClient } from '@sprout/testkit';
import { asPerson, DESKTOP, eventually, limit, openProject, useBrowser } from './browser';
import { apiCall, apiUrl, registerViaApi, type TestAccount } from './product';

// A project as a git repository, as a person uses it from their own editor: cloned with an access
// token, a commit pushed from the clone becomes a version the open project shows by itself.

const browser = useBrowser();

const INDEX_HTML =
  '<!doctype html>\n<html lang="en">\n<head><meta charset="UTF-8" /><title>Git project</title></head>\n<body><div id="root"></div><script type="module" src="/src/main.tsx"></script></body>\n</html>\n';
const MAIN_TSX = "import { createRoot } from 'react-dom/client';\nimport App from './App';\n\ncreateRoot(document.getElementById('root')!).render(<App />);\n";
const app = (label: string) => `export default function App() {\n  return <h1>${label}</h1>;\n}\n`;

async function project(owner: TestAccount, displayName: string): Promise<Sprout> {
  const res = await apiCall<Sprout>('POST', '/v1/sprouts', owner.idToken, {
    displayName,
    files: [
      { name: 'client/index.html', content: INDEX_HTML },
      { name: 'client/src/main.tsx', content: MAIN_TSX },
      { name: 'client/src/App.tsx', content: app('Made in Sprout') },
    ],
  });
  expect(res.status, JSON.stringify(res.json)).toBe(201);
  return res.json;
}

async function writeToken(owner: TestAccount): Promise<string> {
  const res = await apiCall<{ token: string }>('POST', '/v1/me/tokens', owner.idToken, { name: 'Laptop', scope: 'write' });
  expect(res.status, JSON.stringify(res.json)).toBe(201);
  return res.json.token;
}

/** A clone address with the token as its password, as a person pastes it into git once. */
const withToken = (address: string, token: string) => address.replace('://', `://x:${token}@`);
const frameHeading = (page: Page, name: string) => page.frameLocator('[data-testid="preview-frame"]').getByRole('heading', { name });

describe('a project as a git repository', () => {
  it('clones with a token, and a commit pushed from the clone shows in the open History and preview', async () => {
    const account = await registerViaApi('git');
    const sprout = await project(account, 'Git project');
    const token = await writeToken(account);
    const git = await gitClient();
    const work = path.join(git.home, 'work');

    await asPerson(browser, account, { shot: 'git-clone-push', ...DESKTOP }, async (page) => {
      await openProject(page, sprout.id);
      await frameHeading(page, 'Made in Sprout').waitFor({ timeout: limit(30_000) });
      await page.getByTestId('git-button').click();
      const address = (await page.getByTestId('git-clone-address').textContent())!;
      expect(address).toBe(`${apiUrl()}/git/${sprout.id}.git`);
      await page.keyboard.press('Escape');

      await git.ok(['clone', '-q', withToken(address, token), work]);
      await writeFile(path.join(work, 'client/src/App.tsx'), app('Pushed from my editor'));
      await git.ok(['commit', '-qam', 'Say hello from my editor'], work);
      const pushed = await git.run(['push', 'origin', 'main'], work);
      expect(pushed.code, pushed.stderr).toBe(0);
      expect(pushed.stderr).toContain('remote: Saved as version 2.');

      // The open project learns of it by itself: no reload, no click.
      await frameHeading(page, 'Pushed from my editor').waitFor({ timeout: limit(30_000) });
      await page.getByTestId('tab-history').click();
      await eventually(() => page.getByTestId('version-item').first().textContent(), 30_000).toContain('Say hello from my editor');
    });
  });
});
