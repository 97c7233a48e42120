import type { FastifyBaseLogger } from 'fastify';
import { checkEmails, clearCheckEmails, clearDataset, getVersionFiles, type DbHandle } from '@sprout/db';
import { PreviewBuilder } from '@sprout/preview';
import { ALLOWED_PACKAGES, TEMPLATE_PACKAGE_DIR } from '@sprout/template';
import type { Config } from './config';
import { KeyStore } from './auth/key-store';
import { DummyPassword } from './auth/passwords';
import { TokenService } from './auth/tokens';
import { createMailer, type Mailer } from './mailer';
import { CandidateProjects, candidateBuild, createPreviewBuild, type PreviewBuild } from './previews/preview-builds';
import { CandidateRules } from './previews/candidate-rules';
import { StoredCandidates } from './previews/stored-candidates';
import { InstanceState } from './health/instance-state';
import { createCheckQueue, type CheckQueue } from './jobs/check-queue';
import { createTypeCheckQueue, type TypeCheckQueue } from './jobs/type-check-queue';
import { createRunQueue } from './jobs/create-run-queue';
import { createMailQueue, type MailQueue } from './jobs/mail-queue';
import { createForwardQueue, type ForwardQueue } from './analytics/forward-queue';
import { createPublishQueue, type PublishQueue } from './publishing/publish-queue';
import { createPrerender, type Prerender } from './publishing/prerender';
import type { RunQueue } from './jobs/run-queue';
import { TrustedSessions } from './previews/trusted-sessions';
import { PreviewTokens } from './previews/preview-tokens';
import { createStripe, type StripeClient } from './billing/stripe';
import { StripePriceCache } from './billing/stripe-price-cache';
import { createEngineService, type EngineService } from './engine/engine-service';
import { AppTokens } from './app-backend/app-tokens';
import { siteVisitorCookie } from './app-backend/visitor-cookie';
import { AppChanges } from './app-backend/live-changes';
import { AppBackendCaches } from './app-backend/app-caches';
import { createSharedLimits } from './limits/create-limits';
import { ExpiredLimitRows } from './limits/expired-limit-rows';
import type { SharedLimits } from './limits/shared-limits';
import { ChromiumPool } from './checks/chromium-pool';
import type { Dispatch } from './checks/check-requests';
import { createRenderCheck, type RenderCheck } from './checks/render-check';
import { engineObserver } from './observability/engine-observer';
import { Metrics } from './observability/metrics';
import { timedBuild } from './observability/timed-build';
import { startTracing, type Tracing } from './observability/tracing';
import { createFileStore } from './file-store/create-file-store';
import { StoredFiles } from './file-store/stored-files';
import { ImmutableCache } from './file-store/immutable-cache';
import { SitePageCaches } from './hosting/site-caches';
import { Screenshots } from './file-store/screenshots';
import { VisitorHashes } from './site-analytics/visitor-hash';
import { OidcClients } from './oidc/oidc-clients';
import { AppFunctions } from './functions/app-functions';
import { appMailSender, type AppMailSender } from './app-email/mail-transport';
import { RepoLocks } from './git/repo-lock';
import { RemotePushes } from './git/remote-pushes';

/** Everything a request handler may need, built once per app (`buildApp`). */
export interface Services {
  config: Config;
  dbHandle: DbHandle;
  db: DbHandle['db'];
  keys: KeyStore;
  tokens: TokenService;
  mailer: Mailer;
  /** Apps' own mail over SMTP_URL; null without it (their mail is then recorded in their Outbox, not sent). */
  appMail: AppMailSender | null;
  /** Builds previews and production bundles; one per app (its caches are the point). */
  previews: PreviewBuilder;
  /** Builds a version's preview: the one build the engine checks runs with and the preview host serves. */
  buildPreview: PreviewBuild;
  previewTokens: PreviewTokens;
  /** Stripe when STRIPE_SECRET_KEY is set; null means the built-in test checkout. */
  stripe: StripeClient | null;
  log: FastifyBaseLogger;
  /** The generation engine: runs, their events, the models (engine/engine-service.ts). */
  engine: EngineService;
  /** Apps' backends: their visitor and app-user cookies, and live changes to their data. */
  appTokens: AppTokens;
  /** Set-Cookie lines that make a published app's page one visitor's before its scripts run (none when it is one already). */
  siteVisitorCookie(sproutId: string, host: string, cookie: string | undefined): Promise<string[]>;
  appChanges: AppChanges;
  /** The headless Chromium render checks use, launched on first use; closed with the app. */
  chromium: ChromiumPool;
  /** Loads a run's candidate version on its preview origin in Chromium before it becomes current (src/checks/). */
  renderCheck: RenderCheck;
  /** Renders a new deployment's pages at publish, in the same Chromium (publishing/prerender.ts). */
  prerender: Prerender;
  /** Prometheus metrics (GET /metrics) and OpenTelemetry traces when configured (src/observability/). */
  metrics: Metrics;
  tracing: Tracing;
  /** The bytes of app files, image uploads, published apps' files and screenshots, on disk or in an S3 bucket, kept in step with their rows (src/file-store/). */
  files: StoredFiles;
  /** The render check's screenshots, kept in the file store (src/file-store/screenshots.ts). */
  screenshots: Screenshots;

