import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ALLOWED_PACKAGES } from './allowed-packages';
import { starterFiles, type TemplateFile } from './starter-files';
import { exportReadme, withExportSections } from './export-readme';

/** Files an exported project needs to build on its own; taken from the template when a project lacks them. */
export const TOOLING_FILES = ['package.json', 'vite.config.ts', 'tsconfig.json', 'client/index.html'] as const;

// Tooling files exactly as earlier templates wrote them (earlier/<file>@<n>.txt). A project still holding
// one never changed it, so its export gets the current template's: the vite.config.ts that reaches the
// app's backend in `npm run dev` (since 2), and that runs the app's functions on the machine (since 3).
const EARLIER_DIR = fileURLToPath(new URL('../earlier', import.meta.url));
let earlier: Map<string, string[]> | undefined;
function earlierTooling(name: string): readonly string[] {
  earlier ??= readdirSync(EARLIER_DIR).reduce((byName, file) => {
    const tooling = file.replace(/@\d+\.txt$/, '');
    byName.set(tooling, [...(byName.get(tooling) ?? []), readFileSync(path.join(EARLIER_DIR, file), 'utf8')]);
    return byName;
  }, new Map<string, string[]>());
  return earlier.get(name) ?? [];
}

/** The export's local runner of the app's server functions (runner/sprout-functions.mjs), loaded by vite.config.ts. */
export const FUNCTIONS_RUNNER = 'sprout-functions.mjs';
const runnerSource = () => readFileSync(fileURLToPath(new URL(`../runner/${FUNCTIONS_RUNNER}`, import.meta.url)), 'utf8');
const hasFunctions = (files: readonly TemplateFile[]) => files.some((f) => f.name.startsWith('functions/'));

export const ENV_EXAMPLE = '.env.example';
const PLACEHOLDER_BACKEND = 'https://your-app.example';

/**
 * The export's `.env.example`: where `npm run dev` and `npm run preview` send the app's backend calls (see
 * the template's vite.config.ts). With the published app's address it is filled in; otherwise the person
 * sets it. Only an http(s) origin is written, so nothing else can reach the file.
 */
export function exportEnvExample(backendUrl?: string | null): string {
  let origin = PLACEHOLDER_BACKEND;
  try {
    const url = backendUrl ? new URL(backendUrl) : null;
    if (url && (url.protocol === 'https:' || url.protocol === 'http:')) origin = url.origin;
  } catch {
    // Not a URL: the placeholder.
  }
  return [
    '# The app keeps its data, users and files in its Sprout backend (client/src/lib/sprout.ts).',
    "# SPROUT_BACKEND_URL: the published app's address; its backend serves this export's data (the live data).",
    '# Copy this file to .env (or set the variable in your shell): `npm run dev` and `npm run preview` then',
    '# forward /_sprout/ requests there. Without it the app runs, but its data requests fail.',
    `SPROUT_BACKEND_URL=${origin}`,
    '',
  ].join('\n');
}

interface Manifest {
  name?: unknown;
  scripts?: unknown;
  dependencies?: unknown;
  devDependencies?: unknown;
  [key: string]: unknown;
}

function templateManifest(): Manifest & { scripts: Record<string, string>; devDependencies: Record<string, string> } {
  return JSON.parse(starterFiles().find((f) => f.name === 'package.json')!.content);
}

/** The build tooling of an exported project (vite, plugins, types), name → exact version. */
export function buildTooling(): Record<string, string> {
  return { ...templateManifest().devDependencies };
}

function packageName(name: string): string {
  const slug = name
    .normalize('NFKD')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60);
  return slug || 'sprout-app';
}

/**
 * The package.json of an exported project: the template's fields, scripts and tooling, the
 * project's version when it is a plain one, and as dependencies exactly the allowed packages the
 * code imports, pinned to the versions the preview ran.
 */
