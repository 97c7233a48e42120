import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { Sprout } from '@sprout/core/contract';
import { starterFiles } from '@sprout/template';
import { asPerson, DESKTOP, limit, openProject, useBrowser } from './browser';
import { apiCall, registerViaApi, type TestAccount } from './product';

// Every app's backend (docs/app-backend.md) in a real browser: a guestbook whose entries live in
// the app's backend. Written in one browser, it shows in another (live, over the event stream); the
// preview's entries never reach the published app. Without rules, the owner is one visitor in every
// browser of the preview, and the published app's visitors each keep their own.

const browser = useBrowser();

const INDEX_HTML =
  '<!doctype html>\n<html lang="en">\n<head><meta charset="UTF-8" /><title>Guestbook</title></head>\n<body><div id="root"></div><script type="module" src="/src/main.tsx"></script></body>\n</html>\n';
const MAIN_TSX = "import { createRoot } from 'react-dom/client';\nimport App from './App';\n\ncreateRoot(document.getElementById('root')!).render(<App />);\n";
const APP_TSX = `import { useState } from 'react';
import { db, useCollection } from '@/lib/sprout';

type Entry = { name: string; message: string };

export default function App() {
  const { data, loading, error } = useCollection<Entry>('entries', { orderBy: 'createdAt', desc: true });
  const [name, setName] = useState('');
  const [message, setMessage] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const sign = async () => {
    try {
      await db.collection<Entry>('entries').add({ name, message });
      setMessage('');
    } catch (e) {
      setProblem((e as Error).message);
    }
  };
  return (
    <main>
      <h1>Guestbook</h1>
      <input aria-label="Name" value={name} onChange={(e) => setName(e.target.value)} />
      <input aria-label="Message" value={message} onChange={(e) => setMessage(e.target.value)} />
      <button onClick={sign}>Sign</button>
      {problem ? <p role="alert">{problem}</p> : null}
      {error ? <p role="alert">{error.message}</p> : null}
      {loading ? <p>Loading…</p> : <ul aria-label="Entries">{data.map((e) => <li key={e.id}>{e.name}: {e.message}</li>)}</ul>}
    </main>
  );
}
`;
const RULES = JSON.stringify({ collections: { entries: { create: 'anyone', read: 'anyone', update: 'nobody', delete: 'nobody' } } });

/** The guestbook project; `perVisitor`: without its rules, so each visitor keeps their own entries (the default). */
async function guestbook(owner: TestAccount, { perVisitor = false } = {}): Promise<Sprout> {
  // The template's client, with the modules it imports (client/src/lib/sprout-*.ts).
  const client = starterFiles()
    .filter((f) => /^client\/src\/lib\/sprout(?:-[\w-]+)?\.ts$/.test(f.name))
    .map((f) => ({ name: f.name, content: f.content }));
  const res = await apiCall<Sprout>('POST', '/v1/sprouts', owner.idToken, {
    displayName: 'Guestbook',
    files: [
      { name: 'client/index.html', content: INDEX_HTML },
      { name: 'client/src/main.tsx', content: MAIN_TSX },
      { name: 'client/src/App.tsx', content: APP_TSX },
      ...client,
      ...(perVisitor ? [] : [{ name: 'sprout.data.json', content: RULES }]),
    ],
  });
  expect(res.status, JSON.stringify(res.json)).toBe(201);
  return res.json;
}

async function sign(page: Page, name: string, message: string) {
  await page.getByLabel('Name').fill(name);
  await page.getByLabel('Message').fill(message);
  await page.getByRole('button', { name: 'Sign' }).click();
}

