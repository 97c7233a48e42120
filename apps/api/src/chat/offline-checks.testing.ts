// The offline builder's behaviour checks pass on the apps it builds: each app of a list of its test
// prompts is built as a run's candidate and loaded in Debian's Chromium by the API's render check,
// which then runs the app's checks/*.json on an empty dataset at 1280×800, exactly as a run does.
// Here because only the API may combine the offline builder with the preview builder and the browser.
// Two test files share it (the catalogue's apps, the free-form ones) so the two halves, each ~40
// Chromium loads, run side by side on CI's two workers instead of one after the other.

import { getVersionFiles, newId } from '@sprout/db';
import { parseBehaviourChecks } from '@sprout/core';
import { converse, type OfflineCase } from '@sprout/offline/testing';
import type { ProjectFile } from '@sprout/preview';
import { beforeAll, describe, expect, it } from 'vitest';
import { type Session, useTestApp } from '../testing';

export function describeOfflineChecks(title: string, cases: readonly OfflineCase[]): void {
  // A busy 2-core machine loads pages slowly: the check's load budget is the most the configuration accepts
  // (what is judged is the steps; a page that loads never waits for the budget, so it costs nothing when idle).
  // Each app's test has the api-browser project's limit, which grows with the machine's load.
  const t = useTestApp({ RENDER_CHECK: 'on', RENDER_CHECK_CONCURRENCY: '1', RENDER_CHECK_TIMEOUT_MS: '50000' });
  let owner: Session;
  let sproutId: string;
  let starter: ProjectFile[];

  beforeAll(async () => {
    owner = await t.register();
    const sprout = (await t.api('POST', '/v1/sprouts', { token: owner.idToken, body: {} })).json();
    sproutId = sprout.id;
    starter = await getVersionFiles(t.db.db, sprout.currentVersionId);
  });

  describe(title, () => {
    it.each(cases.map((a) => [a.prompt.slice(0, 70), a.prompt]))('%s', async (_short, prompt) => {
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
      const result = await t.app.services.renderCheck({
        sproutId,
        ownerId: owner.user.id,
        versionId,
        dataRules: files.get('sprout.data.json') ?? null,
        checks,
      });
      expect(result.status, JSON.stringify({ ...result, thumbnail: undefined })).toBe('passed');
      if (result.status !== 'passed') return;
      expect(result.checks?.map((c) => (c.ok ? c.name : `${c.name}: step ${c.failedStep} (${c.step}): ${c.message}`))).toEqual(checks.map((c) => c.name));
    });
  });
}
