import { describe, expect, it } from 'vitest';
import { composeTemplatePrompt, QUICK_START_CHIPS, TEMPLATE_CATEGORIES } from '@sprout/core';
import type { BrowserContext, Page } from 'playwright-core';
import type { MessageSent, PreviewSession, RunEvent, Run, Sprout } from '@sprout/core/contract';
import { followRun } from '@sprout/testkit';
import { asPerson, eventually, limit, openProject, useBrowser, withScreenshot } from './browser';
import { apiCall, apiUrl, registerViaApi, type TestAccount } from './product';

// The offline builder (the default model, no key) end to end: each quick-start chip and the first
// template of each category goes through the real API as a chat message; the app it builds is
// opened on its preview origin in Chromium and its BEHAVIOUR is checked, then "make it dark".

const browser = useBrowser();

const chip = (id: string) => QUICK_START_CHIPS.find((c) => c.id === id)!.prompt;
const template = (category: string) => {
  const c = TEMPLATE_CATEGORIES.find((x) => x.id === category)!;
  return composeTemplatePrompt(c.label, c.templates[0]!.for, c.templates[0]!.that);
};

interface Sent {
  run: Run;
  /** The run's events, followed live until it ended. */
  events: RunEvent[];
  /** The run's status when the first file delta reached the follower. */
  statusAtFirstDelta: string | null;
}

/** Sends a chat message and follows its events until the run ends; the run must succeed. */
async function send(account: TestAccount, sproutId: string, text: string): Promise<Sent> {
  const sent = await apiCall<MessageSent>('POST', `/build/v1/sprouts/${sproutId}/messages`, account.idToken, { text });
  expect(sent.status, JSON.stringify(sent.json)).toBe(202);
  const runOf = async () => (await apiCall<Run>('GET', `/build/v1/runs/${sent.json.runId}`, account.idToken)).json;
  let statusAtFirstDelta: string | null = null;
  // The stream ends with the run (the first run of a fresh server also prebundles the preview's vendor files).
  const { events } = await followRun(apiUrl(), account.idToken, sent.json.runId, {
    onEvent: async (e) => {
      if (e.type === 'file.delta' && statusAtFirstDelta === null) statusAtFirstDelta = (await runOf()).status;
    },
  });
  const run = await runOf();
  expect(run.status, run.error ?? '').toBe('succeeded');
  return { run, events, statusAtFirstDelta };
}

/** A new account and project with the app built from `prompt`. */
async function build(prompt: string): Promise<{ account: TestAccount; sprout: Sprout } & Sent> {
  const account = await registerViaApi('offline');
  const created = await apiCall<Sprout>('POST', '/v1/sprouts', account.idToken, { displayName: 'Offline builder' });
  expect(created.status).toBe(201);
  const sent = await send(account, created.json.id, prompt);
  expect(sent.run.resultVersionId).toBeTruthy();
  return { account, sprout: created.json, ...sent };
}

interface Preview {
  context: BrowserContext;
  page: Page;
  /** Uncaught errors and console errors of the app, collected for the whole test. */
  errors: string[];
}

/** Opens the project's current version on its preview origin ({id}.preview.localhost). */
async function open(account: TestAccount, sproutId: string, viewport = { width: 1280, height: 900 }): Promise<Preview> {
  const session = await apiCall<PreviewSession>('POST', `/build/v1/sprouts/${sproutId}/preview-session`, account.idToken, {});
  expect(session.status).toBe(200);
  const context = await browser.newContext({ viewport, acceptDownloads: true });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(`pageerror: ${e.message}`));
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(`console: ${m.text()}`);
  });
  // "Failed to load resource" in the console does not say which: the failed responses do.
  page.on('response', (r) => {
    if (r.status() >= 400) errors.push(`response: ${r.status()} ${r.url()}`);
  });
  await page.goto(session.json.url);
  await page
    .getByTestId('app-title')
    .first()
    .waitFor({ timeout: limit(30_000) });
  return { context, page, errors };
}

