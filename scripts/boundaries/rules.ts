// docs/architecture.md's layers, as data: which part of the repository may import which. The check
// reads these; changing a rule here is changing the architecture, so say why in its folder table too.

export type Owner = 'web' | 'api' | 'core' | 'db' | 'engine' | 'functions' | 'offline' | 'preview' | 'template' | 'testkit' | 'tests';

/** Our packages by their npm name (`@sprout/<name>`), and the folders that own files. */
const OWNER_FOLDERS: readonly [prefix: string, owner: Owner][] = [
  ['apps/web/', 'web'],
  ['apps/api/', 'api'],
  ['packages/core/', 'core'],
  ['packages/db/', 'db'],
  ['packages/engine/', 'engine'],
  ['packages/functions/', 'functions'],
  ['packages/offline/', 'offline'],
  ['packages/preview/', 'preview'],
  ['packages/template/', 'template'],
  ['packages/testkit/', 'testkit'],
  ['e2e/', 'tests'],
  ['bench/', 'tests'],
  ['eval/', 'tests'],
  ['security/', 'tests'],
  ['reliability/', 'tests'],
  ['scripts/', 'tests'],
];

export const PACKAGE_OWNERS: Readonly<Record<string, Owner>> = {
  '@sprout/web': 'web',
  '@sprout/api': 'api',
  '@sprout/core': 'core',
  '@sprout/db': 'db',
  '@sprout/engine': 'engine',
  '@sprout/functions': 'functions',
  '@sprout/offline': 'offline',
  '@sprout/preview': 'preview',
  '@sprout/template': 'template',
  '@sprout/testkit': 'testkit',
};

/** Which of our packages each part may import; 'tests' (e2e, bench, eval, security, reliability, scripts) may use any entry point. */
export const MAY_IMPORT: Readonly<Record<Owner, readonly Owner[] | 'any'>> = {
  core: [],
  template: [],
  preview: ['core'],
  db: ['core'],
  engine: ['core', 'db', 'preview', 'template'],
  // Runs apps' functions in workerd; what a function asks of Sprout (ctx.db) goes back to the API through a handler it is given.
  functions: ['core'],
  offline: ['core', 'engine', 'template'],
  web: ['core'],
  api: ['core', 'db', 'engine', 'functions', 'offline', 'preview', 'template'],
  testkit: ['core'],
  tests: 'any',
};

/** What a part's own tests (and test helpers) may import besides: the fixtures its package.json lists as devDependencies. */
export const TESTS_MAY_ALSO_IMPORT: Readonly<Partial<Record<Owner, readonly Owner[]>>> = {
  // The API's tests and its testing entry share the test kit (fixtures, run event streams, Chromium)
  // with the suites outside it; the kit imports nothing of the API, so no cycle.
  api: ['testkit'],
  // The packages' tests use the kit's limits that grow with the machine's load (preview's, its Chromium
  // too); the kit imports only core, so no cycle.
  engine: ['testkit'],
  functions: ['testkit'],
  offline: ['testkit'],
  preview: ['template', 'testkit'],
  template: ['core', 'testkit'],
};

/** Where a part may only use some entry points of a package it may import. */
export const ONLY_ENTRIES: Readonly<Partial<Record<Owner, Readonly<Record<string, readonly string[]>>>>> = {
  // The offline builder writes answers in the engine's protocol; it never runs the engine.
  offline: { '@sprout/engine': ['@sprout/engine/protocol'] },
};

/** Entry points a part may import for their types only (`import type`): zod must not reach the browser. */
export const TYPE_ONLY: Readonly<Partial<Record<Owner, readonly string[]>>> = {
  web: ['@sprout/core/contract'],
};

