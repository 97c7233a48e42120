// npm run bench:visual-edits — point and change (visual edits) as a person sees it: headless Chromium
// on /build/{id} (the built web app), the real API on the offline builder, a small app with a heading,
// a counter and a list (the e2e's fruit stand).
// 1. Pick → highlight: in pick mode the pointer moves between three elements of the preview in turn
//    (each move a new element under it); the frame's picker reports each highlight's latency in its
//    hover message (`latencyMs`: the pointer event → the animation frame after the one that drew the
//    box, on the frame's clock). Baseline, the same moves with pick mode off: the pointer event → the
//    frame's next animation frame, measured the same way in the frame (one frame).
// 2. Change → pixels: the picked heading's "Text colour" set in the edit panel → its colour changed in
//    the frame (the instant inline preview); then Save → the saved version's class on the heading, no
//    inline colour left and the class's own colour computed, in the same document (a hot update).
//    Baseline, alternating with them: the same change as a manual code edit — PUT …/files with App.tsx
//    changed the same way, sent from the page, which then moves its project cache to the new version
//    as the code editor's save does (the page would otherwise learn of it only at its next 10 s poll)
//    → the same pixels. A different colour each time, so each run changes something.
// Times are the page's and the frame's clocks (performance.timeOrigin + now, event timeStamps), taken
// in the browser. One warm-up edit and code edit off the clock. It fails only on correctness: each save
// one version with source "visual" and the exact source change, each change applied in place (a hot
// update, the document kept), the highlights on the elements pointed at, no message counted.
import type { Frame, Page } from 'playwright-core';
import { cssColour } from '@sprout/core';
import type { ProjectFiles, Sprout, Usage, VersionList } from '@sprout/core/contract';
import { ApiClient, createSmallApp, startProduct, type TestAccount } from '@sprout/testkit';
import { launchChromium, signInPage } from '@sprout/testkit/browser';
import { isMain, median, ms, percentile, renderTable, runs, SHORT } from './summary';
import { prepareWebBuild } from './web-build';
import { appWith, FIRST_COLOUR, FRUIT_APP, tailwindColour } from './visual-edits-app';
import { PROBE, type FrameWindow, type PageWindow, type WatchEntry } from './visual-edits-probe';
import { visualEditsRows, type EditRun, type VisualEditsBench } from './visual-edits-rows';

/** Pointer moves per round; a round is one pass with pick mode off (the baseline) and one with it on. */
const MOVES = 12;
/** Tailwind colours the runs cycle through (each run's differs from the one before). */
const COLOURS = ['emerald-700', 'rose-700', 'sky-700', 'amber-700', 'violet-700'];
const APP_PATH = 'client/src/App.tsx';
const VERBOSE = process.env.BENCH_VERBOSE === '1';

interface Ctx {
  page: Page;
  inner: Frame;
  client: ApiClient;
  apiUrl: string;
  account: TestAccount;
  project: Sprout;
  problems: string[];
}

const api = <T>(c: Ctx, method: string, p: string) => c.client.call<T>(method, p, { token: c.account.idToken }).then((r) => r.json);
const versionsOf = (c: Ctx) => api<VersionList>(c, 'GET', `/build/v1/sprouts/${c.project.id}/versions`);
const filesOf = (c: Ctx) => api<ProjectFiles>(c, 'GET', `/build/v1/sprouts/${c.project.id}/files`);
const usageOf = (c: Pick<Ctx, 'client' | 'account'>) => c.client.call<Usage>('GET', '/usage', { token: c.account.idToken }).then((r) => r.json);

const fruitProject = (client: ApiClient, account: TestAccount) =>
  createSmallApp(client, account, { displayName: 'Fruit stand', app: FRUIT_APP, title: 'Fruit', tailwind: true });

const pickButton = (page: Page) => page.getByRole('button', { name: 'Select element' });
const panelOf = (page: Page) => page.getByRole('region', { name: 'Edit element' });

/** Pick mode on or off, in the page and in the frame's picker (which shows it with a crosshair style of its own). */
async function setPicking(page: Page, inner: Frame, on: boolean): Promise<void> {
  if ((await pickButton(page).getAttribute('aria-pressed')) !== String(on)) await pickButton(page).click();
  await page.waitForFunction((want) => document.querySelector('[data-testid="preview-select-element"]')?.getAttribute('aria-pressed') === want, String(on));
  await inner.waitForFunction((want) => !!document.querySelector('style[data-sprout-picker]')?.isConnected === want, on);
}

