// DESIGN.md §1, as data: which part of the repository may import which. The check reads these;
// changing a rule here is changing the architecture, so say why in DESIGN's folder table too.

export type Owner = 'web' | 'api' | 'core' | 'db' | 'engine' | 'offline' | 'preview' | 'template' | 'testkit' | 'tests';

/** Our packages by their npm name (`@sprout/<name>`), and the folders that own files. */
export const OWNER_FOLDERS: readonly [prefix: string, owner: Owner][] = [
  ['apps/web/', 'web'],
  ['apps/api/', 'api'],
  ['packages/core/', 'core'],
  ['packages/db/', 'db'],
  ['packages/engine/', 'engine'],
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
  offline: ['core', 'engine', 'template'],
  web: ['core'],
  api: ['core', 'db', 'engine', 'offline', 'preview', 'template'],
  testkit: ['core'],
  tests: 'any',
};

/** What a part's own tests (and test helpers) may import besides: the fixtures its package.json lists as devDependencies. */
export const TESTS_MAY_ALSO_IMPORT: Readonly<Partial<Record<Owner, readonly Owner[]>>> = {
  // The API's tests and its testing entry share the test kit (fixtures, run event streams, Chromium)
  // with the suites outside it; the kit imports nothing of the API, so no cycle.
  api: ['testkit'],
  preview: ['template'],
  template: ['core'],
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
