import { packageAlternative } from '@sprout/core';
import type { AllowedPackages } from './types';

export interface BareSpecifier {
  /** Package name, e.g. `react-dom` or `@dnd-kit/core`. */
  name: string;
  /** Subpath after the name, '' for the package root (`client` in `react-dom/client`). */
  subpath: string;
}

// npm package names are lower case; subpaths are file-like. Anything else is not a package import.
const SPECIFIER = /^((?:@[a-z0-9][a-z0-9._-]*\/)?[a-z0-9][a-z0-9._-]*)(?:\/([A-Za-z0-9._@+-]+(?:\/[A-Za-z0-9._@+-]+)*))?$/;

export function isBareSpecifier(spec: string): boolean {
  return !spec.startsWith('.') && !spec.startsWith('/') && !spec.startsWith('@/') && !/^[a-z][a-z0-9+.-]*:/i.test(spec);
}

/** Splits a bare import into package name and subpath; null when it cannot be an npm package import. */
export function parseBareSpecifier(spec: string): BareSpecifier | null {
  const m = SPECIFIER.exec(spec);
  if (!m) return null;
  if (m[2]?.split('/').some((part) => part === '.' || part === '..')) return null;
  return { name: m[1]!, subpath: m[2] ?? '' };
}

/** The message for an import the preview (and the exported project) cannot satisfy, with what to use instead when there is one answer. */
export function unavailablePackageMessage(name: string, allowed: AllowedPackages): string {
  const instead = packageAlternative(name);
  return `Package '${name}' is not available in Sprout.${instead ? ` ${instead}` : ''} Available: ${Object.keys(allowed).sort().join(', ')}.`;
}

export function isNodeBuiltin(spec: string): boolean {
  return spec.startsWith('node:') || NODE_BUILTINS.has(spec.split('/')[0]!);
}

const NODE_BUILTINS = new Set(['fs', 'path', 'os', 'child_process', 'crypto', 'http', 'https', 'net', 'stream', 'url', 'util', 'zlib', 'worker_threads']);

/** File-name-safe, URL-safe form of a specifier for the vendor cache (`react-dom/client` → `react-dom~client`). */
export function flatSpecifier(spec: string): string {
  return spec.replaceAll('/', '~');
}
