// The offline builder through the engine, as the API wires them: the context the engine sends it,
// the engine's fixers and checks on what it writes, and the preview builder. It lives here because
// only the API may combine @sprout/offline with the rest of the engine and the preview builder.

import os from 'node:os';
import path from 'node:path';
import { QUICK_START_CHIPS } from '@sprout/core';
import { applyFixers, buildContext, parseEdits, runChecks, sproutProviderOptions, type HistoryTurn } from '@sprout/engine';
import { answerRequest, createOfflineModel, NO_MODEL_NOTE } from '@sprout/offline';
import { applyAnswer, CASES, converse, LANDING_FOLLOW_UPS, readMarker, starter } from '@sprout/offline/testing';
import { PreviewBuilder } from '@sprout/preview';
import { ALLOWED_PACKAGES, TEMPLATE_PACKAGE_DIR } from '@sprout/template';
import { streamText, type ModelMessage } from 'ai';
import { describe, expect, it } from 'vitest';

const KANBAN = 'Build a Trello-style kanban board for my team';
const chip = (id: string) => QUICK_START_CHIPS.find((c) => c.id === id)!.prompt;

// Shared with the preview package's tests: vendor files are keyed by package versions.
const builder = new PreviewBuilder({
  cacheDir: path.join(os.tmpdir(), 'sprout-preview-test-cache'),
  resolveDir: TEMPLATE_PACKAGE_DIR,
  allowed: ALLOWED_PACKAGES,
});
const preview = { mode: 'preview' as const, assetBase: '/_sprout/build/v/' };
const projectFiles = (files: Map<string, string>) => [...files].map(([p, content]) => ({ path: p, content }));

const builds = async (files: Map<string, string>) => {
  const r = await builder.build(projectFiles(files), preview);
  return r.ok ? [] : r.errors.map((e) => `${e.file}:${e.line} ${e.message}`);
};

async function check(files: Map<string, string>, changed: string[]) {
  const fixed = applyFixers(files, new Set(changed), []);
  const result = await runChecks(files, changed, {
    build: (f) => builder.build(f, preview),
    allowed: ALLOWED_PACKAGES,
    extra: fixed.issues,
    undeclared: fixed.undeclared,
  });
  return { fixes: fixed.fixes, issues: result.issues };
}

function context(files: ReadonlyMap<string, string>, request: string, history: HistoryTurn[] = []) {
  return buildContext({
    files,
    history,
    request,
    images: [],
    vision: false,
    partialEdits: false,
    condensed: false,
    recentlyChanged: [],
    packages: ALLOWED_PACKAGES,
  });
}

async function stream(messages: ModelMessage[], system?: string, durationMs = 0, staff = false) {
  const result = streamText({ model: createOfflineModel({ durationMs }), system, messages, providerOptions: sproutProviderOptions({ staff }) });
  const chunks: string[] = [];
  for await (const part of result.textStream) chunks.push(part);
  return { chunks, text: chunks.join(''), usage: await result.usage };
}

describe('the offline model reads the context the engine sends', () => {
  // Its pacing (the answer spread over `durationMs`) is tested with a fake clock in packages/offline.
  it('streams a whole app in many chunks through the AI SDK', async () => {
    const ctx = context(starter(), KANBAN);
    const { chunks, text, usage } = await stream(ctx.messages, ctx.system, 400);
    expect(chunks.length).toBeGreaterThanOrEqual(40);
    expect(text).toBe(answerRequest(KANBAN, starter()));
    expect(text).toContain('<sprout-write path="client/src/kanban/Board.tsx">');
    expect(usage.outputTokens).toBeGreaterThan(1000);
  });

  it('is deterministic: the same input streams the same chunks', async () => {
    const ctx = context(starter(), KANBAN);
    const [a, b] = await Promise.all([stream(ctx.messages, ctx.system), stream(ctx.messages, ctx.system)]);
    expect(a.chunks).toEqual(b.chunks);
  });

  it('reads the project files and the chat from the context, and edits what it built', async () => {
    const first = applyAnswer(answerRequest(KANBAN, starter()), starter());
    const history: HistoryTurn[] = [
      { role: 'user', content: KANBAN },
      { role: 'assistant', content: first.prose },
    ];
    const ctx = context(first.files, 'make it dark', history);
    const { text } = await stream(ctx.messages, ctx.system);
    const edit = parseEdits(text).find((e) => e.type === 'edit');
    // One SEARCH/REPLACE block: the changed line with a line of context on each side.
    expect(edit).toEqual({
      type: 'edit',
      path: 'client/index.html',
      blocks: [{ search: '<!doctype html>\n<html lang="en">\n  <head>', replace: '<!doctype html>\n<html lang="en" class="dark">\n  <head>' }],
    });
  });

  it('gives its honest answer through the model when it cannot do something', async () => {
    const first = applyAnswer(answerRequest(KANBAN, starter()), starter());
    const ctx = context(first.files, 'add user accounts with Google login', [
      { role: 'user', content: KANBAN },
      { role: 'assistant', content: 'Built it.' },
    ]);
    const { text } = await stream(ctx.messages, ctx.system);
    expect(parseEdits(text).every((e) => e.type === 'text')).toBe(true);
    expect(text).toMatch(/^I can't do “add user accounts with Google login” offline/);
    // Setup text goes to staff only: the engine says whom the model answers in its provider options.
    expect(text).toContain(NO_MODEL_NOTE);
    expect(text).not.toContain('SPROUT_MODEL');
    expect((await stream(ctx.messages, ctx.system, 0, true)).text).toContain('README section "Connecting a model"');
  });
});

// Every chip and template prompt (and a few more) → the offline answer → applied like a run →
// the engine's fixers and checks with the real PreviewBuilder: zero fixes, zero issues. Then
// "make it dark" on the result builds too and turns the page dark.
describe('offline builder: every family passes the engine’s fixers and checks', () => {
  it.each(CASES)('$family: $prompt', async ({ prompt, family }) => {
    const [built, light, dark] = converse([prompt, 'make it light', 'make it dark']);
    expect(built!.problems).toEqual([]);
    expect(readMarker(built!.files.get('client/src/config.ts'))?.family).toBe(family);
    expect(built!.summary).toBeTruthy();
    expect(built!.changed.length).toBeGreaterThanOrEqual(5);
    expect(await check(built!.files, built!.changed)).toEqual({ fixes: [], issues: [] });

    // "Make it dark" works for every family: after it, the page carries the dark class and builds.
    expect(light!.problems).toEqual([]);
    expect(dark!.problems).toEqual([]);
    expect(dark!.files.get('client/index.html')).toMatch(/<html lang="en" class="dark">/);
    expect(await check(dark!.files, dark!.changed)).toEqual({ fixes: [], issues: [] });
    const page = await builder.build(projectFiles(dark!.files), preview);
    expect(page.ok && page.html).toMatch(/<html lang="en" class="dark">/);
  });
});

describe('offline builder: follow-up edits still build', () => {
  it('on a landing page, after sections, fields, a new name, light mode and a palette', async () => {
    const turns = converse([chip('fitness-coach-website'), ...LANDING_FOLLOW_UPS]);
    expect(await builds(turns.at(-1)!.files)).toEqual([]);
  });

  it('on a records table with a new field (and its column)', async () => {
    const [, region] = converse(['Build me an internal tool for a customer support team that triages incoming tickets by priority', 'add a region field']);
    expect(await builds(region!.files)).toEqual([]);
  });
});
