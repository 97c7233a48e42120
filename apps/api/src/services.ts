import type { FastifyBaseLogger } from 'fastify';
import { clearDataset, getVersionFiles, type DbHandle } from '@sprout/db';
import { PreviewBuilder } from '@sprout/preview';
import { ALLOWED_PACKAGES, TEMPLATE_PACKAGE_DIR } from '@sprout/template';
import type { Config } from './config';
import { KeyStore } from './auth/key-store';
import { TokenService } from './auth/tokens';
import { createMailer, type Mailer } from './mailer';
import { cachedPreviewBuild, createPreviewBuild, type PreviewBuild } from './hosting/preview-builds';
import { PreviewTokens } from './hosting/preview-tokens';
import { createStripe, type StripeClient } from './billing/stripe';
import { createEngineService, type EngineService } from './chat/engine-service';
import { AppTokens } from './app-backend/app-tokens';
import { AppChanges } from './app-backend/live-changes';
import { ChromiumPool } from './verify/chromium-pool';
import type { Dispatch } from './verify/check-requests';
import { createRenderCheck, type RenderCheck } from './verify/render-check';
import { engineObserver } from './observability/engine-observer';
import { Metrics } from './observability/metrics';
import { timedBuild } from './observability/timed-build';
import { startTracing, type Tracing } from './observability/tracing';

/** Everything a request handler may need, built once per process. */
export interface Services {
  config: Config;
  dbHandle: DbHandle;
  db: DbHandle['db'];
  keys: KeyStore;
  tokens: TokenService;
  mailer: Mailer;
  /** Builds previews and production bundles; one per process (its caches are the point). */
  previews: PreviewBuilder;
  /** Builds a version's preview: the one build the engine checks runs with and the preview host serves. */
  buildPreview: PreviewBuild;
  previewTokens: PreviewTokens;
  /** Stripe when STRIPE_SECRET_KEY is set; null means the built-in test checkout. */
  stripe: StripeClient | null;
  log: FastifyBaseLogger;
  /** The generation engine: runs, their events, the models (chat/engine-service.ts). */
  engine: EngineService;
  /** Apps' backends: their visitor and app-user cookies, and live changes to their data. */
  appTokens: AppTokens;
  appChanges: AppChanges;
  /** The headless Chromium render checks use, launched on first use; closed with the app. */
  chromium: ChromiumPool;
  /** Loads a run's candidate version on its preview origin in Chromium before it becomes current (src/verify/). */
  renderCheck: RenderCheck;
  /** Prometheus metrics (GET /metrics) and OpenTelemetry traces when configured (src/observability/). */
  metrics: Metrics;
  tracing: Tracing;
}

/** `dispatch` answers a request through the app itself (`app.inject`): how render checks reach the preview host. */
export async function createServices(config: Config, dbHandle: DbHandle, log: FastifyBaseLogger, dispatch: Dispatch): Promise<Services> {
  const keys = new KeyStore(dbHandle.db);
  await keys.init();
  const previews = new PreviewBuilder({ cacheDir: config.previewCacheDir, resolveDir: TEMPLATE_PACKAGE_DIR, allowed: ALLOWED_PACKAGES });
  const tracing = await startTracing(config.observability.otel);
  let engine: EngineService | undefined;
  const metrics = new Metrics({ db: dbHandle, activeRuns: () => engine?.runs.activeCount ?? 0 });
  const buildPreview = timedBuild(
    createPreviewBuild(previews, { bridgeOrigin: config.webOrigin, loadFiles: (versionId) => getVersionFiles(dbHandle.db, versionId) }),
    metrics,
  );
  const previewTokens = new PreviewTokens(keys, config.issuer);
  const chromium = new ChromiumPool({
    executablePath: config.renderCheck.chromiumPath,
    concurrency: config.renderCheck.concurrency,
    // A candidate is checked by two pages at once (render, behaviour): both start on a spare.
    spares: config.renderCheck.concurrency,
    onLaunchFailed: (err) => log.warn({ err }, `render checks are skipped: Chromium (${config.renderCheck.chromiumPath}) could not be started`),
  });
  const renderCheck = createRenderCheck({
    config: { ...config.renderCheck, previewDomain: config.previewDomain, appProtocol: config.appProtocol },
    pool: chromium,
    previewTokens,
    cachedBuild: (sproutId, versionId) => cachedPreviewBuild(previews, config.webOrigin, sproutId, versionId),
    dispatch,
    clearCheckData: (sproutId) => clearDataset(dbHandle.db, { sproutId, dataset: 'check' }),
    log,
  });
  engine = await createEngineService(config, dbHandle, buildPreview, log, renderCheck, engineObserver(metrics, tracing));
  return {
    config,
    dbHandle,
    db: dbHandle.db,
    keys,
    tokens: new TokenService(keys, config.issuer),
    mailer: createMailer(config, log),
    previews,
    buildPreview,
    previewTokens,
    stripe: createStripe(config),
    log,
    engine,
    appTokens: new AppTokens(keys, config.issuer),
    appChanges: await AppChanges.start(dbHandle, (err) => log.warn({ err }, 'app data listener connection error')),
    chromium,
    renderCheck,
    metrics,
    tracing,
  };
}
