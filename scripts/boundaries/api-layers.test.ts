import { describe, expect, it } from 'vitest';
import { checkBoundaries } from './check';

/** A made-up API: files by path under apps/api/src/. */
function layers(files: Record<string, string>): string[] {
  const all = Object.fromEntries(Object.entries(files).map(([p, text]) => [`apps/api/src/${p}`, text]));
  return checkBoundaries({ files: Object.entries(all).map(([path, text]) => ({ path, text })), exists: (p) => p in all, entryPoints: {} })
    .filter((v) => v.rule === 'api-layer')
    .map((v) => v.message);
}
const target = (p: string) => ({ [p]: 'export const x = 1;\n' });

describe('the API layer check fails, naming the import, when', () => {
  it('a generic plugin imports a feature', () => {
    const found = layers({
      'plugins/ownership.ts':
        "import { assertTestMode } from '../billing/test-checkout';\nimport { AppError } from '../errors';\nimport type { Services } from '../services';\nimport { addRoutePreHandler } from './route-hooks';\n",
      ...target('billing/test-checkout.ts'),
      ...target('errors.ts'),
      ...target('services.ts'),
      ...target('plugins/route-hooks.ts'),
    });
    expect(found).toEqual([
      'apps/api/src/plugins/ownership.ts:1 imports apps/api/src/billing/test-checkout.ts: plugins/ know no feature (the app hands them what they need)',
    ]);
  });

  it('a feature imports another one it has no written-down dependency on', () => {
    const found = layers({
      'billing/a.ts': "import { sendMessage } from '../chat/messages';\nimport { ownedSprout } from '../plugins/ownership';\n",
      'chat/a.ts': "import { modelFor } from '../engine/run-model';\nimport { isDeveloper } from '../flags/run-flags';\n",
      'hosting/a.ts': "import { servePreview } from '../previews/preview-host';\n",
      ...target('chat/messages.ts'),
      ...target('plugins/ownership.ts'),
      ...target('engine/run-model.ts'),
      ...target('flags/run-flags.ts'),
      ...target('previews/preview-host.ts'),
    });
    expect(found).toEqual([
      'apps/api/src/billing/a.ts:1 imports apps/api/src/chat/messages.ts: billing may import no feature (rules.ts API_FEATURE_IMPORTS)',
      'apps/api/src/hosting/a.ts:1 imports apps/api/src/previews/preview-host.ts: hosting may import no feature (rules.ts API_FEATURE_IMPORTS)',
    ]);
  });

  it('a shared top-level module imports a feature', () => {
    const found = layers({
      'errors.ts': "import { x } from './billing/stripe-errors';\n",
      'config.ts': "import { otelConfig } from './observability/config';\n",
      ...target('billing/stripe-errors.ts'),
      ...target('observability/config.ts'),
    });
    expect(found).toEqual([
      'apps/api/src/errors.ts:1 imports apps/api/src/billing/stripe-errors.ts: errors.ts may import no feature (rules.ts API_FEATURE_IMPORTS)',
    ]);
  });

  it('a feature reaches into the composition: anything of it but the services’ types', () => {
    const found = layers({
      'billing/a.ts':
        "import type { Services } from '../services';\nimport { createServices } from '../services';\nimport { buildApp } from '../app';\nimport { OWNED_RECORDS } from '../owned-records';\n",
      'app.ts':
        "import { billingRoutes } from './billing/a';\nimport { ownership } from './plugins/ownership';\nimport { createServices } from './services';\n",
      ...target('services.ts'),
      ...target('owned-records.ts'),
      ...target('plugins/ownership.ts'),
    });
    expect(found).toEqual([
      'apps/api/src/billing/a.ts:2 imports apps/api/src/services.ts, which composes the app: only its types (services.ts, import type) are for billing',
      'apps/api/src/billing/a.ts:3 imports apps/api/src/app.ts, which composes the app: only its types (services.ts, import type) are for billing',
      'apps/api/src/billing/a.ts:4 imports apps/api/src/owned-records.ts, which composes the app: only its types (services.ts, import type) are for billing',
    ]);
  });

  it('code outside the tests imports the test entry', () => {
    const found = layers({
      'chat/a.ts': "import { useTestApp } from '../testing';\n",
      'chat/a.test.ts': "import { useTestApp } from '../testing';\nimport { buildApp } from '../app';\n",
      'chat/checks.testing.ts': "import { useTestApp } from '../testing';\n",
      'testing/index.ts': "import { buildApp } from '../app';\nimport { previewCookie } from '../previews/cookies';\n",
      ...target('app.ts'),
      ...target('previews/cookies.ts'),
    });
    expect(found).toEqual(['apps/api/src/chat/a.ts:1 imports the test entry (apps/api/src/testing/index.ts) outside a test']);
  });
});
