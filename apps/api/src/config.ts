import { isIP } from 'node:net';
import path from 'node:path';
import { z } from 'zod';
import {
  checkModelSpec,
  findCatalogModel,
  ModelConfigError,
  parseModelCatalog,
  parseModelSpec,
  type ModelCatalog,
  type ModelSpec,
  type ProviderSettings,
} from '@sprout/engine';
import { FlagDefaultsError, FREE_FAILED_ANSWERS_PER_DAY, HostDomain, parseFlagDefaults, type Flags } from '@sprout/core';
import { createOfflineModel } from '@sprout/offline';
import { OBSERVABILITY_ENV, observabilityConfig } from './observability/config';
import { appDomainProblems } from './hosting/cookie-isolation';
import { checkFileStoreEnv, FILE_STORE_ENV, fileStoreConfig } from './file-store/config';
import { OIDC_ENV } from './oidc/config';
import { FUNCTIONS_ENV, functionsConfig } from './functions/config';
import { CUSTOM_DOMAINS_ENV, customDomainsConfig } from './custom-domains/config';
import { BILLING_ENV, billingConfig } from './billing/config';
import { ConfigError } from './config-error';
import { commaList, httpUrl as url, optionalString, optionalUrl } from './config-fields';
import { defaultChromiumPath } from './checks/chromium-path';

