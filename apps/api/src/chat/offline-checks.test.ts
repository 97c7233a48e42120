// The offline builder's behaviour checks pass on the apps it builds: each app of its test prompts
// (every chip and template, each game, every composed app) is built as a run's candidate and loaded
// in Debian's Chromium by the API's render check, which then runs the app's checks/*.json on an
// empty dataset at 1280×800, exactly as a run does. Here because only the API may combine the
// offline builder with the preview builder and the browser.

import { getVersionFiles, newId } from '@sprout/db';
import { parseBehaviourChecks } from '@sprout/core';
import { CASES, converse } from '@sprout/offline/testing';
import type { ProjectFile } from '@sprout/preview';
import { beforeAll, describe, expect, it } from 'vitest';
import { type Session, useTestApp } from '../testing';

// A busy 2-core machine loads pages slowly: the check's load budget is generous here (what is judged is the steps).
const t = useTestApp({ RENDER_CHECK: 'on', RENDER_CHECK_CONCURRENCY: '1', RENDER_CHECK_TIMEOUT_MS: '30000' });
let owner: Session;
let sproutId: string;
let starter: ProjectFile[];

beforeAll(async () => {
  owner = await t.register();
  const sprout = (await t.api('POST', '/v1/sprouts', { token: owner.idToken, body: {} })).json();
  sproutId = sprout.id;
  starter = await getVersionFiles(t.db.db, sprout.currentVersionId);
});

// Every prompt the offline builder is tested with: apps of one family differ in their fields,
// sections and labels (each records pack, each kind of landing page), and the checks follow them.
const apps = CASES;

describe('the offline builder’s behaviour checks pass on its apps, in Chromium', () => {
  it.each(apps.map((a) => [a.prompt.slice(0, 70), a.prompt]))('%s', { timeout: 120_000 }, async (_short, prompt) => {
    const files = converse([prompt])[0]!.files;
    const versionId = newId();
    const built = await t.app.services.buildPreview(sproutId, versionId, [
      ...starter.filter((f) => !files.has(f.path)),
      ...[...files].map(([path, content]) => ({ path, content })),
    ]);
    expect(built.ok, JSON.stringify(built.ok ? null : built.errors)).toBe(true);
    const { checks, problems } = parseBehaviourChecks(files);
    expect(problems).toEqual([]);
    expect(checks.length).toBeGreaterThan(0);
    const result = await t.app.services.renderCheck({ sproutId, ownerId: owner.user.id, versionId, dataRules: files.get('sprout.data.json') ?? null, checks });
    expect(result.status, JSON.stringify({ ...result, thumbnail: undefined })).toBe('passed');
    if (result.status !== 'passed') return;
    expect(result.checks?.map((c) => (c.ok ? c.name : `${c.name}: step ${c.failedStep} (${c.step}): ${c.message}`))).toEqual(checks.map((c) => c.name));
  });
});