/** One pass of pointer moves over `points` in turn; `count` reads how many measures the page or frame holds. */
async function movePass(page: Page, points: { x: number; y: number }[], wait: (n: number) => Promise<unknown>, count: () => Promise<number>) {
  for (let i = 0; i < MOVES; i++) {
    const n = await count();
    const p = points[i % points.length]!;
    // A person's pointer comes at any moment of a frame: the moves are spread over one (the same
    // spread in both passes), not all just after the animation frame that ended the last wait.
    await new Promise((resolve) => setTimeout(resolve, (i * 7) % 17));
    await page.mouse.move(p.x, p.y);
    await wait(n);
  }
}

/** Pick → highlight, and the one-frame baseline, in `rounds` rounds of a pass with pick mode off then on. */
async function highlightRounds(c: Ctx, rounds: number): Promise<{ highlight: number[]; frames: { one: number; two: number }[] }> {
  const { page, inner } = c;
  const frame = page.frameLocator('[data-testid="preview-frame"]');
  const targets = [
    { tag: 'h1', at: frame.getByRole('heading', { name: 'Fruit stand' }) },
    { tag: 'button', at: frame.getByRole('button', { name: /^Count: / }) },
    { tag: 'li', at: frame.getByRole('listitem').filter({ hasText: 'Pears' }) },
  ];
  const points = await Promise.all(
    targets.map(async (t) => {
      const b = (await t.at.boundingBox())!;
      return { x: b.x + b.width / 2, y: b.y + b.height / 2 };
    }),
  );
  const frameCount = () => inner.evaluate(() => (window as unknown as FrameWindow).__frames.length);
  const hoverCount = () => page.evaluate(() => (window as unknown as PageWindow).__hovers.length);
  const framesBefore = await frameCount();
  const highlight: number[] = [];
  const frames: { one: number; two: number }[] = [];
  for (let r = 0; r < rounds; r++) {
    await setPicking(page, inner, false);
    const f0 = await frameCount();
    await movePass(
      page,
      points,
      (n) => inner.waitForFunction((m) => (window as unknown as FrameWindow).__frames.length > m, n, { timeout: 10_000 }),
      frameCount,
    );
    frames.push(...(await inner.evaluate((from) => (window as unknown as FrameWindow).__frames.slice(from), f0)));
    await setPicking(page, inner, true);
    const h0 = await hoverCount();
    await movePass(page, points, (n) => page.waitForFunction((m) => (window as unknown as PageWindow).__hovers.length > m, n, { timeout: 10_000 }), hoverCount);
    const hovers = await page.evaluate((from) => (window as unknown as PageWindow).__hovers.slice(from), h0);
    const wrong = hovers.filter((h, i) => h.tag !== targets[i % targets.length]!.tag);
    if (hovers.length !== MOVES || wrong.length > 0)
      c.problems.push(
        `highlight: ${hovers.length}/${MOVES} hovers, ${wrong.length} on another element than the one pointed at (${wrong.map((w) => w.tag).join(', ')})`,
      );
    highlight.push(...hovers.map((h) => h.latencyMs));
    console.log(
      `  round ${r + 1}: highlight ${hovers.map((h) => h.latencyMs.toFixed(1)).join(' ')} ms; one frame ${frames
        .slice(-MOVES)
        .map((x) => x.one.toFixed(1))
        .join(' ')} ms`,
    );
  }
  await setPicking(page, inner, false);
  if ((await frameCount()) - framesBefore < rounds * MOVES) c.problems.push('highlight: the frame saw fewer pointer moves than were made');
  return { highlight, frames };
}

/** Waits in the frame for the heading painted with `want`; its time (frame clock, epoch ms), or why not. */
async function painted(inner: Frame, want: { color: string; cls?: string; noInline?: boolean }): Promise<{ at: number } | { gone: true }> {
  const found = await inner.waitForFunction((w) => (window as unknown as FrameWindow).__benchFind(w), want, { timeout: 30_000 });
  return (await found.jsonValue()) as { at: number } | { gone: true };
}

/** The request `which` made after `t0`: when it started after t0, and how long it took (page clock). */
async function requestOf(page: Page, which: string, t0: number): Promise<{ requestStartMs: number; requestMs: number }> {
  const list = await page.evaluate(() => (window as unknown as PageWindow).__requests);
  const r = list.find((x) => x.path === which && x.start >= t0 - 1);
  return r ? { requestStartMs: r.start - t0, requestMs: r.end - r.start } : { requestStartMs: NaN, requestMs: NaN };
}