const port = (fallback: number) => z.coerce.number().int().min(1).max(65535).default(fallback);
const int = (fallback: number, min: number, max: number) => z.coerce.number().int().min(min).max(max).default(fallback);
const list = commaList;
export const EnvSchema = z.object({
  NODE_ENV: z.string().default('development'),
  API_PORT: port(3001),
  API_HOST: z.string().default('localhost'),
  WEB_PORT: port(3000),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: optionalString,
  DATABASE_LISTEN_URL: optionalString,
  DATABASE_POOL_SIZE: int(10, 1, 1000),
  REDIS_URL: optionalUrl(/^rediss?$/),
  WEB_URL: url.optional(),
  API_URL: url.optional(),
  USAGE_URL: url.optional(),
  CORS_ORIGINS: list,
  STAFF_EMAILS: list,
  MAIN_SITE_HOST: optionalString,
  PRODUCT_HOST: optionalString,
  SUPPORT_EMAIL: z.email().default('support@sprout.localhost'),
  ID_TOKEN_TTL_SECONDS: int(3600, 60, 3600),
  REFRESH_TOKEN_TTL_DAYS: int(30, 1, 365),
  REFRESH_REUSE_GRACE_SECONDS: int(0, 0, 300),
  IMPERSONATION_TTL_SECONDS: int(900, 60, 3600),
  PASSWORD_RESET_TTL_MINUTES: int(60, 5, 1440),
  EMAIL_VERIFICATION_TTL_HOURS: int(48, 1, 720),
  PASSWORD_HASH_COST: int(17, 10, 20),
  LOGIN_MAX_FAILURES_PER_ACCOUNT: int(10, 1, 1000),
  LOGIN_MAX_ATTEMPTS_PER_IP: int(100, 1, 100000),
  // New accounts per client IP and in all, per hour.
  REGISTER_MAX_PER_IP: int(20, 1, 1_000_000),
  REGISTER_MAX_PER_HOUR: int(1000, 1, 10_000_000),
  // Analytics and error intake per minute: per signed-in person, and per client address for visitors.
  INTAKE_PER_MINUTE: int(120, 1, 1_000_000),
  INTAKE_PER_MINUTE_ANONYMOUS: int(60, 1, 1_000_000),
  ANALYTICS_RETENTION_DAYS: int(180, 1, 36_500),
  // Run event streams one person may hold open on one instance.
  STREAMS_PER_PERSON: int(20, 1, 10_000),
  // 0: each app's plan limit (docs/app-backend.md); a number overrides it for every app (load tests, private installs).
  APP_REQUESTS_PER_MINUTE: int(0, 0, 100_000_000),
  LOGIN_WINDOW_MINUTES: int(15, 1, 1440),
  SMTP_URL: optionalString,
  MAIL_FROM: z.string().default('Sprout <no-reply@sprout.localhost>'),
  TRUST_PROXY: z.string().trim().default('false').transform(trustProxy),
  ANALYTICS_WRITE_KEY: optionalString,
  ANALYTICS_URL: url.default('https://api.segment.io/v1/batch'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  // Empty (as copied from .env.example) means unset.
  PREVIEW_DOMAIN: z.preprocess((v) => (v === '' ? undefined : v), HostDomain.optional()),
  SITES_DOMAIN: z.preprocess((v) => (v === '' ? undefined : v), HostDomain.optional()),
  APP_DOMAIN_ISOLATION: z.enum(['public-suffix', 'unchecked']).default('public-suffix'),
  PREVIEW_CACHE_DIR: optionalString,
  // The model that writes apps (README "Connecting a model"): offline | openai:<model> | anthropic:<model> | openai-compatible:<baseURL>#<model>,
  // the last with `?tools` after the model when its server supports tool calls (OpenAI's and Anthropic's models always use tools).
  SPROUT_MODEL: z.string().trim().default('offline'),
  OPENAI_API_KEY: optionalString,
  OPENAI_BASE_URL: optionalUrl(),
  ANTHROPIC_API_KEY: optionalString,
  ANTHROPIC_BASE_URL: optionalUrl(),
  OPENAI_COMPATIBLE_API_KEY: optionalString,
  // The base URL OPENAI_COMPATIBLE_API_KEY belongs to (default: SPROUT_MODEL's, when it is openai-compatible).
  OPENAI_COMPATIBLE_BASE_URL: optionalUrl(),
  // More models an override may pick: `Label=spec` entries separated by `;`.
  SPROUT_MODELS: optionalString,
  // The model that answers apps' own AI (ai.chat, ctx.ai): a label or spec of the models on offer (default: SPROUT_MODEL).
  APP_AI_MODEL: optionalString,
  // The flags everyone gets unless staff set otherwise: `enableDiffView=true,aiModelOverride=Label`.
  FLAG_DEFAULTS: optionalString,
  MODEL_MAX_RETRIES: int(2, 0, 5),
  // A running run whose instance has not renewed its lease for this long was orphaned (crash, kill).
  RUN_LEASE_SECONDS: int(30, 3, 600),
  // What this process does (jobs/): all of it, or on a shared PostgreSQL only the API, only runs, or only render checks (the one role needing
  // Chromium); or only apps' functions (functions/host.ts: no database, no other work).
  SPROUT_ROLE: z.preprocess(
    (v) => (typeof v === 'string' ? v.trim().toLowerCase() : v),
    z.enum(['all', 'api', 'run-worker', 'check-worker', 'functions']).default('all'),
  ),
  // Runs a process taking runs executes at once (the rest wait in the queue for this or another worker).
  RUN_WORKER_CONCURRENCY: int(50, 1, 500),
  // The advisory TypeScript check of a run's changed files is skipped past this (waiting for the compiler included).
  TYPECHECK_TIMEOUT_SECONDS: int(8, 1, 600),
  RUNTIME_FIX_RUNS_PER_DAY: int(20, 0, 10_000),
  FREE_FAILED_ANSWERS_PER_DAY: int(FREE_FAILED_ANSWERS_PER_DAY, 0, 1000),
  // The render check (src/checks/): each candidate version is loaded in headless Chromium before it becomes current.
  RENDER_CHECK: z.preprocess((v) => (typeof v === 'string' ? v.trim().toLowerCase() : v), z.enum(['on', 'off']).default('on')),
  CHROMIUM_PATH: z.string().trim().default(defaultChromiumPath),
  // Pages checked at once (one browser, a context each); more checks wait for a free slot.
  RENDER_CHECK_CONCURRENCY: int(2, 1, 16),
  // After the page's load event: how long errors, rejections and a blank root may take to show.
  RENDER_CHECK_SETTLE_MS: int(500, 0, 10_000),
  // The whole check once it has a slot (load, settle, screenshot); below the check token's 60 s.
  RENDER_CHECK_TIMEOUT_MS: int(20_000, 1000, 50_000),
  // Prerendering at publish (publishing/prerender.ts): each page of the new build rendered in the checks' Chromium.
  PRERENDER: z.preprocess((v) => (typeof v === 'string' ? v.trim().toLowerCase() : v), z.enum(['on', 'off']).default('on')),
  // What prerendering may add to a publish in all (waiting for a browser included), and the pages it renders at most.
  PRERENDER_TIMEOUT_MS: int(15_000, 1000, 60_000),
  PRERENDER_MAX_PAGES: int(20, 1, 100),
  // A project's remote git repository (git/remote-git.ts): plain http to the loopback, for tests only.
  GIT_REMOTE_ALLOW_LOOPBACK: z.preprocess((v) => (typeof v === 'string' ? v.trim().toLowerCase() : v), z.enum(['on', 'off']).default('off')),
  // A request's headers and body must arrive within this; a socket silent this long is closed.
  REQUEST_TIMEOUT_SECONDS: int(30, 1, 3600),
  CONNECTION_TIMEOUT_SECONDS: int(60, 1, 3600),
  // On SIGTERM/SIGINT: how long closing may take before the process exits anyway.
  SHUTDOWN_TIMEOUT_SECONDS: int(20, 1, 600),
  // On SIGTERM (a rolling deploy), before closing: how long running replies may take to finish.
  SHUTDOWN_DRAIN_SECONDS: int(120, 0, 900),
  // Plans and checkout: Stripe, or the built-in test checkout (billing/config.ts).
  ...BILLING_ENV,
  // GET /metrics and OpenTelemetry traces (observability/config.ts).
  ...OBSERVABILITY_ENV,
  // Where app files and image uploads keep their bytes: disk or an S3 API (file-store/config.ts).
  ...FILE_STORE_ENV,
  // One-click sign-in with OpenID Connect providers (oidc/config.ts).
  ...OIDC_ENV,
  // Apps' server functions and their secrets (functions/config.ts).
  ...FUNCTIONS_ENV,
  ...CUSTOM_DOMAINS_ENV,
});

export type Config = ReturnType<typeof loadConfig>;

export { ConfigError };

/** Parses the environment once at start-up; every variable has a laptop default (see .env.example). */
export function loadConfig(env: Record<string, string | undefined> = process.env) {
  // An empty variable (`KEY=` as in .env.example) means "use the default", never "invalid".
  const set = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v.trim() !== ''));
  const parsed = EnvSchema.superRefine(checkFileStoreEnv)
    .refine((e) => e.SPROUT_ROLE === 'all' || e.SPROUT_ROLE === 'functions' || e.DATABASE_URL, {
      path: ['SPROUT_ROLE'],
      message: 'Roles other than all share a PostgreSQL with the other processes: set DATABASE_URL.',
    })
    .refine((e) => (!e.FUNCTIONS_URL && e.SPROUT_ROLE !== 'functions') || e.FUNCTIONS_TOKEN, {
      path: ['FUNCTIONS_TOKEN'],
      message: 'A functions runtime of its own (FUNCTIONS_URL, or SPROUT_ROLE=functions) needs the token both sides share.',
    })
    .safeParse(set);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const models = modelConfig(e);
  const webUrl = (e.WEB_URL ?? `http://localhost:${e.WEB_PORT}`).replace(/\/$/, '');
  const apiUrl = (e.API_URL ?? `http://localhost:${e.API_PORT}`).replace(/\/$/, '');
  checkAppDomains(
    e.PREVIEW_DOMAIN ?? `preview.localhost:${e.API_PORT}`,
    e.SITES_DOMAIN ?? `sites.localhost:${e.API_PORT}`,
    [webUrl, apiUrl],
    e.NODE_ENV === 'production',
  );
  const isolation = appDomainProblems({
    protocol: new URL(apiUrl).protocol === 'https:' ? 'https' : 'http',
    previewDomain: e.PREVIEW_DOMAIN ?? `preview.localhost:${e.API_PORT}`,
    sitesDomain: e.SITES_DOMAIN ?? `sites.localhost:${e.API_PORT}`,
    isolation: e.APP_DOMAIN_ISOLATION,
  });
  if (isolation.length) throw new ConfigError(`Invalid configuration:\n${isolation.map((p) => `  ${p}`).join('\n')}`);
  return {
    env: e.NODE_ENV,
    port: e.API_PORT,
    host: e.API_HOST,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    databaseListenUrl: e.DATABASE_LISTEN_URL,
    databasePoolSize: e.DATABASE_POOL_SIZE,
    redisUrl: e.REDIS_URL,
    webUrl,
    apiUrl,
    usageUrl: (e.USAGE_URL ?? apiUrl).replace(/\/$/, ''),
    corsOrigins: [...new Set([new URL(webUrl).origin, ...e.CORS_ORIGINS])],
    // Accounts registered with these emails become internal staff (bootstraps the first admins).
    staffEmails: new Set(e.STAFF_EMAILS.map((x) => x.toLowerCase())),
    mainSiteHost: e.MAIN_SITE_HOST,
    productHost: e.PRODUCT_HOST,
    supportEmail: e.SUPPORT_EMAIL,
    issuer: apiUrl,
    idTokenTtlSeconds: e.ID_TOKEN_TTL_SECONDS,
    refreshTokenTtlMs: e.REFRESH_TOKEN_TTL_DAYS * 86_400_000,
    refreshReuseGraceMs: e.REFRESH_REUSE_GRACE_SECONDS * 1000,
    impersonationTtlSeconds: e.IMPERSONATION_TTL_SECONDS,
    passwordResetTtlMs: e.PASSWORD_RESET_TTL_MINUTES * 60_000,
    emailVerificationTtlMs: e.EMAIL_VERIFICATION_TTL_HOURS * 3_600_000,
    passwordHashCost: e.PASSWORD_HASH_COST,
    registerLimits: { perIpPerHour: e.REGISTER_MAX_PER_IP, perHour: e.REGISTER_MAX_PER_HOUR },
    intakeLimits: { perMinuteSignedIn: e.INTAKE_PER_MINUTE, perMinuteAnonymous: e.INTAKE_PER_MINUTE_ANONYMOUS },
    analyticsRetentionDays: e.ANALYTICS_RETENTION_DAYS,
    streamsPerPerson: e.STREAMS_PER_PERSON,
    appRequestsPerMinute: e.APP_REQUESTS_PER_MINUTE || null,
    loginLimits: {
      maxFailuresPerAccount: e.LOGIN_MAX_FAILURES_PER_ACCOUNT,
      maxAttemptsPerIp: e.LOGIN_MAX_ATTEMPTS_PER_IP,
      windowMs: e.LOGIN_WINDOW_MINUTES * 60_000,
    },
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    trustProxy: e.TRUST_PROXY,
    analytics: { writeKey: e.ANALYTICS_WRITE_KEY, url: e.ANALYTICS_URL },
    logLevel: e.LOG_LEVEL,
    webOrigin: new URL(webUrl).origin,
    // Preview and published apps are served over the API's own scheme (https behind TLS in production).
    appProtocol: new URL(apiUrl).protocol === 'https:' ? ('https' as const) : ('http' as const),
    previewDomain: e.PREVIEW_DOMAIN ?? `preview.localhost:${e.API_PORT}`,
    sitesDomain: e.SITES_DOMAIN ?? `sites.localhost:${e.API_PORT}`,
    appDomainIsolation: e.APP_DOMAIN_ISOLATION,
    previewCacheDir: path.resolve(e.PREVIEW_CACHE_DIR ?? path.join(e.DATA_DIR, 'cache')),
    models,
    flagDefaults: flagDefaultsConfig(e.FLAG_DEFAULTS, models.catalog),
    runLeaseSeconds: e.RUN_LEASE_SECONDS,
    role: e.SPROUT_ROLE,
    runWorkerConcurrency: e.RUN_WORKER_CONCURRENCY,
    shutdownTimeoutSeconds: e.SHUTDOWN_TIMEOUT_SECONDS,
    shutdownDrainSeconds: e.SHUTDOWN_DRAIN_SECONDS,
    typeCheckTimeoutSeconds: e.TYPECHECK_TIMEOUT_SECONDS,
    runtimeFixRunsPerDay: e.RUNTIME_FIX_RUNS_PER_DAY,
    freeFailedAnswersPerDay: e.FREE_FAILED_ANSWERS_PER_DAY,
    renderCheck: {
      enabled: e.RENDER_CHECK === 'on',
      chromiumPath: e.CHROMIUM_PATH,
      concurrency: e.RENDER_CHECK_CONCURRENCY,
      settleMs: e.RENDER_CHECK_SETTLE_MS,
      timeoutMs: e.RENDER_CHECK_TIMEOUT_MS,
    },
    prerender: { enabled: e.PRERENDER === 'on', timeoutMs: e.PRERENDER_TIMEOUT_MS, maxPages: e.PRERENDER_MAX_PAGES },
    gitRemoteAllowLoopback: e.GIT_REMOTE_ALLOW_LOOPBACK === 'on',
    requestTimeoutMs: e.REQUEST_TIMEOUT_SECONDS * 1000,
    connectionTimeoutMs: e.CONNECTION_TIMEOUT_SECONDS * 1000,
    billing: billingConfig(e),
    observability: observabilityConfig(e),
    fileStore: fileStoreConfig(e),
    oidcProviders: e.OIDC_PROVIDERS,
    functions: functionsConfig(e),
    customDomains: customDomainsConfig(e, e.SITES_DOMAIN ?? `sites.localhost:${e.API_PORT}`),
  };
}