/** "Make it dark" (or light) through the chat, then the reloaded preview shows it. */
async function switchMode(p: Preview, account: TestAccount, sproutId: string, dark: boolean) {
  await send(account, sproutId, dark ? 'make it dark' : 'make it light');
  await p.page.reload();
  await p.page.getByTestId('app-title').first().waitFor();
  await eventually(() => p.page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(dark);
  // The page background really changes: dark is a low-luminance colour.
  const bg = await p.page.evaluate(() => getComputedStyle(document.body).backgroundColor);
  const rgb = (bg.match(/[\d.]+/g) ?? []).slice(0, 3).map(Number);
  expect(rgb.length === 3 && rgb.every((v) => v < 80), bg).toBe(dark);
}

/**
 * Kanban boards, internal tools and B2B dashboards share their data among the app's own signed-in
 * users: they open on the app's sign-up / sign-in screen (not Sprout's), and show the app only
 * after a new account is made there.
 */
async function signUp(page: Page) {
  const form = page.getByTestId('auth-form');
  await form.waitFor();
  expect(await page.getByRole('button', { name: 'Sign out' }).count()).toBe(0);
  await page.getByRole('button', { name: 'Create an account', exact: true }).click();
  await form.getByLabel('Email').fill(`teammate-${Date.now()}@example.com`);
  await form.getByLabel('Password').fill('correct horse battery');
  await form.getByRole('button', { name: 'Create account', exact: true }).click();
  await page.getByRole('button', { name: 'Sign out' }).waitFor();
  expect(await form.count()).toBe(0);
}

async function finish(p: Preview) {
  expect(p.errors).toEqual([]);
  await p.context.close();
}

describe('offline builder: the quick-start chips', () => {
  it('agency project manager: a card dragged to another column stays there after a reload; the answer streams', async () => {
    const { account, sprout, events, statusAtFirstDelta } = await build(chip('agency-project-manager'));
    // Streaming: the file contents arrived in many pieces, the first while the run was still going.
    expect(events.filter((e) => e.type === 'file.delta').length).toBeGreaterThan(30);
    expect(statusAtFirstDelta).toBe('running');

    const p = await open(account, sprout.id);
    await withScreenshot(p.page, 'offline-kanban', async () => {
      const { page } = p;
      await signUp(page);
      for (const title of ['To do', 'In progress', 'In review', 'Done']) await page.getByRole('heading', { name: title }).waitFor();
      // A new board starts empty (no seeded cards) and offers the examples: 8 cards for 4 columns.
      expect(await page.getByTestId('task-card').count()).toBe(0);
      await page.getByTestId('empty-board').getByRole('button', { name: 'Add example cards' }).click();
      await eventually(() => page.getByTestId('task-card').count()).toBe(8);
      expect(await page.getByTestId('empty-board').count()).toBe(0);
      const card = page.getByTestId('column-to-do').getByTestId('task-card').first();
      const id = await card.getAttribute('data-task-id');
      const from = (await card.boundingBox())!;
      const to = (await page.getByTestId('column-done').boundingBox())!;
      await page.mouse.move(from.x + from.width / 2, from.y + 20);
      await page.mouse.down();
      for (let i = 1; i <= 12; i++)
        await page.mouse.move(
          from.x + from.width / 2 + ((to.x + to.width / 2 - from.x - from.width / 2) * i) / 12,
          from.y + 20 + ((to.y + 120 - from.y - 20) * i) / 12,
        );
      // The card is saved (its column and position) when it lands: the reload reads the board back from the backend.
      const saved = page.waitForResponse((r) => r.request().method() === 'PATCH' && r.url().includes(`/_sprout/v1/collections/tasks/${id}`));
      await page.mouse.up();
      const moved = page.getByTestId('column-done').locator(`[data-task-id="${id}"]`);
      await moved.waitFor();
      expect((await saved).status()).toBe(200);
      await page.reload();
      await page.getByTestId('column-done').locator(`[data-task-id="${id}"]`).waitFor();
      expect(await page.getByTestId('column-to-do').locator(`[data-task-id="${id}"]`).count()).toBe(0);

      // Reorder within a column with the keyboard: Space, ArrowDown, Space.
      const first = page.getByTestId('column-to-do').getByTestId('task-card').first();
      const firstId = await first.getAttribute('data-task-id');
      await first.focus();
      // dnd-kit's keyboard sensor starts listening for arrows a tick (a setTimeout) after the pick-up:
      // after each key, let the page run the tasks that key queued before pressing the next.
      for (const key of ['Space', 'ArrowDown', 'Space']) {
        await page.keyboard.press(key);
        await page.evaluate(() => new Promise((r) => setTimeout(r, 0)));
      }
      await eventually(() => page.getByTestId('column-to-do').getByTestId('task-card').nth(1).getAttribute('data-task-id')).toBe(firstId);

      await switchMode(p, account, sprout.id, true);
    });
    await finish(p);
  });

  it('appointment scheduler: validation, a booking, and the booked slot is no longer offered', async () => {
    const { account, sprout } = await build(chip('appointment-scheduler'));
    const p = await open(account, sprout.id, { width: 390, height: 844 });
    await withScreenshot(p.page, 'offline-scheduler', async () => {
      const { page } = p;
      const slot = page.getByTestId('slot').first();
      await slot.waitFor();
      const time = (await slot.getAttribute('data-time'))!;
      const day = await page.locator('#step-2').textContent();
      await slot.click();
      // Only the time is public (`taken-slots`); it is written after the booking itself.
      const taken = page.waitForResponse((r) => r.request().method() === 'POST' && r.url().includes('/_sprout/v1/collections/taken-slots'));
      await page.getByRole('button', { name: /^Confirm/ }).click();
      await expect.poll(() => page.getByRole('alert').count()).toBeGreaterThanOrEqual(3);
      await page.getByLabel('Full name').fill('Ada Lovelace');
      await page.getByLabel('Email').fill('ada@example');
      await page.getByLabel('Phone').fill('+44 20 7946 0958');
      await page.getByRole('button', { name: /^Confirm/ }).click();
      await page.getByText('Enter an email address like name@example.com.').waitFor();
      await page.getByLabel('Email').fill('ada@example.com');
      await page.getByRole('button', { name: /^Confirm/ }).click();
      await page.getByTestId('confirmation').waitFor();
      expect((await taken).status()).toBe(201);
      await page.getByRole('button', { name: 'Book another appointment' }).click();
      // The booked time is not offered on its day (a day with no free time left moves on to the next).
      const offered = async (p: Page) =>
        (await p.locator('#step-2').textContent()) === day && (await p.locator(`[data-testid="slot"][data-time="${time}"]`).count()) > 0;
      expect(await offered(page)).toBe(false);
      await page.reload();
      await page.getByRole('heading', { name: 'Your upcoming appointments' }).waitFor();
      await page.getByTestId('slot').first().waitFor();
      expect(await offered(page)).toBe(false);

      // Another browser (none of this browser's bookings in its storage; the owner is the same preview
      // visitor in every browser, but these bookings are kept in the page's storage) is not
      // offered the time either: it is taken on the backend.
      const other = await open(account, sprout.id, { width: 390, height: 844 });
      await withScreenshot(other.page, 'offline-scheduler-other', async () => {
        await other.page.getByTestId('slot').first().waitFor();
        expect(await other.page.getByRole('heading', { name: 'Your upcoming appointments' }).count()).toBe(0);
        expect(await offered(other.page)).toBe(false);
      });
      await finish(other);

      // The owner sees the booking in the project's Data panel.
      await asPerson(browser, account, { shot: 'offline-scheduler-data', viewport: { width: 1280, height: 900 } }, async (owner) => {
        await openProject(owner, sprout.id);
        await owner.getByTestId('tab-data').click();
        const bookings = owner.getByTestId('data-panel').getByTestId('collection-bookings');
        await bookings.waitFor();
        expect(await bookings.getByTestId('collection-rules').textContent()).toContain('Only you can');
        await bookings.click();
        await owner.getByTestId('document-row').filter({ hasText: 'Ada Lovelace' }).waitFor();
      });

      await switchMode(p, account, sprout.id, true);
    });
    await finish(p);
  });

  it('fitness coach website: dark from the start; the call to action opens the booking form', async () => {
    const { account, sprout } = await build(chip('fitness-coach-website'));
    const p = await open(account, sprout.id);
    await withScreenshot(p.page, 'offline-fitness', async () => {
      const { page } = p;
      expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(true);
      await page
        .getByRole('heading', { name: /testimonials|results/i })
        .first()
        .waitFor();
      expect(await page.getByTestId('cta').count()).toBeGreaterThanOrEqual(4);
      await page.getByTestId('cta').nth(1).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByRole('heading', { name: /initial call/i }).waitFor();
      await dialog.getByLabel('Full name').fill('Sam Carter');
      await dialog.getByLabel('Email').fill('sam@example.com');
      await dialog.getByRole('button', { name: 'Request my call' }).click();
      await dialog.getByTestId('booking-success').waitFor();
      await switchMode(p, account, sprout.id, false);
    });
    await finish(p);
  });

  it('image compressor: a generated image is compressed below the target size, flat and downloadable', async () => {
    const { account, sprout } = await build(chip('image-compressor'));
    const p = await open(account, sprout.id);
    await withScreenshot(p.page, 'offline-compressor', async () => {
      const { page } = p;
      expect(await page.getByTestId('target-kb').inputValue()).toBe('200');
      expect(await page.locator('[data-slot="card"]').count()).toBe(0);
      // A noisy 1600×1200 PNG (several MB: noise does not compress), made in the page.
      const png = await page.evaluate(() => {
        const c = document.createElement('canvas');
        c.width = 1600;
        c.height = 1200;
        const ctx = c.getContext('2d')!;
        const img = ctx.createImageData(c.width, c.height);
        for (let i = 0; i < img.data.length; i++) img.data[i] = i % 4 === 3 ? 255 : Math.floor(Math.random() * 256);
        ctx.putImageData(img, 0, 0);
        return c.toDataURL('image/png').split(',')[1]!;
      });
      await page.getByTestId('file-input').setInputFiles({ name: 'noise.png', mimeType: 'image/png', buffer: Buffer.from(png, 'base64') });
      await page.getByTestId('compressed-size').waitFor({ timeout: limit(30_000) });
      const original = Number(await page.getByTestId('original-size').getAttribute('data-bytes'));
      const compressed = Number(await page.getByTestId('compressed-size').getAttribute('data-bytes'));
      expect(original).toBeGreaterThan(1_000_000);
      expect(compressed).toBeGreaterThan(0);
      expect(compressed).toBeLessThanOrEqual(200_000);
      const download = page.waitForEvent('download');
      await page.getByTestId('download').click();
      expect((await download).suggestedFilename()).toBe('noise-compressed.jpg');
      await switchMode(p, account, sprout.id, true);
    });
    await finish(p);
  });
});

describe('offline builder: the template categories', () => {
  it('B2B app: filters, and a new record is added and kept', async () => {
    const { account, sprout } = await build(template('b2b app'));
    const p = await open(account, sprout.id);
    await withScreenshot(p.page, 'offline-b2b', async () => {
      const { page } = p;
      await signUp(page);
      // A new dashboard starts empty and offers the examples (8 retainers), added for the whole team.
      await page.getByTestId('empty-records').getByRole('button', { name: 'Add example retainers' }).click();
      const rows = page.getByTestId('record-row');
      await eventually(() => rows.count()).toBe(8);
      expect(await page.getByTestId('empty-records').count()).toBe(0);
      const all = await rows.count();
      await page.getByLabel('Search').fill('Northwind');
      await eventually(() => rows.count()).toBe(1);
      await page.getByLabel('Search').fill('');
      await page.getByRole('button', { name: /^New retainer$/ }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByLabel('Client').fill('Acme Studio');
      await dialog.getByLabel('Monthly fee').fill('1800');
      await dialog.getByRole('button', { name: 'Add retainer' }).click();
      await eventually(() => rows.count()).toBe(all + 1);
      await page.reload();
      await page.getByRole('cell', { name: 'Acme Studio' }).waitFor();
      expect(await rows.count()).toBe(all + 1);
      await switchMode(p, account, sprout.id, true);
    });
    await finish(p);
  });

  it('client portal: a message is sent and kept; files ask for feedback', async () => {
    const { account, sprout } = await build(template('client portal'));
    const p = await open(account, sprout.id);
    await withScreenshot(p.page, 'offline-portal', async () => {
      const { page } = p;
      await page.getByText('needs your attention', { exact: false }).first().waitFor();
      await page.getByRole('tab', { name: /Messages/ }).click();
      await page.getByLabel('New message').fill('Could we see the logo in green too?');
      await page.getByRole('button', { name: 'Send message' }).click();
      await page.getByText('Could we see the logo in green too?').waitFor();
      await page.reload();
      await page.getByRole('tab', { name: /Messages/ }).click();
      await page.getByText('Could we see the logo in green too?').waitFor();
      await page.getByRole('tab', { name: /Files/ }).click();
      await page.getByRole('button', { name: 'Feedback' }).first().click();
      await page.getByLabel('Your feedback').fill('Love option B.');
      await page.getByRole('button', { name: 'Send feedback' }).click();
      await page.getByText('Feedback sent').first().waitFor();
      await switchMode(p, account, sprout.id, true);
    });
    await finish(p);
  });

  it('consumer app: a recipe planned for the week fills the shopping list', async () => {
    const { account, sprout } = await build(template('consumer app'));
    const p = await open(account, sprout.id, { width: 375, height: 800 });
    await withScreenshot(p.page, 'offline-consumer', async () => {
      const { page } = p;
      const recipe = page.getByTestId('recipe').filter({ hasText: 'Missing' }).first();
      const name = (await recipe.locator('p').first().textContent())!;
      await recipe.getByRole('button', { name: 'Add to this week' }).click();
      await page.getByTestId('shopping-list').waitFor();
      await page.reload();
      await page.getByRole('region', { name: 'This week' }).getByText(name).waitFor();
      await page.getByTestId('shopping-list').waitFor();
      await switchMode(p, account, sprout.id, true);
    });
    await finish(p);
  });

  it('internal tool: sort, bulk status change and CSV export', async () => {
    const { account, sprout } = await build(template('internal tool'));
    const p = await open(account, sprout.id);
    await withScreenshot(p.page, 'offline-internal', async () => {
      const { page } = p;
      await signUp(page);
      // A new tool starts empty and offers the examples (8 tickets), added for the whole team.
      await page.getByTestId('empty-records').getByRole('button', { name: 'Add example tickets' }).click();
      await eventually(() => page.getByTestId('record-row').count()).toBe(8);
      expect(await page.getByTestId('empty-records').count()).toBe(0);
      await page.getByRole('button', { name: 'Priority' }).click();
      await eventually(() => page.getByRole('columnheader', { name: 'Priority' }).getAttribute('aria-sort')).toBe('ascending');
      await page.getByLabel('Select Cannot reset password').click();
      await page.getByLabel('Select App crashes on upload').click();
      await page.getByTestId('bulk-bar').getByText('2 selected').waitFor();
      await page.getByLabel('Set status of the selected rows').click();
      await page.getByRole('option', { name: 'Solved' }).click();
      await eventually(() => page.getByTestId('record-row').filter({ hasText: 'Cannot reset password' }).getByText('Solved').count()).toBe(1);
      const download = page.waitForEvent('download');
      await page.getByTestId('export-csv').click();
      const file = await download;
      expect(file.suggestedFilename()).toBe('tickets.csv');
      const { readFile } = await import('node:fs/promises');
      const csv = await readFile((await file.path())!, 'utf8');
      expect(csv.split('\r\n')[0]).toBe('Subject,Customer,Priority,Status,Agent,First response (min),Created');
      expect(csv).toContain('Cannot reset password');
      // The bulk change was written to the backend: it is still there after a reload.
      await page.reload();
      await page.getByTestId('record-row').filter({ hasText: 'Cannot reset password' }).getByText('Solved').waitFor();
      expect(await page.getByTestId('record-row').filter({ hasText: 'App crashes on upload' }).getByText('Solved').count()).toBe(1);
      await switchMode(p, account, sprout.id, true);
    });
    await finish(p);
  });

  it('landing page: the waitlist takes an email and the call to action opens the form', async () => {
    const { account, sprout } = await build(template('landing page'));
    const p = await open(account, sprout.id);
    await withScreenshot(p.page, 'offline-landing', async () => {
      const { page } = p;
      await page
        .getByRole('heading', { name: /pricing/i })
        .first()
        .waitFor();
      await page.getByLabel('Email', { exact: true }).fill('me@example.com');
      await page.getByRole('button', { name: 'Join the waitlist' }).last().click();
      await page.getByTestId('signup-success').waitFor();
      await page.getByTestId('cta').first().click();
      await page.getByRole('dialog').getByTestId('booking-form').waitFor();
      await page.keyboard.press('Escape');
      await switchMode(p, account, sprout.id, true);
    });
    await finish(p);
  });
});

describe('offline builder: games', () => {
  it('snake responds to the arrow keys; tic-tac-toe to clicks', async () => {
    const { account, sprout } = await build('Build a snake game');
    const p = await open(account, sprout.id);
    await withScreenshot(p.page, 'offline-snake', async () => {
      const { page } = p;
      const board = page.getByTestId('board');
      expect(await board.getAttribute('data-status')).toBe('ready');
      const start = await board.getAttribute('data-head');
      await page.keyboard.press('ArrowDown');
      await eventually(() => board.getAttribute('data-status')).toBe('playing');
      await eventually(() => board.getAttribute('data-head')).not.toBe(start);
      const [x] = start!.split(',');
      // Heading down: the column stays, the row changes.
      expect((await board.getAttribute('data-head'))!.split(',')[0]).toBe(x);
      await page.keyboard.press('Space');
      await eventually(() => board.getAttribute('data-status')).toBe('paused');
    });
    await finish(p);

    await send(account, sprout.id, 'Build me a tic tac toe game');
    const t = await open(account, sprout.id);
    await withScreenshot(t.page, 'offline-tictactoe', async () => {
      const squares = t.page.getByTestId('square');
      await squares.nth(4).click();
      expect(await squares.nth(4).getAttribute('data-value')).toBe('X');
      // The computer answers with an O.
      await eventually(() => t.page.locator('[data-testid="square"][data-value="O"]').count()).toBe(1);
    });
    await finish(t);
  });
});