/** The watch's log as a timeline from `t0` (BENCH_VERBOSE). */
async function timeline(c: Ctx, what: string, t0: number, log: WatchEntry[], versionId: string): Promise<void> {
  if (!VERBOSE) return;
  const updates = await c.page.evaluate((id) => (window as unknown as PageWindow).__updates.filter((u) => u.versionId === id), versionId);
  const requests = await c.page.evaluate((from) => (window as unknown as PageWindow).__requests.filter((r) => r.start >= from - 1), t0);
  const inFrame = await c.inner.evaluate((from) => (window as unknown as FrameWindow).__frameRequests.filter((r) => r.sent >= from - 1), t0);
  const lines = [
    ...log.map((e) => ({ at: e.at, what: `frame: class "${e.cls}"${e.inline ? ` inline ${e.inline}` : ''} → ${e.color}` })),
    ...updates.map((u) => ({ at: u.at, what: `page: preview update ${u.outcome}` })),
    ...requests.flatMap((r) => [
      { at: r.start, what: `page: ${r.path} sent` },
      { at: r.end, what: `page: ${r.path} answered` },
    ]),
    ...inFrame.map((r) => ({
      at: r.sent,
      what: `frame: GET ${r.path} (first byte +${(r.first - r.sent).toFixed(0)} ms, done +${(r.done - r.sent).toFixed(0)} ms)`,
    })),
  ].sort((a, b) => a.at - b.at);
  console.log(`    ${what}:`);
  for (const l of lines) console.log(`      ${(l.at - t0).toFixed(1).padStart(7)} ms  ${l.what}`);
}

async function hotUpdated(c: Ctx, versionId: string, mark: string): Promise<boolean> {
  // The update report may come just after the pixels (the frame reports once React has rendered).
  await c.page
    .waitForFunction((id) => (window as unknown as PageWindow).__updates.some((u) => u.versionId === id), versionId, { timeout: 10_000 })
    .catch(() => undefined);
  const update = await c.page.evaluate((id) => (window as unknown as PageWindow).__updates.filter((u) => u.versionId === id), versionId);
  const kept = await c.inner.evaluate(() => (window as unknown as FrameWindow).__benchMark).catch(() => undefined);
  // 'current': the page announced the version again, and the frame already shows it.
  return kept === mark && update.some((u) => u.outcome === 'hot') && update.every((u) => u.outcome === 'hot' || u.outcome === 'current');
}

/** The heading's text colour set in the edit panel, then Save: the instant preview's pixels and the saved version's. */
async function visualEdit(c: Ctx, colour: string, from: string, mark: string): Promise<EditRun> {
  const { page, inner } = c;
  const panel = panelOf(page);
  const field = panel.getByLabel('Text colour', { exact: true });
  // The panel has caught up with the version on screen (its fields read from it again after each).
  await page.waitForFunction(
    (want) => {
      const region = document.querySelector('[data-testid="edit-element"]');
      const status = region?.querySelector('[data-testid="edit-element-status"]')?.textContent ?? '';
      const label = [...(region?.querySelectorAll('label') ?? [])].find((l) => l.textContent?.trim() === 'Text colour');
      const input = label && (document.getElementById(label.htmlFor) as HTMLInputElement | null);
      return !!input && !input.disabled && input.value === want && status.startsWith('No model');
    },
    from,
    { timeout: 30_000 },
  );
  const before = (await versionsOf(c)).versions.length;
  const instantColour = await inner.evaluate((css) => (window as unknown as FrameWindow).__benchComputed(css), cssColour(colour)!);
  const classColour = await inner.evaluate((css) => (window as unknown as FrameWindow).__benchComputed(css), tailwindColour(colour));
  await inner.evaluate(() => (window as unknown as FrameWindow).__benchWatch('h1'));
  const inputs = await page.evaluate(() => (window as unknown as PageWindow).__inputs.length);
  await field.fill(colour);
  const shown = await painted(inner, { color: instantColour, noInline: false });
  const inputAt = (await page.evaluate((n) => (window as unknown as PageWindow).__inputs[n], inputs)) ?? NaN;
  const clicks = await page.evaluate(() => (window as unknown as PageWindow).__clicks.length);
  // Within the session's quiet time (1.2 s), so the click is what saves the change.
  await panel.getByRole('button', { name: 'Save', exact: true }).click({ timeout: 5_000 });
  // The pixels: the version's class on the heading and its colour computed (the inline preview, a
  // var() of the same colour, may still be there); then the preview gone, the class alone.
  const saved = await painted(inner, { color: classColour, cls: `text-${colour}` });
  const settled = await painted(inner, { color: classColour, cls: `text-${colour}`, noInline: true });
  const clickAt = (await page.evaluate((n) => (window as unknown as PageWindow).__clicks[n], clicks)) ?? NaN;
  const log = await inner.evaluate(() => (window as unknown as FrameWindow).__benchUnwatch());
  if ('gone' in shown || 'gone' in saved || 'gone' in settled)
    throw new Error(`visual edit to ${colour}: the preview document was replaced (not a hot update)`);

  const after = await versionsOf(c);
  const newest = [...after.versions].sort((a, b) => b.number - a.number)[0]!;
  const files = await filesOf(c);
  const app = files.files.find((f) => f.path === APP_PATH)?.content;
  if (after.versions.length !== before + 1) c.problems.push(`visual edit to ${colour}: ${after.versions.length - before} versions made (1 expected)`);
  if (newest.source !== 'visual') c.problems.push(`visual edit to ${colour}: the new version's source is "${newest.source}" (visual expected)`);
  if (app !== appWith(colour)) c.problems.push(`visual edit to ${colour}: App.tsx is not the exact change (the heading's class swapped)`);
  const hot = await hotUpdated(c, newest.id, mark);
  if (!hot) c.problems.push(`visual edit to ${colour}: not a hot update (the document was reloaded, or the update was not applied in place)`);
  await timeline(c, `visual edit to ${colour}, from the Save click (input at ${(inputAt - clickAt).toFixed(1)} ms)`, clickAt, log, newest.id);
  return {
    colour,
    instantMs: shown.at - inputAt,
    pixelsMs: saved.at - clickAt,
    settledMs: settled.at - clickAt,
    ...(await requestOf(page, 'visual-edits', clickAt)),
    hot,
  };
}