  // What this app counts and caches between requests. Each buildApp has its own (never module
  // scope), so a second app in one process, a test's or an instance's, shares nothing by accident.
  /** Which project each recent candidate (a run's build not stored yet) belongs to. */
  previewCandidates: CandidateProjects;
  /** Where runs wait for a process to execute them (jobs/). */
  runQueue: RunQueue;
  /** Account mail waiting to be sent, on a shared PostgreSQL with SMTP (jobs/); null: sent or logged at once. */
  mailQueue: MailQueue | null;
  /** Analytics batches for the forwarding endpoint, as jobs (shared PostgreSQL with a write key), else null. */
  forwardQueue: ForwardQueue | null;
  /** Publishes waiting for a process that builds (roles all and run-worker), on a shared PostgreSQL; null: published in the process asked. */
  publishQueue: PublishQueue | null;
  /** Where candidates wait for a check worker, on a shared PostgreSQL (jobs/); null: this process checks its runs' candidates. */
  checkQueue: CheckQueue | null;
  /** Where runs' type checks wait for a check worker, wherever render checks do (jobs/); null: this process type-checks its runs. */
  typeCheckQueue: TypeCheckQueue | null;
  /** Whether this instance is draining for a deploy (health/drain.ts). */
  instance: InstanceState;
  /** Candidates' files in the file store, for the instances that did not build them. */
  storedCandidates: StoredCandidates;
  /** The data rules of candidates under check, which their backend requests follow. */
  candidateRules: CandidateRules;
  /** Published apps' visitors as the day's hashes (src/site-analytics/): the day's salt, read once per day. */
  visitorHashes: VisitorHashes;
  /** Published apps' files read from the file store lately: they never change, so a visited page is not a store read per request. */
  siteFiles: ImmutableCache;
  /** What serving published pages remembers: prerendered routes, thumbnails, pages with their head written (hosting/site-caches.ts). */
  sitePages: SitePageCaches;
  /** Preview sessions verified in the last seconds, trusted for their project's built files. */
  previewTrust: TrustedSessions;
  /** App backends: parsed rules by version and owners' plans. */
  appCaches: AppBackendCaches;
  /**
   * Requests per window and streams held open (app backends' visitors, run streams per person),
   * counted once across instances: in this process, PostgreSQL or Redis (src/limits/).
   */
  limits: SharedLimits;
  /** Removes ended rate-limit windows from the database, every few minutes. */
  limitRows: ExpiredLimitRows;
  /** Stripe's prices, once read. */
  stripePrices: StripePriceCache;
  /** What a sign-in with an unknown address is checked against, at this app's password cost. */
  dummyPassword: DummyPassword;
  /** The OpenID Connect providers people may sign in with, and their discovered settings (src/oidc/). */
  oidc: OidcClients;
  /** Apps' server functions: bundles by version, sealed secrets, the workerd runtime (src/functions/). */
  functions: AppFunctions;
  /** One holder at a time per project's git repository: serving it, pushing it to its remote, pulling into it (src/git/). */
  repoLocks: RepoLocks;
  /** Pushes every new version to the project's remote repository, if it has one (git/remote-pushes.ts). */
  remotes: RemotePushes;
}

/** How often deleted files' bytes are swept from the file store (deletions of an account or a project sweep at once). */
const FILE_SWEEP_EVERY_MS = 60_000;
/**
 * Memory for published apps' files per process, within the API's 512 MB heap: a production build
 * is a few hundred KB, so this keeps the pages of a hundred or so busy apps; a file above an eighth
 * of it (a large image) is read from the store each time.
 */
const SITE_FILE_CACHE_BYTES = 32 * 1024 * 1024;

