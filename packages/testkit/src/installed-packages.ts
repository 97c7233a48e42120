import { existsSync, readFileSync, symlinkSync } from 'node:fs';
import path from 'node:path';
import { ROOT } from './processes';

// A project a test writes out (an export) builds on the packages the repository already installed
// (`npm ci` brings them: the root package.json lists the export's build tools), never on an
// `npm install` that needs the registry while the tests run.

/** The repository's installed packages. */
export const INSTALLED = path.join(ROOT, 'node_modules');

/**
 * The dependencies and devDependencies of the project at `projectDir` that `modulesDir` does not
 * hold at the version the project pins ("name@wanted (installed: version | none)"); a range is
 * satisfied by any installed version.
 */
export function missingPackages(projectDir: string, modulesDir = INSTALLED): string[] {
  const manifest = JSON.parse(readFileSync(path.join(projectDir, 'package.json'), 'utf8')) as {
    dependencies?: Record<string, string>;
    devDependencies?: Record<string, string>;
  };
  const wanted = { ...manifest.dependencies, ...manifest.devDependencies };
  return Object.entries(wanted).flatMap(([name, version]) => {
    const installed = installedVersion(modulesDir, name);
    const pinned = /^\d+\.\d+\.\d+(-[\w.]+)?$/.test(version);
    return installed === null || (pinned && installed !== version) ? [`${name}@${version} (installed: ${installed ?? 'none'})`] : [];
  });
}

/**
 * Gives the project at `projectDir` the repository's packages as its node_modules (a link), after
 * checking they are the versions it pins; fails naming every one that is not.
 */
export function linkInstalledPackages(projectDir: string, modulesDir = INSTALLED): void {
  const missing = missingPackages(projectDir, modulesDir);
  if (missing.length > 0) {
    throw new Error(`the repository has not installed what ${projectDir} needs: ${missing.join(', ')} — add them to the root package.json's devDependencies`);
  }
  symlinkSync(modulesDir, path.join(projectDir, 'node_modules'), 'dir');
}

function installedVersion(modulesDir: string, name: string): string | null {
  const manifest = path.join(modulesDir, name, 'package.json');
  return existsSync(manifest) ? ((JSON.parse(readFileSync(manifest, 'utf8')) as { version?: string }).version ?? null) : null;
}