/** The same change as a manual code edit (the baseline): PUT App.tsx from the page → the same pixels. */
async function manualEdit(c: Ctx, colour: string, mark: string): Promise<EditRun> {
  const { page, inner } = c;
  const current = await filesOf(c);
  const before = (await versionsOf(c)).versions.length;
  const classColour = await inner.evaluate((css) => (window as unknown as FrameWindow).__benchComputed(css), tailwindColour(colour));
  await inner.evaluate(() => (window as unknown as FrameWindow).__benchWatch('h1'));
  const made = await page.evaluate((a) => (window as unknown as PageWindow).__benchManualEdit(a), {
    apiUrl: c.apiUrl,
    token: c.account.idToken,
    id: c.project.id,
    path: APP_PATH,
    content: appWith(colour),
    base: current.version.id,
  });
  const saved = await painted(inner, { color: classColour, cls: `text-${colour}`, noInline: true });
  const log = await inner.evaluate(() => (window as unknown as FrameWindow).__benchUnwatch());
  if ('gone' in saved) throw new Error(`code edit to ${colour}: the preview document was replaced (not a hot update)`);
  const after = await versionsOf(c);
  const version = after.versions.find((v) => v.id === made.versionId);
  if (after.versions.length !== before + 1 || version?.source !== 'manual') c.problems.push(`code edit to ${colour}: not one manual version`);
  const hot = await hotUpdated(c, made.versionId, mark);
  if (!hot) c.problems.push(`code edit to ${colour}: not a hot update`);
  await timeline(c, `code edit to ${colour}, from the PUT`, made.started, log, made.versionId);
  return {
    colour,
    instantMs: NaN,
    pixelsMs: saved.at - made.started,
    settledMs: saved.at - made.started,
    ...(await requestOf(page, 'files', made.started)),
    hot,
  };
}

