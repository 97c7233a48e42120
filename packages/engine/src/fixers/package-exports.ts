import { createRequire } from 'node:module';
import path from 'node:path';
import { TEMPLATE_PACKAGE_DIR } from '@sprout/template';

const known = new Map<string, ReadonlySet<string> | null>();

/**
 * The names a runtime package (or subpath) exports, read from the very package the preview bundles,
 * so a fixer and the build always agree; null when it cannot be loaded here.
 */
export function packageExports(specifier: string): ReadonlySet<string> | null {
  if (!known.has(specifier)) {
    const require = createRequire(path.join(TEMPLATE_PACKAGE_DIR, 'package.json'));
    try {
      known.set(specifier, new Set(Object.keys(require(specifier) as Record<string, unknown>)));
    } catch {
      known.set(specifier, null);
    }
  }
  return known.get(specifier)!;
}

/** The names of a namespace a package exports (`Dialog` of `radix-ui`: `Root`, `Trigger`, …); null when there is none. */
export function namespaceExports(specifier: string, namespace: string): ReadonlySet<string> | null {
  const key = `${specifier}#${namespace}`;
  if (!known.has(key)) {
    const require = createRequire(path.join(TEMPLATE_PACKAGE_DIR, 'package.json'));
    try {
      const ns = (require(specifier) as Record<string, unknown>)[namespace];
      known.set(key, ns && typeof ns === 'object' ? new Set(Object.keys(ns)) : null);
    } catch {
      known.set(key, null);
    }
  }
  return known.get(key)!;
}