export function exportPackageJson(projectManifest: string | undefined, importedPackages: Iterable<string>, name: string): string {
  let own: Manifest = {};
  try {
    const parsed: unknown = projectManifest === undefined ? {} : JSON.parse(projectManifest);
    if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) own = parsed as Manifest;
  } catch {
    // A broken package.json is replaced rather than exported broken.
  }
  const base = templateManifest();
  const dependencies = Object.fromEntries(
    [...new Set(importedPackages)]
      .filter((p) => Object.hasOwn(ALLOWED_PACKAGES, p))
      .sort()
      .map((p) => [p, ALLOWED_PACKAGES[p]!]),
  );
  // Only the template's fields and what the code imports: nothing of the project's own manifest
  // (lifecycle scripts, overrides, URL dependencies) reaches the machine that installs the export.
  const manifest = {
    ...base,
    name: packageName(name),
    private: true,
    version: typeof own.version === 'string' && /^\d+\.\d+\.\d+$/.test(own.version) ? own.version : '0.0.0',
    type: 'module',
    scripts: base.scripts,
    dependencies,
    devDependencies: buildTooling(),
  };
  return `${JSON.stringify(manifest, null, 2)}\n`;
}

// Files that tell a package manager what to fetch or run at install: a lockfile naming a tarball URL,
// an .npmrc pointing at another registry or shell, yarn/pnpm hooks, a binding.gyp that npm compiles
// by default. An export is installed on the person's machine, so none of the project's own reach it:
// package.json is rewritten above, and these are left out (npm resolves from the registry and writes a
// fresh lockfile).
const INSTALL_CONTROL = new Set([
  'package-lock.json',
  'npm-shrinkwrap.json',
  'yarn.lock',
  'pnpm-lock.yaml',
  'pnpm-workspace.yaml',
  'bun.lock',
  'bun.lockb',
  '.npmrc',
  '.yarnrc',
  '.yarnrc.yml',
  '.pnpmfile.cjs',
  '.pnp.cjs',
  '.pnp.loader.mjs',
  'bunfig.toml',
  'binding.gyp',
]);

/** Whether a project file may steer `npm install` of the export (and so is never exported), at any depth. */
export function controlsInstall(path: string): boolean {
  const base = path.split('/').pop()!.toLowerCase();
  return INSTALL_CONTROL.has(base) || path.split('/').some((part) => part === '.yarn');
}

export interface ExportOptions {
  /** The published app's address, whose backend the export's dev server forwards to; unknown: a placeholder. */
  backendUrl?: string | null;
  /** The project's name, for the README's title (the folder name otherwise). */
  title?: string;
}

/**
 * The files of an exported project: the version's files (but none that steer `npm install`), the
 * missing (or never changed, older) tooling files from the template, a `.env.example` naming the app's
 * backend, a README (run, build, deploy, backend), and a package.json listing what the code imports.
 */
export function exportProjectFiles(
  files: readonly TemplateFile[],
  importedPackages: Iterable<string>,
  name: string,
  options: ExportOptions = {},
): TemplateFile[] {
  const byName = new Map(files.filter((f) => !controlsInstall(f.name)).map((f) => [f.name, f.content]));
  const template = new Map(starterFiles().map((f) => [f.name, f.content]));
  for (const tooling of TOOLING_FILES) {
    const own = byName.get(tooling);
    if (own === undefined || earlierTooling(tooling).includes(own)) byName.set(tooling, template.get(tooling)!);
  }
  // The project's own .env.example is kept; the backend's variable is added when it does not name it.
  const env = byName.get(ENV_EXAMPLE);
  if (env === undefined) byName.set(ENV_EXAMPLE, exportEnvExample(options.backendUrl));
  else if (!env.includes('SPROUT_BACKEND_URL')) byName.set(ENV_EXAMPLE, `${env.trimEnd()}\n\n${exportEnvExample(options.backendUrl)}`);
  byName.set('package.json', exportPackageJson(files.find((f) => f.name === 'package.json')?.content, importedPackages, name));
  // Server functions run on the person's machine too (`npm run dev`, `npm run preview`), not only on Sprout's.
  if (hasFunctions(files)) byName.set(FUNCTIONS_RUNNER, runnerSource());
  // How to run, build and deploy it, and its backend: added to the project's own README, or a new one.
  const readme = byName.get('README.md');
  const readmeInput = { title: options.title ?? name, backendUrl: options.backendUrl, functions: hasFunctions(files) };
  byName.set('README.md', readme === undefined ? exportReadme(readmeInput) : withExportSections(readme, readmeInput));
  return [...byName].map(([n, content]) => ({ name: n, content })).sort((a, b) => a.name.localeCompare(b.name));
}
