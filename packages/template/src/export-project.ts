import { ALLOWED_PACKAGES } from './allowed-packages';
import { starterFiles, type TemplateFile } from './starter-files';

/** Files an exported project needs to build on its own; taken from the template when a project lacks them. */
export const TOOLING_FILES = ['package.json', 'vite.config.ts', 'tsconfig.json', 'client/index.html'] as const;

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

/**
 * The files of an exported project: the version's files, the missing tooling files from the
 * template, and a package.json listing what the code imports.
 */
export function exportProjectFiles(files: readonly TemplateFile[], importedPackages: Iterable<string>, name: string): TemplateFile[] {
  const byName = new Map(files.map((f) => [f.name, f.content]));
  const template = new Map(starterFiles().map((f) => [f.name, f.content]));
  for (const tooling of TOOLING_FILES) {
    if (!byName.has(tooling)) byName.set(tooling, template.get(tooling)!);
  }
  byName.set('package.json', exportPackageJson(files.find((f) => f.name === 'package.json')?.content, importedPackages, name));
  return [...byName].map(([n, content]) => ({ name: n, content })).sort((a, b) => a.name.localeCompare(b.name));
}
