import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { Sprout } from '@sprout/core/contract';
import type { VersionList } from '@sprout/core/contract';
import { starterFiles } from '@sprout/template';
import { gitClient, startGitRemoteServer } from '@sprout/testkit';
import { asPerson, DESKTOP, eventually, limit, openProject, useBrowser } from './browser';
import { apiCall, apiUrl, registerViaApi, webUrl, type TestAccount } from './product';

// A project as a git repository, as a person uses it from their own editor: cloned with an access
// token, a commit pushed from the clone becomes a version the open project shows by itself; synced
// with a repository on another git host (one started here, git's own http-backend) both ways;
// imported from that host as a new project; and restored with the test data a version had.

const browser = useBrowser();

const INDEX_HTML =
  '<!doctype html>\n<html lang="en">\n<head><meta charset="UTF-8" /><title>Git project</title></head>\n<body><div id="root"></div><script type="module" src="/src/main.tsx"></script></body>\n</html>\n';
const MAIN_TSX = "import { createRoot } from 'react-dom/client';\nimport App from './App';\n\ncreateRoot(document.getElementById('root')!).render(<App />);\n";
const app = (label: string) => `export default function App() {\n  return <h1>${label}</h1>;\n}\n`;

async function project(owner: TestAccount, displayName: string, files: { name: string; content: string }[] = []): Promise<Sprout> {
  const res = await apiCall<Sprout>('POST', '/v1/sprouts', owner.idToken, {
    displayName,
    files: [
      { name: 'client/index.html', content: INDEX_HTML },
      { name: 'client/src/main.tsx', content: MAIN_TSX },
      { name: 'client/src/App.tsx', content: app('Made in Sprout') },
      ...files,
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
const versionsOf = async (owner: TestAccount, id: string) => (await apiCall<VersionList>('GET', `/build/v1/sprouts/${id}/versions`, owner.idToken)).json;
const frameOf = (page: Page) => page.frameLocator('[data-testid="preview-frame"]');
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

  it('pushes every new version to a connected remote, pulls its commits in, and imports it as a new project that builds', async () => {
    const account = await registerViaApi('git-remote');
    const sprout = await project(account, 'Synced project');
    const remote = await startGitRemoteServer('host-token');
    const git = await gitClient();
    const mirror = path.join(git.home, 'mirror');
    const onHost = ['-c', `http.extraHeader=Authorization: Basic ${Buffer.from('x:host-token').toString('base64')}`];
    try {
      await remote.createRepo('synced');
      const url = remote.urlOf('synced');
      await asPerson(browser, account, { shot: 'git-remote-sync', ...DESKTOP }, async (page) => {
        await openProject(page, sprout.id);
        await frameHeading(page, 'Made in Sprout').waitFor({ timeout: limit(30_000) });
        await page.getByTestId('git-button').click();
        const section = page.getByTestId('git-remote-section');
        await section.getByLabel('Repository address').fill(url);
        await section.getByLabel('Access token').fill('host-token');
        await section.getByTestId('git-remote-connect').click();
        await page.getByText('Connected. Every new version is pushed to the remote.').waitFor();
        expect(await section.getByTestId('git-remote-url').textContent()).toBe(url);
        // The token was sent to the host and is never shown back.
        expect(remote.authorizations.length).toBeGreaterThan(0);
        expect(await page.content()).not.toContain('host-token');

        // The host has the project's history; a version made in Sprout reaches it by itself.
        await git.ok([...onHost, 'clone', '-q', url, mirror]);
        expect(await git.ok(['log', '--format=%s'], mirror)).not.toBe('');
        const current = (await versionsOf(account, sprout.id)).currentVersionId!;
        const edit = await apiCall('PUT', `/build/v1/sprouts/${sprout.id}/files`, account.idToken, {
          path: 'client/src/App.tsx',
          content: app('Edited in Sprout'),
          baseVersionId: current,
        });
        expect(edit.status, JSON.stringify(edit.json)).toBe(200);
        await eventually(async () => {
          await git.ok([...onHost, 'pull', '-q', '--ff-only'], mirror);
          return git.ok(['log', '-1', '--format=%s'], mirror);
        }, 30_000).toBe('Edited client/src/App.tsx');

        // A commit made on the host comes in with Pull, as a version the preview and history show.
        await writeFile(path.join(mirror, 'client/src/App.tsx'), app('Changed on the host'));
        await git.ok(['commit', '-qam', 'Change the heading on the host'], mirror);
        await git.ok([...onHost, 'push', '-q', 'origin', 'main'], mirror);
        await section.getByTestId('git-remote-pull').click();
        await page.getByText('1 version came in from the remote.').waitFor();
        await page.keyboard.press('Escape');
        await frameHeading(page, 'Changed on the host').waitFor({ timeout: limit(30_000) });
        await page.getByTestId('tab-history').click();
        await eventually(() => page.getByTestId('version-item').first().textContent(), 30_000).toContain('Change the heading on the host');
      });

      // Imported from the host as a new project: it builds and its preview shows the app.
      await asPerson(browser, account, { shot: 'git-import', ...DESKTOP }, async (page) => {
        await page.goto(`${webUrl()}/build`);
        await page.getByTestId('import-project').click();
        const dialog = page.getByTestId('import-dialog');
        await dialog.getByLabel('Repository address').fill(url);
        await dialog.getByLabel('Access token (private repositories)').fill('host-token');
        await dialog.getByTestId('import-git-submit').click();
        await dialog.getByTestId('import-result').waitFor({ timeout: limit(60_000) });
        await dialog.getByTestId('import-open-project').click();
        await page.waitForURL(/\/build\/[^/?]+/);
        await frameHeading(page, 'Changed on the host').waitFor({ timeout: limit(30_000) });
        const imported = page.url().split('/build/')[1]!.split(/[?#]/)[0]!;
        expect(imported).not.toBe(sprout.id);
        expect((await versionsOf(account, imported)).versions).toMatchObject([{ source: 'import' }]);
      });
    } finally {
      await remote.close();
    }
  });

  it('restores a version with the test data it had, keeping the newer versions and their data', async () => {
    const account = await registerViaApi('git-restore');
    const notes = (fields: Record<string, unknown>) =>
      JSON.stringify({ collections: { notes: { create: 'anyone', read: 'anyone', update: 'nobody', delete: 'nobody', fields } } });
    // The app as Sprout writes one: the template's client, whose lists follow the data (a reset too).
    const list = [
      "import { useCollection } from '@/lib/sprout';",
      '',
      'export default function App() {',
      "  const { data, loading } = useCollection<{ text: string }>('notes', { orderBy: 'text' });",
      "  return <main><h1>Notes</h1><p>{loading ? 'Loading' : data.map((n) => n.text).join(', ') || 'No notes'}</p></main>;",
      '}',
      '',
    ].join('\n');
    const client = starterFiles()
      .filter((f) => /^client\/src\/lib\/sprout(?:-[\w-]+)?\.ts$/.test(f.name))
      .map((f) => ({ name: f.name, content: f.content }));
    const sprout = await project(account, 'Notes', [...client, { name: 'sprout.data.json', content: notes({ text: { type: 'string', required: true } }) }]);
    const save = async (file: string, content: string) => {
      const baseVersionId = (await versionsOf(account, sprout.id)).currentVersionId;
      const res = await apiCall('PUT', `/build/v1/sprouts/${sprout.id}/files`, account.idToken, { path: file, content, baseVersionId });
      expect(res.status, JSON.stringify(res.json)).toBe(200);
    };
    await save('client/src/App.tsx', list);

    await asPerson(browser, account, { shot: 'git-restore-data', ...DESKTOP }, async (page) => {
      await openProject(page, sprout.id);
      await frameOf(page)
        .getByText('No notes')
        .waitFor({ timeout: limit(30_000) });
      // The app's own calls from its preview, as its code would make them (the frame of the moment: a version may reload it).
      const add = async (data: Record<string, unknown>) =>
        (await (await page.getByTestId('preview-frame').elementHandle())!.contentFrame())!.evaluate(async (body) => {
          const res = await fetch('/_sprout/v1/collections/notes', {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify(body),
          });
          return ((await res.json()) as { id: string }).id;
        }, data);
      // Version 2's data: two notes.
      const milk = await add({ text: 'Buy milk' });
      await add({ text: 'Call mum' });
      await frameOf(page)
        .getByText('Buy milk, Call mum')
        .waitFor({ timeout: limit(15_000) });
      // Version 3 changes the data's shape, and its data changes too.
      await save('sprout.data.json', notes({ text: { type: 'string', required: true }, done: { type: 'boolean' } }));
      expect((await apiCall('DELETE', `/build/v1/sprouts/${sprout.id}/data/test/collections/notes/${milk}`, account.idToken)).status).toBe(204);
      await add({ text: 'Later note', done: false });
      await frameOf(page)
        .getByText('Call mum, Later note')
        .waitFor({ timeout: limit(30_000) });

      await page.getByTestId('tab-history').click();
      const items = page.getByTestId('version-item');
      await eventually(() => items.count(), 20_000).toBe(3);
      expect(await items.first().getByTestId('version-data-shape').count()).toBe(1);
      await items.nth(1).getByTestId('version-restore').click();
      const restoreData = page.getByTestId('version-restore-data').getByRole('checkbox', { name: 'Bring back test data' });
      // The data's shape differs from now: bringing the data back is offered first.
      expect(await restoreData.isChecked()).toBe(true);
      await page.getByTestId('version-restore-confirm').click();
      await page.getByText(/and its test data as/).waitFor();
      await eventually(() => items.count(), 20_000).toBe(4);
      await page.getByTestId('tab-preview').click();
      await frameOf(page)
        .getByText('Buy milk, Call mum')
        .waitFor({ timeout: limit(30_000) });
    });
    const after = await versionsOf(account, sprout.id);
    expect(after.versions.map((v) => v.source)).toEqual(['restore', 'manual', 'manual', 'create']);
    // The newer version still has its own data to come back to.
    expect(after.versions[1]).toMatchObject({ hasData: true, dataShapeChanged: true });
  });
});
