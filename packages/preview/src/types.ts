import type { BuildMessage, PreviewManifest } from '@sprout/core/contract';

export type { BuildMessage, PreviewManifest };

/** One file of a project version, as stored (paths relative to the project root). */
export interface ProjectFile {
  path: string;
  content: string;
}

/** `preview`: fast, readable, packages from the shared vendor cache. `production`: one minified, tree-shaken bundle. */
export type BuildMode = 'preview' | 'production';

export interface BuiltAsset {
  contentType: string;
  body: Uint8Array;
}

export interface BuildSuccess {
  ok: true;
  mode: BuildMode;
  /** The page: the project's index.html with the bundle, styles, import map and bridge wired in. */
  html: string;
  /** Built files by name, served under the build's `assetBase` (e.g. `app-3F2K.js`). */
  assets: Map<string, BuiltAsset>;
  /** Files of `client/public/`, served at the site root (`/logo.svg`). */
  publicFiles: Map<string, BuiltAsset>;
  /** CSP hash sources ('sha256-…') of the inline scripts the page carries. */
  scriptHashes: string[];
  /** Bare specifiers the page loads through its import map (preview mode). */
  vendorSpecifiers: string[];
  warnings: BuildMessage[];
  durationMs: number;
  /** Preview mode: the page's modules and stylesheets, which the hot update client compares between versions. */
  manifest?: PreviewManifest;
}

export interface BuildFailure {
  ok: false;
  mode: BuildMode;
  errors: BuildMessage[];
  warnings: BuildMessage[];
  durationMs: number;
}

export type BuildResult = BuildSuccess | BuildFailure;

/** Allowed runtime packages: name → exact version (the template's list). */
export type AllowedPackages = Readonly<Record<string, string>>;