type Env = z.infer<typeof EnvSchema>;

const PROXY_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/**
 * Which proxies' X-Forwarded-For entries to believe: `false`; a hop count (`true` is one hop: the
 * load balancer in front, which appends the address it saw); or the proxies' addresses. Never every
 * hop: a client could then name any address it likes and pass the per-IP limits.
 */
function trustProxy(v: string, ctx: z.RefinementCtx): false | number | string[] {
  if (v === '' || v === 'false' || v === '0') return false;
  if (v === 'true') return 1;
  if (/^\d{1,2}$/.test(v) && Number(v) >= 1 && Number(v) <= 10) return Number(v);
  const list = v.split(',').map((a) => a.trim());
  const address = (a: string) => {
    const [ip, bits, ...rest] = a.split('/');
    const family = isIP(ip ?? '');
    return rest.length === 0 && family !== 0 && (bits === undefined || (/^\d{1,3}$/.test(bits) && Number(bits) <= (family === 4 ? 32 : 128)));
  };
  if (list.every((a) => PROXY_NAMES.has(a) || address(a))) return list;
  ctx.addIssue({ code: 'custom', message: "use false, a hop count such as 1 (true means 1), or the proxies' addresses (10.0.0.2,10.1.0.0/16)" });
  return z.NEVER;
}