describe('an app with a backend', () => {
  it('shows an entry written in one browser in another, live; preview entries never reach the published app', async () => {
    const owner = await registerViaApi('guestbook');
    const sprout = await guestbook(owner);

    // In the preview (test data): the owner signs it inside the project page.
    await asPerson(browser, owner, { shot: 'guestbook-preview', ...DESKTOP }, async (page) => {
      await openProject(page, sprout.id);
      const frame = page.frameLocator('[data-testid="preview-frame"]');
      await frame.getByRole('heading', { name: 'Guestbook' }).waitFor({ timeout: limit(20_000) });
      await frame.getByLabel('Name').fill('Tester');
      await frame.getByLabel('Message').fill('PREVIEW ONLY');
      await frame.getByRole('button', { name: 'Sign' }).click();
      await frame.getByText('Tester: PREVIEW ONLY').waitFor();
    });

    const published = await apiCall<Sprout>('POST', `/build/v1/sprouts/${sprout.id}/publish`, owner.idToken, {});
    expect(published.status, JSON.stringify(published.json)).toBe(200);
    const url = published.json.publicUrl!;

    // Two visitors of the published app, in two browser contexts (two people).
    const one = await browser.newContext(DESKTOP);
    const two = await browser.newContext(DESKTOP);
    try {
      const a = await one.newPage();
      const b = await two.newPage();
      await Promise.all([a.goto(url), b.goto(url)]);
      await Promise.all([a, b].map((p) => p.getByRole('list', { name: 'Entries', includeHidden: true }).waitFor({ state: 'attached' })));
      expect(await b.getByRole('listitem').count()).toBe(0);

      await sign(a, 'Ada', 'Hello from one browser');
      // B never reloads: the entry arrives through the live stream.
      await b.getByText('Ada: Hello from one browser').waitFor();
      await sign(b, 'Grace', 'And back');
      await a.getByText('Grace: And back').waitFor();

      await a.reload();
      await a.getByText('Ada: Hello from one browser').waitFor();
      expect(await a.getByText('PREVIEW ONLY').count()).toBe(0);
      expect(await b.getByText('PREVIEW ONLY').count()).toBe(0);
    } finally {
      await one.close();
      await two.close();
    }
  });

  it('keeps the owner one visitor in every browser of the preview; published visitors stay apart', async () => {
    const owner = await registerViaApi('owner-visitor');
    const sprout = await guestbook(owner, { perVisitor: true });

    // On the laptop: the owner's own entry (per visitor: nobody else would see it).
    await asPerson(browser, owner, { shot: 'owner-visitor-laptop', ...DESKTOP }, async (page) => {
      await openProject(page, sprout.id);
      const frame = page.frameLocator('[data-testid="preview-frame"]');
      await frame.getByRole('heading', { name: 'Guestbook' }).waitFor({ timeout: limit(20_000) });
      await frame.getByLabel('Name').fill('Owner');
      await frame.getByLabel('Message').fill('WRITTEN ON THE LAPTOP');
      await frame.getByRole('button', { name: 'Sign' }).click();
      await frame.getByText('Owner: WRITTEN ON THE LAPTOP').waitFor();
    });
    // In another browser (its own sign-in, preview session and cookies): the same entry is theirs.
    await asPerson(browser, owner, { shot: 'owner-visitor-other-browser', ...DESKTOP }, async (page) => {
      await openProject(page, sprout.id);
      const frame = page.frameLocator('[data-testid="preview-frame"]');
      await frame.getByText('Owner: WRITTEN ON THE LAPTOP').waitFor({ timeout: limit(20_000) });
    });

    const published = await apiCall<Sprout>('POST', `/build/v1/sprouts/${sprout.id}/publish`, owner.idToken, {});
    expect(published.status, JSON.stringify(published.json)).toBe(200);
    const one = await browser.newContext(DESKTOP);
    const two = await browser.newContext(DESKTOP);
    try {
      const a = await one.newPage();
      const b = await two.newPage();
      await Promise.all([a.goto(published.json.publicUrl!), b.goto(published.json.publicUrl!)]);
      await Promise.all([a, b].map((p) => p.getByRole('list', { name: 'Entries', includeHidden: true }).waitFor({ state: 'attached' })));
      await sign(a, 'Ada', 'Only mine');
      await a.getByText('Ada: Only mine').waitFor();
      await b.reload();
      await b.getByRole('list', { name: 'Entries', includeHidden: true }).waitFor({ state: 'attached' });
      expect(await b.getByRole('listitem').count()).toBe(0);
      expect(await a.getByText('WRITTEN ON THE LAPTOP').count()).toBe(0);
    } finally {
      await one.close();
      await two.close();
    }
  });
});