/** `dispatch` answers a request through the app itself (`app.inject`): how render checks reach the preview host. */
export async function createServices(config: Config, dbHandle: DbHandle, log: FastifyBaseLogger, dispatch: Dispatch): Promise<Services> {
  const keys = new KeyStore(dbHandle.db);
  await keys.init();
  const previews = new PreviewBuilder({ cacheDir: config.previewCacheDir, resolveDir: TEMPLATE_PACKAGE_DIR, allowed: ALLOWED_PACKAGES });
  const tracing = await startTracing(config.observability.otel);
  let engine: EngineService | undefined;
  let runQueue: RunQueue | undefined;
  let checkQueue: CheckQueue | null = null;
  let typeCheckQueue: TypeCheckQueue | null = null;
  let publishQueue: PublishQueue | null = null;
  const metrics = new Metrics({
    db: dbHandle,
    activeRuns: () => engine?.runs.activeCount ?? 0,
    waitingJobs: async () => ({
      runs: (await runQueue?.waiting()) ?? 0,
      ...(checkQueue ? { checks: await checkQueue.waiting() } : {}),
      ...(typeCheckQueue ? { type_checks: await typeCheckQueue.waiting() } : {}),
      ...(publishQueue ? { publishes: await publishQueue.waiting() } : {}),
    }),
  });
  // A write's key waits for its row longer than any request may take to send its body.
  const files = new StoredFiles(await createFileStore(config.fileStore), dbHandle.db, log, Math.ceil(config.requestTimeoutMs / 1000) + 600);
  files.start(FILE_SWEEP_EVERY_MS);
  const screenshots = new Screenshots(files, dbHandle.db);
  const previewCandidates = new CandidateProjects();
  const storedCandidates = new StoredCandidates(files, log);
  const candidateRules = new CandidateRules();
  const buildPreview = timedBuild(
    createPreviewBuild(previews, {
      bridgeOrigin: config.webOrigin,
      loadFiles: (versionId) => getVersionFiles(dbHandle.db, versionId),
      candidates: previewCandidates,
      stored: storedCandidates,
    }),
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
    candidateRules,
    candidateBuild: (sproutId, versionId) => candidateBuild({ previewCandidates, storedCandidates, previews }, config.webOrigin, sproutId, versionId),
    dispatch,
    clearCheckData: async (sproutId) => {
      await clearDataset(dbHandle.db, { sproutId, dataset: 'check' });
      await clearCheckEmails(dbHandle.db, sproutId);
    },
    checkEmails: (sproutId) => checkEmails(dbHandle.db, sproutId),
    log,
  });
  // Shared by several processes: each candidate's check is a job for a process with Chromium.
  checkQueue = await createCheckQueue(config, dbHandle, { files, check: renderCheck, log, waited: (seconds) => metrics.observeJobWait('checks', seconds) });
  // And its type check, so a process executing runs starts no compiler.
  typeCheckQueue = await createTypeCheckQueue(config, dbHandle, {
    files,
    candidates: storedCandidates,
    log,
    waited: (seconds) => metrics.observeJobWait('type_checks', seconds),
  });
  engine = await createEngineService(
    config,
    dbHandle,
    buildPreview,
    log,
    checkQueue?.check ?? renderCheck,
    engineObserver(metrics, tracing),
    (files, path) => previews.bundleFunction(files, path),
    (shot) => screenshots.keep(shot),
    typeCheckQueue?.check,
  );
  runQueue = await createRunQueue(config, dbHandle, { db: dbHandle.db, engine, files, log, waited: (seconds) => metrics.observeJobWait('runs', seconds) });
  const mailQueue = await createMailQueue(config, dbHandle, log);
  const forwardQueue = await createForwardQueue(config, dbHandle, log);
  const prerender = createPrerender({ config: config.prerender, pool: chromium, dispatch, log });
  publishQueue = await createPublishQueue(config, dbHandle, {
    db: dbHandle.db,
    config,
    previews,
    files,
    prerender,
    log,
    waited: (seconds) => metrics.observeJobWait('publishes', seconds),
  });
  const appTokens = new AppTokens(keys, config.issuer);
  const limitRows = new ExpiredLimitRows(dbHandle.db, log);
  limitRows.start();
  const functions = new AppFunctions(config, previews, log);
  const repoLocks = new RepoLocks();
  const appChanges = await AppChanges.start(dbHandle, (err) => log.warn({ err }, 'app data listener connection error'));
  const remotes = await RemotePushes.start({ config, dbHandle, box: functions.box, locks: repoLocks, log, channel: appChanges.channel });
  return {
    config,
    dbHandle,
    db: dbHandle.db,
    keys,
    tokens: new TokenService(keys, config.issuer),
    mailer: createMailer(config, log, mailQueue),
    appMail: appMailSender(config),
    mailQueue,
    forwardQueue,
    publishQueue,
    previews,
    buildPreview,
    previewTokens,
    stripe: createStripe(config),
    log,
    engine,
    runQueue,
    checkQueue,
    typeCheckQueue,
    appTokens,
    siteVisitorCookie: (sproutId, host, cookie) => siteVisitorCookie({ appTokens, config }, sproutId, host, cookie),
    appChanges,
    chromium,
    renderCheck,
    prerender,
    metrics,
    tracing,
    files,
    screenshots,
    visitorHashes: new VisitorHashes(dbHandle.db),
    siteFiles: new ImmutableCache((key) => files.readAll(key), SITE_FILE_CACHE_BYTES),
    sitePages: new SitePageCaches(),
    previewCandidates,
    storedCandidates,
    candidateRules,
    previewTrust: new TrustedSessions(),
    instance: new InstanceState(),
    appCaches: new AppBackendCaches(),
    limits: await createSharedLimits(config.redisUrl, dbHandle, log),
    limitRows,
    stripePrices: new StripePriceCache(),
    dummyPassword: new DummyPassword(config.passwordHashCost),
    oidc: new OidcClients(config.oidcProviders),
    functions,
    repoLocks,
    remotes,
  };
}