// Generated code runs on these domains: they must never be the web app's or the API's own host.
function checkAppDomains(preview: string, sites: string, ownUrls: string[], production: boolean): void {
  const own = ownUrls.map((u) => new URL(u).host);
  if (preview === sites) throw new ConfigError('Invalid configuration:\n  PREVIEW_DOMAIN and SITES_DOMAIN must differ.');
  for (const [name, value] of [
    ['PREVIEW_DOMAIN', preview],
    ['SITES_DOMAIN', sites],
  ] as const) {
    if (own.includes(value)) throw new ConfigError(`Invalid configuration:\n  ${name} must not be the web app's or the API's own host (${value}).`);
    // A generated app could set a cookie for the shared parent domain, which the web app and the API would receive.
    const shared = production ? ownUrls.find((u) => registrableDomain(new URL(u).hostname) === registrableDomain(value.split(':')[0]!)) : undefined;
    if (shared)
      throw new ConfigError(
        `Invalid configuration:\n  ${name} (${value}) shares its registrable domain with ${shared}: generated apps there could set cookies Sprout reads. Use a domain of its own, listed on the Public Suffix List (docs/deploy.md).`,
      );
  }
}

/**
 * The domain a cookie may be set for, as far as can be told without the Public Suffix List: the
 * last two labels, or three under a two-letter country code with a short second level (co.uk).
 */
