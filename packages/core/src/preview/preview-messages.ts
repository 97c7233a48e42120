// The postMessage protocol between a preview's runtime bridge (packages/preview bridge-runtime.js)
// and the Sprout page that frames it: what each side may post, and the guards that check it.

import type { PreviewManifest } from '../contract/hosting';

export type PreviewMessageType = 'console' | 'error' | 'unhandledrejection';
export type PreviewLogLevel = 'log' | 'info' | 'warn' | 'error' | 'debug';

export interface PreviewLocation {
  /** A project path (`client/src/App.tsx`) when source-mapped, else the URL path of the bundle. */
  file: string;
  line: number;
  column: number;
}

/** What the runtime bridge inside a preview posts to the Sprout page that frames it. */
export interface PreviewMessage {
  source: 'sprout-preview';
  type: PreviewMessageType;
  level: PreviewLogLevel;
  message: string;
  location: PreviewLocation | null;
  stack?: string;
  time: number;
  /** The server's tag of this page load (a `<meta name="sprout-load">`), sent with runtime-error reports. */
  load?: string;
  /**
   * An error posted before, while the version on screen had no tag (a run's candidate), told again
   * with the tag that version has now: for the repair, not a second line in the logs.
   */
  retold?: true;
}

const TYPES = new Set(['console', 'error', 'unhandledrejection']);
const LEVELS = new Set(['log', 'info', 'warn', 'error', 'debug']);

function isLocation(value: unknown): value is PreviewLocation {
  if (value === null || typeof value !== 'object') return false;
  const v = value as Record<string, unknown>;
  return typeof v.file === 'string' && Number.isFinite(v.line) && Number.isFinite(v.column);
}

/**
 * True only for a well-formed bridge message sent by the preview at `expectedOrigin`
 * (`http://{id}.preview.localhost:3001`). Anything else (other frames, extensions, other previews)
 * must be ignored by the caller.
 */
export function isPreviewMessage(event: { origin: string; data: unknown }, expectedOrigin: string): event is { origin: string; data: PreviewMessage } {
  if (event.origin !== expectedOrigin || event.origin === 'null') return false;
  const d = event.data;
  if (d === null || typeof d !== 'object') return false;
  const m = d as Record<string, unknown>;
  return (
    m.source === 'sprout-preview' &&
    TYPES.has(m.type as string) &&
    LEVELS.has(m.level as string) &&
    typeof m.message === 'string' &&
    (m.location === null || isLocation(m.location)) &&
    (m.stack === undefined || typeof m.stack === 'string') &&
    (m.load === undefined || typeof m.load === 'string') &&
    (m.retold === undefined || m.retold === true) &&
    typeof m.time === 'number'
  );
}

/** Where the app in a preview is scrolled to; the bridge posts it as the person scrolls. */
export interface PreviewScrollMessage {
  source: 'sprout-preview-scroll';
  path: string;
  x: number;
  y: number;
}

/** A well-formed scroll report from the preview at `expectedOrigin` (same rules as isPreviewMessage). */
export function isPreviewScroll(event: { origin: string; data: unknown }, expectedOrigin: string): event is { origin: string; data: PreviewScrollMessage } {
  if (event.origin !== expectedOrigin || event.origin === 'null') return false;
  const m = event.data as Record<string, unknown> | null;
  return (
    m !== null &&
    typeof m === 'object' &&
    m.source === 'sprout-preview-scroll' &&
    typeof m.path === 'string' &&
    m.path.length <= 2048 &&
    Number.isFinite(m.x) &&
    Number.isFinite(m.y)
  );
}

/** What the Sprout page posts to a freshly loaded preview: scroll back to where the last one was. */
export function restoreScrollMessage(scroll: PreviewScrollMessage) {
  return { source: 'sprout-parent', type: 'restore-scroll', path: scroll.path, x: scroll.x, y: scroll.y } as const;
}

/** What a preview's hot update client did with a new version the Sprout page sent it. */
export interface PreviewUpdateMessage {
  source: 'sprout-preview-update';
  versionId: string;
  /**
   * `hot`: applied in place (state kept); `reload`: the page reloads, for `reason`; `expired`: the
   * preview session ended; `current`: the page already shows this version; `unreachable`: the
   * version could not be fetched (the network), the page keeps what it shows.
   */
  outcome: 'hot' | 'reload' | 'expired' | 'current' | 'unreachable';
  /** Project files the update changed (modules and stylesheets). */
  files: string[];
  reason: string | null;
}

const OUTCOMES = new Set(['hot', 'reload', 'expired', 'current', 'unreachable']);

/** A well-formed update report from the preview at `expectedOrigin` (same rules as isPreviewMessage). */
export function isPreviewUpdate(event: { origin: string; data: unknown }, expectedOrigin: string): event is { origin: string; data: PreviewUpdateMessage } {
  if (event.origin !== expectedOrigin || event.origin === 'null') return false;
  const m = event.data as Record<string, unknown> | null;
  return (
    m !== null &&
    typeof m === 'object' &&
    m.source === 'sprout-preview-update' &&
    typeof m.versionId === 'string' &&
    OUTCOMES.has(m.outcome as string) &&
    Array.isArray(m.files) &&
    m.files.length <= 1000 &&
    m.files.every((f) => typeof f === 'string' && f.length <= 500) &&
    (m.reason === null || (typeof m.reason === 'string' && m.reason.length <= 2000))
  );
}

/** Where the app in a preview is (path, query and hash); the bridge posts it on load and on every change. */
export interface PreviewRouteMessage {
  source: 'sprout-preview-route';
  path: string;
}

/** A well-formed route report from the preview at `expectedOrigin`: a path on the preview's own origin. */
export function isPreviewRoute(event: { origin: string; data: unknown }, expectedOrigin: string): event is { origin: string; data: PreviewRouteMessage } {
  if (event.origin !== expectedOrigin || event.origin === 'null') return false;
  const m = event.data as Record<string, unknown> | null;
  return (
    m !== null &&
    typeof m === 'object' &&
    m.source === 'sprout-preview-route' &&
    typeof m.path === 'string' &&
    m.path.length <= 2048 &&
    m.path.startsWith('/') &&
    !m.path.startsWith('//')
  );
}

/**
 * What the Sprout page posts to its preview when the project has a new version: apply it in place if
 * possible. With the version's module list when the page has it (a run's candidate), so the frame's
 * hot update starts with the changed modules instead of asking the preview host for the list.
 */
export function previewVersionMessage(versionId: string, manifest?: PreviewManifest) {
  return { source: 'sprout-parent', type: 'version', versionId, ...(manifest ? { manifest } : {}) } as const;
}

/** The origin a project's preview is served from, e.g. `http://abc.preview.localhost:3001`. */
export function previewOrigin(sproutId: string, previewDomain: string, protocol: 'http' | 'https' = 'http'): string {
  return `${protocol}://${sproutId}.${previewDomain}`;
}
