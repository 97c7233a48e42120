import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { checkBoundaries, type BoundaryInput } from './boundaries/check';
import { repoInput } from './boundaries/repo';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** A made-up repository: files by path, and the entry points its packages declare. */
function tree(files: Record<string, string>, entryPoints: Record<string, string[]> = {}): BoundaryInput {
  return {
    files: Object.entries(files).map(([p, text]) => ({ path: p, text })),
    exists: (p) => p in files,
    entryPoints: {
      '@sprout/core': ['@sprout/core', '@sprout/core/contract'],
      '@sprout/db': ['@sprout/db', '@sprout/db/testing'],
      '@sprout/engine': ['@sprout/engine', '@sprout/engine/protocol', '@sprout/engine/testing'],
      '@sprout/api': ['@sprout/api'],
      ...entryPoints,
    },
  };
}
const messages = (input: BoundaryInput) => checkBoundaries(input).map((v) => `${v.rule}: ${v.message}`);

describe('the repository', () => {
  it("keeps DESIGN's dependency rules and has no import cycle", () => {
    const input = repoInput(ROOT);
    // The check read the tree, not an empty list: every part of it has files.
    expect(input.files.length).toBeGreaterThan(500);
    expect(messages(input)).toEqual([]);
  });
});

describe('the boundary check fails, naming the import, when', () => {
  it('core does I/O or imports a module', () => {
    const found = messages(tree({ 'packages/core/src/a.ts': "import { readFileSync } from 'node:fs';\nexport const x = () => fetch('/x');\n" }));
    expect(found).toEqual([
      'core-purity: packages/core/src/a.ts:1 imports node:fs: core imports nothing but zod',
      'core-purity: packages/core/src/a.ts uses fetch(: core does no I/O',
    ]);
  });

  it('the web app imports a server package', () => {
    expect(messages(tree({ 'apps/web/lib/x.ts': "import { createDb } from '@sprout/db';\n" }))).toEqual([
      'dependency: apps/web/lib/x.ts:1 imports @sprout/db: web may import core',
    ]);
  });

  it('the web app imports values from the contract (zod would reach the browser)', () => {
    const found = messages(
      tree({
        'apps/web/a.ts': "import { Sprout } from '@sprout/core/contract';\n",
        'apps/web/b.ts': "import type { Sprout } from '@sprout/core/contract';\nimport { type Run, type Version } from '@sprout/core/contract';\n",
      }),
    );
    expect(found).toEqual([
      'type-only: apps/web/a.ts:1 imports values from @sprout/core/contract: web may import only its types (import type), so zod stays out of the bundle',
    ]);
  });

  it("a package's tests import more than its fixtures", () => {
    const found = messages(
      tree({
        'packages/preview/src/a.test.ts': "import { ALLOWED_PACKAGES } from '@sprout/template';\nimport { createDb } from '@sprout/db';\n",
        'packages/preview/src/b.ts': "import { ALLOWED_PACKAGES } from '@sprout/template';\n",
      }),
    );
    expect(found).toEqual([
      'dependency: packages/preview/src/a.test.ts:2 imports @sprout/db: preview may import core',
      'dependency: packages/preview/src/b.ts:1 imports @sprout/template: preview may import core',
    ]);
  });

  it('the engine imports the API', () => {
    expect(messages(tree({ 'packages/engine/src/run/x.ts': "import { buildApp } from '@sprout/api';\n" }))).toEqual([
      'dependency: packages/engine/src/run/x.ts:1 imports @sprout/api: engine may import core, db, preview, template',
    ]);
  });

  it('the offline builder uses more of the engine than its protocol', () => {
    const found = messages(
      tree({ 'packages/offline/src/a.ts': "import { writeAnswer } from '@sprout/engine/protocol';\nimport { RunManager } from '@sprout/engine';\n" }),
    );
    expect(found).toEqual(['entry-point: packages/offline/src/a.ts:2 imports @sprout/engine: offline may use only @sprout/engine/protocol']);
  });

  it("a test reaches into another package's files instead of its entry points", () => {
    const found = messages(
      tree({
        'security/a.test.ts': "import { createTestApp } from '../apps/api/src/test-support';\nimport { x } from '@sprout/db/src/queries/users';\n",
        'apps/api/src/test-support.ts': 'export const createTestApp = 1;\n',
      }),
    );
    expect(found).toEqual([
      'entry-point: security/a.test.ts:1 imports apps/api/src/test-support.ts by path: use the package\'s entry point (its "testing" entry for test helpers)',
      'entry-point: security/a.test.ts:2 imports @sprout/db/src/queries/users, which @sprout/db does not export (its entry points: @sprout/db, @sprout/db/testing)',
    ]);
  });

  it('files import each other in a circle, also through types only', () => {
    const found = messages(
      tree({
        'apps/api/src/services.ts': "import { createEngine } from './chat/engine-service';\n",
        'apps/api/src/chat/engine-service.ts': "import { buildBase } from '../hosting/preview-builds';\n",
        'apps/api/src/hosting/preview-builds.ts': "import type { Services } from '../services';\n",
        'apps/api/src/ok.ts': "// import { a } from './services';\nimport { x } from './services';\n",
      }),
    );
    expect(found).toEqual([
      'cycle: import cycle: apps/api/src/chat/engine-service.ts → apps/api/src/hosting/preview-builds.ts → apps/api/src/services.ts → apps/api/src/chat/engine-service.ts',
    ]);
  });
});