export function registrableDomain(host: string): string {
  const labels = host.toLowerCase().replace(/\.$/, '').split('.');
  const tld = labels.at(-1) ?? '';
  const second = labels.at(-2) ?? '';
  const keep = tld.length === 2 && second.length <= 3 && labels.length > 2 ? 3 : 2;
  return labels.slice(-keep).join('.');
}

/** FLAG_DEFAULTS (core parseFlagDefaults); a model named there must be one on offer, stored by its label. */
function flagDefaultsConfig(text: string | undefined, catalog: ModelCatalog): Partial<Flags> {
  try {
    const defaults = parseFlagDefaults(text);
    if (defaults.aiModelOverride) {
      const entry = findCatalogModel(catalog, defaults.aiModelOverride);
      if (!entry)
        throw new FlagDefaultsError(
          `aiModelOverride: "${defaults.aiModelOverride}" is not one of the models on offer (${catalog.models.map((m) => m.label).join(', ')}).`,
        );
      defaults.aiModelOverride = entry.label;
    }
    return defaults;
  } catch (err) {
    if (!(err instanceof FlagDefaultsError)) throw err;
    throw new ConfigError(`Invalid configuration:\n  FLAG_DEFAULTS: ${err.message}`);
  }
}

/**
 * The models on offer must work at start-up: a typo or a missing key fails here, not at the first
 * message. The openai-compatible key goes to its own base URL only.
 */
