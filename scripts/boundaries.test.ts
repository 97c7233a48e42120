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
  it('keeps the dependency rules of docs/architecture.md and has no import cycle', () => {
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
        'apps/api/src/services.ts': "import { createEngine } from './engine/engine-service';\n",
        'apps/api/src/engine/engine-service.ts': "import { buildBase } from '../previews/preview-builds';\n",
        'apps/api/src/previews/preview-builds.ts': "import type { Services } from '../services';\n",
        'apps/api/src/app.ts': "// import { a } from './services';\nimport { x } from './services';\n",
      }),
    );
    expect(found).toEqual([
      'cycle: import cycle: apps/api/src/engine/engine-service.ts → apps/api/src/previews/preview-builds.ts → apps/api/src/services.ts → apps/api/src/engine/engine-service.ts',
    ]);
  });
});

describe('the web app’s layers fail, naming the import, when', () => {
  const web = (files: Record<string, string>) =>
    messages(tree(Object.fromEntries(Object.entries(files).map(([p, text]) => [`apps/web/${p}`, text])))).filter((m) => m.startsWith('web-layer'));

  it('lib imports a component, a feature or a route', () => {
    const found = web({
      'lib/api/client.ts': "import { Button } from '@/ui/button';\nimport { openPaywall } from '@/features/paywall';\nimport { cn } from '../cn';\n",
      'lib/browser/toast.ts': "import type { Metadata } from '../../app/layout';\n",
      'lib/cn.ts': 'export const cn = 1;\n',
      'ui/button.tsx': "import { cn } from '@/lib/cn';\n",
      'features/paywall/index.ts': "export { openPaywall } from './paywall';\n",
      'features/paywall/paywall.tsx': 'export const openPaywall = 1;\n',
      'app/layout.tsx': 'export type Metadata = {};\n',
    });
    expect(found).toEqual([
      'web-layer: apps/web/lib/api/client.ts:1 imports apps/web/ui/button.tsx: lib/ may import only lib/ (rules.ts WEB_LAYERS)',
      'web-layer: apps/web/lib/api/client.ts:2 imports apps/web/features/paywall/index.ts: lib/ may import only lib/ (rules.ts WEB_LAYERS)',
      'web-layer: apps/web/lib/browser/toast.ts:1 imports apps/web/app/layout.tsx: lib/ may import only lib/ (rules.ts WEB_LAYERS)',
    ]);
  });

  it('shared UI imports a feature', () => {
    const found = web({
      'ui/load-error.tsx': "import { useFlags } from '@/lib/api/flags';\nimport { track } from '@/features/telemetry';\n",
      'lib/api/flags.ts': 'export const useFlags = 1;\n',
      'features/telemetry/index.ts': "export { track } from './analytics';\n",
      'features/telemetry/analytics.ts': 'export const track = 1;\n',
    });
    expect(found).toEqual([
      'web-layer: apps/web/ui/load-error.tsx:2 imports apps/web/features/telemetry/index.ts: ui/ may import only lib/, ui/ (rules.ts WEB_LAYERS)',
    ]);
  });

  it('a feature reaches into another feature instead of its public entry, and a route does too', () => {
    const found = web({
      'features/chat/chat-panel.tsx':
        "import { PreviewStore } from '@/features/preview/preview-store';\nimport { previewStoreFor } from '@/features/preview';\nimport { useDraft } from './use-draft';\n",
      'features/chat/use-draft.ts': "import type { PreviewState } from '../preview/preview-store';\n",
      'features/preview/index.ts': "export { previewStoreFor } from './preview-store';\n",
      'features/preview/preview-store.ts': 'export class PreviewStore {}\nexport const previewStoreFor = 1;\n',
      'app/build/page.tsx': "import { ChatPanel } from '@/features/chat/chat-panel';\nimport { previewStoreFor } from '@/features/preview';\n",
    });
    expect(found).toEqual([
      'web-layer: apps/web/features/chat/chat-panel.tsx:1 imports apps/web/features/preview/preview-store.ts: features/chat reaches features/preview only through its public entry (@/features/preview)',
      'web-layer: apps/web/features/chat/use-draft.ts:1 imports apps/web/features/preview/preview-store.ts: features/chat reaches features/preview only through its public entry (@/features/preview)',
      'web-layer: apps/web/app/build/page.tsx:1 imports apps/web/features/chat/chat-panel.tsx: a route reaches features/chat only through its public entry (@/features/chat)',
    ]);
  });

  it('a feature or shared UI imports a route', () => {
    const found = web({
      'features/home/hero.tsx': "import { metadata } from '@/app/page';\n",
      'app/page.tsx': "import { Hero } from '@/features/home';\n",
      'features/home/index.ts': "export { Hero } from './hero';\n",
    });
    expect(found).toEqual([
      'web-layer: apps/web/features/home/hero.tsx:1 imports apps/web/app/page.tsx: features/ may import only lib/, ui/, features/ (rules.ts WEB_LAYERS)',
    ]);
  });

  it('features import each other in a circle, even through their public entries and in different files', () => {
    const found = web({
      'features/chat/index.ts': "export { ChatPanel } from './chat-panel';\n",
      'features/chat/chat-panel.tsx': "import { PreviewPanel } from '@/features/preview';\n",
      'features/chat/sender.ts': 'export const send = 1;\n',
      'features/preview/index.ts': "export { PreviewPanel } from './preview-panel';\n",
      'features/preview/preview-panel.tsx': 'export const PreviewPanel = 1;\n',
      'features/preview/run-status.ts': "import { send } from '@/features/chat';\n",
    });
    expect(found).toEqual(['web-layer: web features import each other in a circle: chat → preview → chat']);
  });

  it('aliased imports close a cycle of files', () => {
    const found = messages(
      tree({
        'apps/web/lib/a.ts': "import { b } from '@/lib/b';\n",
        'apps/web/lib/b.ts': "import type { A } from '@/lib/a';\n",
      }),
    );
    expect(found).toEqual(['cycle: import cycle: apps/web/lib/a.ts → apps/web/lib/b.ts → apps/web/lib/a.ts']);
  });
});