export async function runVisualEditsBench(short = SHORT): Promise<VisualEditsBench> {
  // The product's defaults: the offline builder (no model, no key), the render check as configured.
  const product = await startProduct({ LOG_LEVEL: 'error' });
  const browser = await launchChromium();
  try {
    const client = new ApiClient(product.apiUrl);
    const account = await client.register({ tag: 'bench-visual', displayName: 'Bench' });
    const project = await fruitProject(client, account);
    const usageBefore = await usageOf({ client, account });
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    await context.addInitScript(PROBE);
    const page = await signInPage(context, product.webUrl, account);
    await page.goto(`${product.webUrl}/build/${project.id}`);
    const frame = page.frameLocator('[data-testid="preview-frame"]');
    const heading = frame.getByRole('heading', { name: 'Fruit stand' });
    await heading.waitFor({ timeout: 60_000 });
    const inner = (await (await page.getByTestId('preview-frame').elementHandle())!.contentFrame())!;
    // Kept by every update in place; a reload of the frame's document loses it.
    const mark = `bench-${Date.now()}`;
    await inner.evaluate((m) => {
      (window as unknown as FrameWindow).__benchMark = m;
    }, mark);
    const c: Ctx = { page, inner, client, apiUrl: product.apiUrl, account, project, problems: [] };

    console.log(`  pick → highlight: ${runs(short)} rounds of ${MOVES} moves with pick mode off (the baseline), then on`);
    const { highlight, frames } = await highlightRounds(c, runs(short));

    // The heading selected: the edit panel opens on it.
    await setPicking(page, inner, true);
    await heading.click();
    await panelOf(page).waitFor();
    const edits = 2 * runs(short);
    console.log(
      `  change → pixels: ${edits} visual edits of the heading's text colour, each followed by the same change as a code edit (the baseline); one of each to warm up`,
    );
    const visual: EditRun[] = [];
    const manual: EditRun[] = [];
    let shown = FIRST_COLOUR;
    let k = 0;
    for (let r = 0; r <= edits; r++) {
      const v = await visualEdit(c, COLOURS[k++ % COLOURS.length]!, shown, mark);
      shown = v.colour;
      const m = await manualEdit(c, COLOURS[k++ % COLOURS.length]!, mark);
      shown = m.colour;
      const line = `edit ${r}${r === 0 ? ' (warm-up)' : ''}: ${v.colour} instant ${ms(v.instantMs)}, saved → pixels ${ms(v.pixelsMs)} (request ${ms(v.requestMs)}; inline preview gone ${ms(v.settledMs)})${v.hot ? '' : ' NOT HOT'}; code edit ${m.colour} → pixels ${ms(m.pixelsMs)} (request ${ms(m.requestMs)})${m.hot ? '' : ' NOT HOT'}`;
      console.log(`  ${line}`);
      if (r === 0) continue;
      visual.push(v);
      manual.push(m);
    }
    const usageAfter = await usageOf(c);
    if (usageAfter.dailyMessages.used !== usageBefore.dailyMessages.used || usageAfter.monthlyMessages.used !== usageBefore.monthlyMessages.used)
      c.problems.push(`messages counted: ${usageBefore.dailyMessages.used} → ${usageAfter.dailyMessages.used} today`);
    const visualVersions = (await versionsOf(c)).versions.filter((v) => v.source === 'visual').length;
    if (visualVersions !== edits + 1) c.problems.push(`${visualVersions} versions with source "visual" for ${edits + 1} saves`);
    await context.close();

    const p50 = (xs: number[]) => median(xs);
    const p95 = (xs: number[]) => percentile(xs, 95);
    const col = (rs: EditRun[], k: 'instantMs' | 'pixelsMs' | 'settledMs' | 'requestMs') => rs.map((r) => r[k]);
    const frameMs = frames.map((f) => f.one);
    const twoFrames = frames.map((f) => f.two);
    return {
      highlight,
      frame: frameMs,
      twoFrames,
      visual,
      manual,
      highlightP50Ms: p50(highlight),
      highlightP95Ms: p95(highlight),
      frameP50Ms: p50(frameMs),
      frameP95Ms: p95(frameMs),
      twoFramesP50Ms: p50(twoFrames),
      twoFramesP95Ms: p95(twoFrames),
      instantP50Ms: p50(col(visual, 'instantMs')),
      instantP95Ms: p95(col(visual, 'instantMs')),
      saveP50Ms: p50(col(visual, 'pixelsMs')),
      saveP95Ms: p95(col(visual, 'pixelsMs')),
      manualP50Ms: p50(col(manual, 'pixelsMs')),
      manualP95Ms: p95(col(manual, 'pixelsMs')),
      saveRequestMs: p50(col(visual, 'requestMs')),
      manualRequestMs: p50(col(manual, 'requestMs')),
      saveSettledMs: p50(col(visual, 'settledMs')),
      problems: c.problems,
    };
  } finally {
    await browser.close();
    await product.stop();
  }
}

if (isMain(import.meta.url)) {
  await prepareWebBuild();
  console.log('\nVisual edits: headless Chromium on /build/{id}, the offline builder');
  const r = await runVisualEditsBench();
  console.log(`\n${renderTable(visualEditsRows(r))}`);
  if (r.problems.length > 0) {
    console.error(`FAILED:\n  ${r.problems.join('\n  ')}`);
    process.exitCode = 1;
  }
}
