// Vitest runs a project's files in the order its sequencer gives, two at a time. On a fresh clone it
// has no record of how long files take, so it orders projects by name and files by size: a project
// late in the alphabet with one long file (security's 75-second one) then ran alone on one worker
// for the unit stage's last minute while the other sat idle, and the browser suite could end the
// same way. Files known to be long start first, and so do the projects that hold them; the many short
// files come last, where they fill both workers until the end. A file missing from the list only
// loses its place in the queue, never a test.
import path from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * Seconds each file took in CI on an idle 2-core machine (only files over ~15 s): the key is the
 * project's name and the file's path from the project's root.
 */
export const LONG_FILES: Readonly<Record<string, number>> = {
  'api-browser:src/chat/offline-checks-free-form.test.ts': 134,
  'api-browser:src/chat/offline-checks.test.ts': 92,
  'api-browser:src/checks/verified-runs.test.ts': 57,
  'api-browser:src/checks/render-check.test.ts': 56,
  'api-browser:src/checks/budgets.security.test.ts': 25,
  'api-browser:src/checks/behaviour-steps.test.ts': 24,
  'api-browser:src/previews/preview.browser.test.ts': 16,
  'security:edit-fuzz.test.ts': 25,
  'api:src/chat/run-fixes.test.ts': 59,
  'api:src/chat/providers.test.ts': 26,
  'api:src/billing/routes.test.ts': 20,
  'api:src/chat/run-events.test.ts': 20,
  'api:src/publishing/publish.test.ts': 19,
  'api:src/chat/offline-builder.test.ts': 17,
  'reliability:scale-out.test.ts': 61,
  'reliability:crash.test.ts': 54,
  'e2e:offline-builder.e2e.test.ts': 163,
  'e2e:account.e2e.test.ts': 107,
  'e2e:first-ten-minutes.e2e.test.ts': 99,
  'e2e:engine.e2e.test.ts': 90,
  'e2e:first-hour.e2e.test.ts': 83,
  'e2e:security.e2e.test.ts': 75,
  'e2e:billing.e2e.test.ts': 69,
  'e2e:workspace.e2e.test.ts': 61,
  'e2e:projects.e2e.test.ts': 56,
  'e2e:preview.e2e.test.ts': 50,
  'e2e:home.e2e.test.ts': 49,
  'e2e:preview-hot.e2e.test.ts': 45,
};

export interface QueuedFile {
  project: string;
  /** From the project's root, with forward slashes. */
  file: string;
}

/**
 * `files` (in Vitest's own order) reordered: projects by their longest known file, then each
 * project's files by known length, the rest keeping their order. A project's files stay together,
 * so a worker that keeps one module graph per project does not reload it between them.
 */
export function longFilesFirst<T extends QueuedFile>(files: readonly T[], known: Readonly<Record<string, number>> = LONG_FILES): T[] {
  const length = (f: T) => known[`${f.project}:${f.file}`] ?? 0;
  const longest = new Map<string, number>();
  const firstSeen = new Map<string, number>();
  files.forEach((f, i) => {
    longest.set(f.project, Math.max(longest.get(f.project) ?? 0, length(f)));
    if (!firstSeen.has(f.project)) firstSeen.set(f.project, i);
  });
  const place = new Map(files.map((f, i) => [f, i]));
  return [...files].sort(
    (a, b) =>
      longest.get(b.project)! - longest.get(a.project)! ||
      firstSeen.get(a.project)! - firstSeen.get(b.project)! ||
      length(b) - length(a) ||
      place.get(a)! - place.get(b)!,
  );
}

/** The sequencer vitest.config.ts names: Vitest's own order, then long files first. */
export class LongFilesFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const queued = (await super.sort(files)).map((spec) => ({
      spec,
      project: spec.project.name,
      file: path.relative(spec.project.config.root, spec.moduleId).split(path.sep).join('/'),
    }));
    return longFilesFirst(queued).map((q) => q.spec);
  }
}
