import { z } from 'zod';
import { VersionSecurity } from './publish-gate';
import { FILE_LIMITS } from '../projects/project-paths';
import { CheckIssue } from './checks';
import { resourceId } from './common';

export const Version = z
  .object({
    id: z.string(),
    number: z.number().int(),
    parentId: z.string().nullable(),
    source: z.string().describe('create | run | manual | restore | remix …'),
    summary: z.string().nullable(),
    runId: z.string().nullable(),
    createdAt: z.string(),
  })
  .meta({ id: 'Version' });
export type Version = z.infer<typeof Version>;

export const ProjectFile = z.object({ path: z.string(), content: z.string(), size: z.number().int() });
export type ProjectFile = z.infer<typeof ProjectFile>;

/** GET /build/v1/sprouts/:id/files: a version and its files. */
export const ProjectFiles = z.object({ version: Version, files: z.array(ProjectFile) }).meta({ id: 'ProjectFiles' });
export type ProjectFiles = z.infer<typeof ProjectFiles>;
export const ProjectFilesQuery = z.strictObject({ version: resourceId('version').optional() });

export const SaveFileBody = z.strictObject({
  path: z.string().min(1).max(FILE_LIMITS.maxPathLength),
  content: z.string().max(FILE_LIMITS.maxFileBytes),
  baseVersionId: resourceId('version'),
});
export type SaveFileBody = z.infer<typeof SaveFileBody>;

/**
 * POST /build/v1/sprouts/:id/files/check: what the checks of a run say of the project with one file
 * edited, before it is saved. `errors` stop the version from working (the build, imports, the data
 * rules); `warnings` are advisory (type errors: the build strips types, as in a run).
 */
export const FileCheck = z
  .object({
    builds: z.boolean(),
    errors: z.array(CheckIssue),
    warnings: z.array(CheckIssue),
  })
  .meta({ id: 'FileCheck' });
export type FileCheck = z.infer<typeof FileCheck>;

/** A new version (a save, a restore). */
export const VersionAnswer = z.object({ version: Version });

/** POST …/versions/:versionId/restore; no body restores the files only. */
export const RestoreVersionBody = z.strictObject({
  withData: z.boolean().optional().describe('Bring back the test data as it was while the version was current (the live data is never changed)'),
});
export type RestoreVersionBody = z.infer<typeof RestoreVersionBody>;

export const RestoreAnswer = z.object({ version: Version, dataRestored: z.boolean() });
export type RestoreAnswer = z.infer<typeof RestoreAnswer>;

/** A version in the history: what it is, whether its test data is kept, and how it changed the data's shape. */
export const ListedVersion = Version.extend({
  hasData: z.boolean().describe('Its test data is kept: a restore can bring it back (always true of the current version)'),
  dataShapeChanged: z.boolean().describe("It changed the data's shape (sprout.data.json's collections and fields) from its parent"),
  dataShapeChange: z.string().nullable().describe('How, in a short sentence; null when it did not'),
  dataShapeDiffersFromCurrent: z.boolean().describe("Its data's shape differs from the current version's"),
}).meta({ id: 'ListedVersion' });
export type ListedVersion = z.infer<typeof ListedVersion>;

export const VersionList = z.object({
  currentVersionId: z.string().nullable(),
  versions: z.array(ListedVersion),
  /** Versions the render check took a picture of (GET …/screenshots/{versionId}). */
  screenshotIds: z.array(z.string()),
  /** The security checks kept for versions that were checked for publishing (the others have none). */
  security: z.array(VersionSecurity),
});
export type VersionList = z.infer<typeof VersionList>;

export const VersionParams = z.strictObject({ id: resourceId('project'), versionId: resourceId('version') });

/** Per file, what a version changed from its parent. */
export const FileDiff = z.object({
  path: z.string(),
  status: z.enum(['added', 'removed', 'modified']),
  /** Unified diff text; empty for image modules, whose data-URL lines mean nothing to a reader. */
  diff: z.string().describe('Unified diff; empty for image modules'),
  additions: z.number().int(),
  deletions: z.number().int(),
});
export type FileDiff = z.infer<typeof FileDiff>;

export const VersionDiff = z.object({ version: Version, parentId: z.string().nullable(), files: z.array(FileDiff) });
export type VersionDiff = z.infer<typeof VersionDiff>;
