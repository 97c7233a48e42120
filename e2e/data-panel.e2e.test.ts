import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import type { Frame, Page } from 'playwright-core';
import type { Sprout } from '@sprout/core/contract';
import { asPerson, DESKTOP, eventually, limit, openProject, useBrowser } from './browser';
import { apiCall, registerViaApi, type TestAccount } from './product';

// The Data panel of /build/{id}: what the app saves in its backend (docs/app-backend.md) shows up
// for the owner, who can look at it, change it, delete it, export it and reset it. The app saves
// from its own preview origin (the preview frame), exactly as a generated app's code would.

const browser = useBrowser();

const INDEX_HTML =
  '<!doctype html>\n<html lang="en">\n<head><meta charset="UTF-8" /><title>Bookings</title></head>\n<body><div id="root"></div><script type="module" src="/src/main.tsx"></script></body>\n</html>\n';
const MAIN_TSX = "import { createRoot } from 'react-dom/client';\nimport App from './App';\n\ncreateRoot(document.getElementById('root')!).render(<App />);\n";
const APP_TSX = 'export default function App() {\n  return <h1>Book a slot</h1>;\n}\n';
const RULES = JSON.stringify({
  collections: {
    bookings: {
      create: 'anyone',
      read: 'nobody',
      update: 'nobody',
      delete: 'nobody',
      fields: { name: { type: 'string', required: true }, slot: { type: 'string', required: true } },
      unique: ['slot'],
    },
  },
});

async function createApp(owner: TestAccount, displayName: string, rules: string): Promise<Sprout> {
  const res = await apiCall<Sprout>('POST', '/v1/sprouts', owner.idToken, {
    displayName,
    files: [
      { name: 'client/index.html', content: INDEX_HTML },
      { name: 'client/src/main.tsx', content: MAIN_TSX },
      { name: 'client/src/App.tsx', content: APP_TSX },
      { name: 'sprout.data.json', content: rules },
    ],
  });
  expect(res.status, JSON.stringify(res.json)).toBe(201);
  return res.json;
}

/** The preview's frame once the app shows: from there, requests go to the app's backend with the preview's cookies. */
async function appFrame(page: Page): Promise<Frame> {
  await page
    .frameLocator('[data-testid="preview-frame"]')
    .getByRole('heading', { name: 'Book a slot' })
    .waitFor({ timeout: limit(30_000) });
  const frame = await (await page.getByTestId('preview-frame').elementHandle())!.contentFrame();
  if (!frame) throw new Error('the preview iframe has no frame');
  return frame;
}

/** What the app's own code would do: POST /_sprout/v1/collections/bookings on its origin. */
async function book(frame: Frame, data: Record<string, unknown>): Promise<number> {
  return frame.evaluate(
    async (body) =>
      (await fetch('/_sprout/v1/collections/bookings', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })).status,
    data,
  );
}

const rows = (page: Page) => page.getByTestId('document-row');

