import { z } from 'zod';
import { GATE_RULES, GateAcknowledgement } from './publish-gate';
import { resourceId } from './common';

export const PreviewSessionBody = z.strictObject({
  versionId: resourceId('version').optional(),
  path: z
    .string()
    .max(2000)
    .regex(/^\/(?!\/)[^\\\s]*$/, { error: 'Path must start with a single / and contain no spaces or backslashes.' })
    .optional(),
});
export type PreviewSessionBody = z.infer<typeof PreviewSessionBody>;

export const PreviewSession = z
  .object({
    url: z.string().describe('Load this in the preview iframe within 2 minutes; the preview origin then keeps its own 12-hour session.'),
    origin: z.string().describe('The preview origin: accept postMessage events only from it.'),
    expiresAt: z.string(),
  })
  .meta({ id: 'PreviewSession' });
export type PreviewSession = z.infer<typeof PreviewSession>;

export const BuildStatusQuery = z.strictObject({ versionId: resourceId('version').optional() });

/**
 * POST /build/v1/sprouts/:id/publish — `copyTestData` replaces the live app's data with a copy of the
 * preview's test data; `slug` publishes at `{slug}.SITES_DOMAIN` instead of the project's address
 * (the old address, if any, stops serving the app).
 */
export const PublishBody = z.strictObject({
  copyTestData: z.boolean().optional(),
  slug: z.string().max(100).optional().describe('The address label to publish at (core validateSlug); the current one when absent'),
  acknowledge: z
    .array(GateAcknowledgement)
    .max(GATE_RULES.length)
    .optional()
    .describe("Critical findings of the security check the owner accepts, by rule, each with a reason (kept with the version's report)"),
});
export type PublishBody = z.infer<typeof PublishBody>;

export const PublishAddressQuery = z.strictObject({ slug: z.string().max(100).optional() });

/** GET /build/v1/sprouts/:id/address — where the app is or would be published, or whether `slug` is free. */
export const PublishAddress = z
  .object({
    slug: z.string(),
    url: z.string().describe('The public address with this slug'),
    available: z.boolean().describe('The project may publish at this address'),
    current: z.boolean().describe("It is the project's own address already"),
    message: z.string().nullable().describe('Why it cannot be used (invalid, reserved, taken)'),
  })
  .meta({ id: 'PublishAddress' });
export type PublishAddress = z.infer<typeof PublishAddress>;

/** A built file's name on the preview host: letters, digits, dot, dash, underscore (never a path). */
const BuiltFileName = z.string().regex(/^[A-Za-z0-9._-]{1,200}$/);

/**
 * A preview page's modules (unbundled): what a new version changes, and where each file is served.
 * The preview host answers it at `/_sprout/version/{id}`; a run's `preview.candidate` event carries
 * it too, so the page can hand it to the frame without the frame asking.
 */
export const PreviewManifest = z.object({
  /** The version built (the build's `version` option), or null. */
  version: z.string().nullable(),
  /** The folder every module of the page loads from (the build's `assetBase`). */
  base: z.string(),
  /** Identifies the page around the app (index.html without its module scripts, title, description and <html> classes): a change reloads. */
  html: z.string(),
  /** The page's title, description and <html> classes (a rename, light or dark): set on the open page, never a reload. */
  title: z.string().nullable().optional(),
  description: z.string().nullable().optional(),
  htmlClass: z.string().nullable().optional(),
  /** Entry modules (project paths), in page order. */
  entries: z.array(z.string()),
  /** Each module of the page by project path: its file name, the hash of its own code, the project modules it imports. */
  modules: z.record(z.string(), z.object({ name: BuiltFileName, own: z.string(), deps: z.array(z.string()) })),
  /** Stylesheets in page order: project path or package specifier, and file name. */
  styles: z.array(z.object({ id: z.string(), name: BuiltFileName })),
  /** Bare specifiers the page's import map has: a version needing another one cannot be applied in place. */
  packages: z.array(z.string()),
});
export type PreviewManifest = z.infer<typeof PreviewManifest>;
