import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** This package's folder: the allowed packages are installed for it, so they resolve from here. */
export const TEMPLATE_PACKAGE_DIR = fileURLToPath(new URL('..', import.meta.url));

const manifest = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as {
  dependencies: Record<string, string>;
};

/**
 * The runtime packages generated code may import, name → exact version. The one list: the preview
 * builder bundles exactly these, the engine tells the model about them, and an exported project's
 * package.json pins the versions the preview used. Edit by changing this package's dependencies.
 */
export const ALLOWED_PACKAGES: Readonly<Record<string, string>> = Object.freeze({ ...manifest.dependencies });

export function isAllowedPackage(name: string): boolean {
  return Object.hasOwn(ALLOWED_PACKAGES, name);
}