function modelConfig(e: Env) {
  const invalid = (name: string, fn: () => void) => {
    try {
      fn();
    } catch (err) {
      if (!(err instanceof ModelConfigError)) throw err;
      throw new ConfigError(`Invalid configuration:\n  ${name}: ${err.message}`);
    }
  };
  let main = { provider: 'offline' } as ModelSpec;
  invalid('SPROUT_MODEL', () => {
    main = parseModelSpec(e.SPROUT_MODEL);
  });
  const providers: ProviderSettings = {
    openaiApiKey: e.OPENAI_API_KEY,
    openaiBaseUrl: e.OPENAI_BASE_URL?.replace(/\/$/, ''),
    anthropicApiKey: e.ANTHROPIC_API_KEY,
    anthropicBaseUrl: e.ANTHROPIC_BASE_URL?.replace(/\/$/, ''),
    openaiCompatibleApiKey: e.OPENAI_COMPATIBLE_API_KEY,
    openaiCompatibleKeyUrl: e.OPENAI_COMPATIBLE_BASE_URL?.replace(/\/$/, '') ?? (main.provider === 'openai-compatible' ? main.baseURL : undefined),
    offline: () => createOfflineModel(),
  };
  invalid('SPROUT_MODEL', () => checkModelSpec(e.SPROUT_MODEL, providers));
  let catalog = parseModelCatalog('offline', undefined);
  invalid('SPROUT_MODELS', () => {
    catalog = parseModelCatalog(e.SPROUT_MODEL, e.SPROUT_MODELS);
    for (const m of catalog.models) checkModelSpec(m.spec, providers);
  });
  let appAiModel = catalog.default.label;
  invalid('APP_AI_MODEL', () => {
    if (!e.APP_AI_MODEL) return;
    const entry = findCatalogModel(catalog, e.APP_AI_MODEL);
    if (!entry) throw new ModelConfigError(`"${e.APP_AI_MODEL}" is not one of the models on offer (${catalog.models.map((m) => m.label).join(', ')}).`);
    appAiModel = entry.label;
  });
  return { defaultModel: catalog.default.label, catalog, providers, maxRetries: e.MODEL_MAX_RETRIES, appAiModel };
}