describe('data panel', () => {
  it('shows what the app saves as it arrives, and lets the owner view, edit, export, delete and reset it', async () => {
    const account = await registerViaApi('data');
    const sprout = await createApp(account, 'Slot Booker', RULES);
    await asPerson(browser, account, { shot: 'data-panel', ...DESKTOP, acceptDownloads: true }, async (page) => {
      await openProject(page, sprout.id);
      const frame = await appFrame(page);

      await page.getByTestId('tab-data').click();
      const panel = page.getByTestId('data-panel');
      // The declared collection, its rules in words, and nothing in it yet.
      await panel.getByTestId('collection-bookings').waitFor();
      expect(await panel.getByTestId('collection-bookings').getByTestId('collection-rules').textContent()).toBe(
        'Anyone can add to bookings. Only you can see, change and delete them.',
      );
      await panel.getByText('No data yet — when your app saves something, it shows up here.').waitFor();
      // Not published: live data cannot be chosen yet, and the panel says why.
      expect(await page.getByTestId('dataset-live').isDisabled()).toBe(true);
      expect(await page.getByTestId('dataset-note').textContent()).toContain('Live data appears once you publish.');

      // The app saves a booking: it shows up by itself.
      expect(await book(frame, { name: 'Ada', slot: '10:00' })).toBe(201);
      await eventually(() => rows(page).count(), 15_000).toBe(1);
      expect(await rows(page).first().textContent()).toContain('Ada');
      // Columns are headed in words (the field's key on hover).
      const slot = page.getByRole('columnheader', { name: 'Slot' });
      expect(await slot.getAttribute('title')).toBe('slot');
      expect(await panel.getByTestId('collection-bookings').getByTestId('collection-count').textContent()).toBe('1 document');

      // View it.
      await rows(page).first().getByRole('button', { name: 'View document' }).click();
      const dialog = page.getByTestId('document-dialog');
      expect(JSON.parse((await dialog.getByTestId('document-json').textContent())!)).toEqual({ name: 'Ada', slot: '10:00' });

      // Edit it: bad JSON is caught here, the collection's rules by the server, then it saves.
      await dialog.getByTestId('document-edit').click();
      const editor = dialog.getByTestId('document-editor');
      await editor.fill('{ name: ');
      await dialog.getByTestId('document-save').click();
      expect(await dialog.getByTestId('document-problems').textContent()).toContain('This is not valid JSON');
      await editor.fill('{ "name": "Ada Lovelace" }');
      await dialog.getByTestId('document-save').click();
      await eventually(() => dialog.getByTestId('document-problems').textContent()).toBe('"slot" is required.');
      await editor.fill('{ "name": "Ada Lovelace", "slot": "10:00" }');
      await dialog.getByTestId('document-save').click();
      await dialog.getByTestId('document-json').waitFor();
      await page.keyboard.press('Escape');
      await eventually(() => rows(page).first().textContent()).toContain('Ada Lovelace');

      // Export the collection as CSV, a formula-looking value made harmless.
      expect(await book(frame, { name: '=1+2', slot: '11:00' })).toBe(201);
      await eventually(() => rows(page).count(), 15_000).toBe(2);
      await page.getByTestId('data-export').click();
      const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('export-csv').click()]);
      expect(download.suggestedFilename()).toBe('slot-booker-test-bookings.csv');
      const csv = await readFile((await download.path())!, 'utf8');
      expect(csv.split('\r\n')[0]).toBe('\ufeffid,createdAt,updatedAt,createdBy,name,slot');
      expect(csv).toContain(",'=1+2,11:00");
      expect(csv).toContain(',Ada Lovelace,10:00');

      // Delete one (after confirming): gone at once, and for good.
      await rows(page).filter({ hasText: '=1+2' }).getByTestId('document-delete').click();
      await page.getByTestId('document-delete-confirm').click();
      await eventually(() => rows(page).count()).toBe(1);
      await page.locator('[data-sonner-toast]', { hasText: 'Document deleted' }).first().waitFor();
      const page1 = await apiCall<{ data: unknown[] }>('GET', `/build/v1/sprouts/${sprout.id}/data/test/collections/bookings`, account.idToken);
      expect(page1.json.data).toHaveLength(1);

      // Reset the test data (after confirming).
      await page.getByTestId('data-reset').click();
      await page.getByTestId('data-reset-confirm').click();
      await panel.getByText('No data yet — when your app saves something, it shows up here.').waitFor();
      await eventually(() => panel.getByTestId('collection-bookings').getByTestId('collection-count').textContent()).toBe('0 documents');
    });
  });

  it('works on a phone, and explains a rules file with mistakes', async () => {
    const account = await registerViaApi('data-phone');
    const sprout = await createApp(account, 'Broken Rules', '{ "collections": { "bookings": { "read": "everyone" } } }');
    await asPerson(browser, account, { shot: 'data-panel-phone', viewport: { width: 375, height: 800 } }, async (page) => {
      await openProject(page, sprout.id);
      await page.getByTestId('mobile-view-main').click();
      await page.getByTestId('tab-data').click();
      const banner = page.getByTestId('rules-problems');
      await banner.waitFor();
      expect(await banner.textContent()).toContain('"read" must be one of anyone, signed-in, creator, nobody');
      await page.getByText('No data yet — when your app saves something, it shows up here.').waitFor();
      // Nothing sticks out sideways at 375 px.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);

      // The dataset switch is a segmented control: arrow keys stay on the test data while live is unavailable.
      await page.getByTestId('dataset-test').focus();
      await page.keyboard.press('ArrowRight');
      expect(await page.getByTestId('data-panel').getAttribute('data-dataset')).toBe('test');
    });
  });
});