/** Core is pure: no modules but zod (and the test runner in its tests), and none of these globals. */
export const CORE_EXTERNALS: readonly string[] = ['zod'];
export const CORE_TEST_EXTERNALS: readonly string[] = ['vitest', 'fast-check'];
export const CORE_FORBIDDEN_GLOBALS: readonly RegExp[] = [
  /\bfetch\s*\(/,
  /\bprocess\./,
  /\brequire\s*\(/,
  /\b(localStorage|sessionStorage|indexedDB|XMLHttpRequest|WebSocket|EventSource)\b/,
  /\b(document|window|navigator)\./,
];

export function ownerOf(path: string): Owner | null {
  for (const [prefix, owner] of OWNER_FOLDERS) if (path.startsWith(prefix)) return owner;
  return null;
}

/** '@sprout/engine/protocol' → '@sprout/engine'; anything else → null. */
export function packageOf(specifier: string): string | null {
  const m = /^(@sprout\/[^/]+)/.exec(specifier);
  return m ? m[1]! : null;
}

// Inside the API (apps/api/src): each folder is a feature (its routes, services and tests), except
// `plugins/` (generic route plugins: they know no feature; what they need of one is handed in by the
// app) and `testing/` (the test entry). Top-level modules either compose the app (they may import
// every folder) or are shared by all (errors, config, dto…: they import no feature).
export const API_SRC = 'apps/api/src/';
export const API_GENERIC = 'plugins';
export const API_TESTING = 'testing';
/** The app's composition: the app, its services, what each `owns:` loads, the process entry. Features import only the services' types. */
export const API_COMPOSITION: readonly string[] = ['app.ts', 'services.ts', 'owned-records.ts', 'main.ts'];

/**
 * Which other features each feature (or shared top-level module) may import: the dependencies the
 * code has, each for a reason. A feature not listed imports no other feature.
 */
export const API_FEATURE_IMPORTS: Readonly<Record<string, readonly string[]>> = {
  // Passwords and sessions of sign-in; cancelling a deleted account's plan; the person's flags.
  account: ['auth', 'billing', 'flags'],
  // Forwarding events is a delivery job.
  analytics: ['jobs'],
  // Staff plan tools; a person's flags by layer.
  admin: ['billing', 'flags'],
  // App users' passwords and the signing keys; the app's host; the owner's preview session and the checks' access; its visitors' request limit, counted across instances.
  'app-backend': ['auth', 'hosting', 'previews', 'limits'],
  // A new account's first verification mail.
  auth: ['account'],
  // The model of a run; a person's flags for it; the queue a run is started through.
  chat: ['engine', 'flags', 'jobs'],
  // The preview origin; the check's preview token, cookie and candidate rules.
  checks: ['hosting', 'previews'],
  // The preview build the engine checks a run with.
  engine: ['previews'],
  // A function is called as the rest of an app's backend is (its caller, its request limits), and its ctx.db reaches the app's documents through the backend's own rules; a scheduled call's origin is the app's host; its errors are placed in the project's files by the checks' source-map reader; its ctx.ai is the app's AI, its ctx.email the app's mail and its ctx.payments.refund the app's refunds.
  functions: ['app-backend', 'hosting', 'checks', 'app-ai', 'app-email', 'app-payments'],
  // An app's AI is asked as the rest of its backend is (its caller: the app's origin, its visitor).
  'app-ai': ['app-backend'],
  // An unsubscribe link is opened on the app's origin, as the rest of its backend is.
  'app-email': ['app-backend', 'hosting'],
  // A checkout is started on the app's origin as the rest of its backend is; the owner's Stripe key is a live secret of the app's functions, and functions/on-payment.ts is called as a function; the webhook's address is on the published app's host.
  'app-payments': ['app-backend', 'functions', 'hosting'],
  // A run taken from the queue: the engine executes it, its images' bytes come from the file store; a check taken: why Chromium ended it;
  // a type check taken: the candidate's files as its preview stored them.
  jobs: ['engine', 'file-store', 'checks', 'previews'],
  // Version answers, and "a reply is being written"; the preview build an edit is checked with.
  files: ['chat', 'previews'],
  // Version answers, and "a reply is being written".
  'visual-edits': ['chat'],
  // Requests by host; the preview build, timed.
  observability: ['hosting', 'previews'],
  // Sessions, sign-in limits and the staff bootstrap of sign-in, for people a provider signs in.
  oidc: ['auth'],
  // Signing keys; machine logs for those who see them; app hosts' responses and cookies; runs' candidates kept in the file store every instance shares.
  previews: ['auth', 'flags', 'hosting', 'file-store'],
  // Published addresses; a publish as a job for a process that builds, its answer in the file store; the checks' Chromium and in-process requests prerender its pages.
  publishing: ['hosting', 'jobs', 'file-store', 'checks'],
  // A visit is reported on the app's origin, from the script its host adds to each published page.
  'site-analytics': ['app-backend', 'hosting'],
  // Access tokens are made with the person's own sign-in (ownAccount); a pull's version answers and "a reply is being written";
  // a remote's token sealed with the key of apps' secrets; a push to a remote as a job.
  git: ['account', 'chat', 'functions', 'jobs'],
  // The address a published app's images are served at.
  'site-settings': ['hosting'],
  // Sprout's own host names, which no app may claim as its domain (hosting serves verified domains by asking the database itself).
  'custom-domains': ['hosting'],
  // Re-enabling a deployment.
  sprouts: ['publishing'],
  // An import fetches with the remote rules and reads trees as a push is read; a new project meets the same project limit; its version answered as the others are.
  'project-import': ['git', 'sprouts', 'chat'],
  // The OpenTelemetry, file store, billing, sign-in provider, functions and custom-domain settings, parsed with the rest of the configuration; whether the app domains keep apps' cookies apart; which Chromium the checks start.
  'config.ts': ['observability', 'hosting', 'file-store', 'oidc', 'checks', 'billing', 'functions', 'custom-domains'],
};

// Inside the web app (apps/web): `lib/` (framework-free helpers, the API client, the web server's
// own calls) and `ui/` (shared UI) sit below the features; each folder of `features/` is a feature
// whose one public entry is its index.ts; `app/` holds the Next routes, thin, above everything.
export const WEB_ROOT = 'apps/web/';
/** The layers under WEB_ROOT, lowest first: what each may import of the others. */
export const WEB_LAYERS: Readonly<Record<'lib' | 'ui' | 'features' | 'app', readonly string[]>> = {
  // No component, no feature, no route: the client, storage, formatting.
  lib: ['lib'],
  // Shared UI builds on lib only: it knows no feature.
  ui: ['lib', 'ui'],
  // A feature uses another only through that feature's public entry, and never in a circle.
  features: ['lib', 'ui', 'features'],
  // Routes compose features (through their public entries).
  app: ['lib', 'ui', 'features', 'app'],
};

/** Import aliases, by the folder whose files use them (the web app's tsconfig `paths`). */
export const PATH_ALIASES: readonly { files: string; alias: string; target: string }[] = [{ files: WEB_ROOT, alias: '@/', target: WEB_ROOT }];
