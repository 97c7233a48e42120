// Every chip and template prompt (and a few more) → the offline answer → applied like a run →
// the engine's fixers and checks with the real PreviewBuilder: zero fixes, zero issues. Then
// "make it dark" on the result builds too and turns the page dark.

import os from 'node:os';
import path from 'node:path';
import { PreviewBuilder } from '@sprout/preview';
import { ALLOWED_PACKAGES, TEMPLATE_PACKAGE_DIR } from '@sprout/template';
import { describe, expect, it } from 'vitest';
import { applyFixers, runChecks } from '../checks/run-checks';
import { readMarker } from './families/common';
import { CASES } from './cases';
import { converse } from './testing';

// Shared with the preview package's tests: vendor files are keyed by package versions.
const builder = new PreviewBuilder({ cacheDir: path.join(os.tmpdir(), 'sprout-preview-test-cache'), resolveDir: TEMPLATE_PACKAGE_DIR, allowed: ALLOWED_PACKAGES });
const preview = { mode: 'preview' as const, assetBase: '/_sprout/build/v/' };

async function check(files: Map<string, string>, changed: string[]) {
  const fixed = applyFixers(files, new Set(changed), []);
  const result = await runChecks(files, changed, { build: (f) => builder.build(f, preview), allowed: ALLOWED_PACKAGES, extra: fixed.issues });
  return { fixes: fixed.fixes, issues: result.issues };
}

describe('offline builder: every family builds with the preview builder', () => {
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
    const page = await builder.build([...dark!.files].map(([p, content]) => ({ path: p, content })), preview);
    expect(page.ok && page.html).toMatch(/<html lang="en" class="dark">/);
  });
});
