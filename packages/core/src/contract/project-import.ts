import { z } from 'zod';
import { MAX_IMPORT_ZIP_BYTES } from '../project-import/import-source';
import { CheckIssue } from './checks';
import { Version } from './files';
import { ProjectName, Sprout } from './sprouts';

/** The longest base64 text of a zip an import takes. */
export const MAX_IMPORT_ZIP_BASE64 = Math.ceil(MAX_IMPORT_ZIP_BYTES / 3) * 4;

/**
 * A new project from a git repository (its `main` branch; no token: a public repository) or from a
 * zip, sent as base64 with its file name. The address and token are bounded here, then held to
 * `parseRemoteUrl` and `parseRemoteToken` (git-remote/remote-url.ts), which say what is wrong.
 */
export const ImportSproutBody = z.union([
  z.strictObject({ url: z.string().max(2000), token: z.string().max(2000).optional(), name: ProjectName.optional() }),
  z.strictObject({
    zip: z.string().max(MAX_IMPORT_ZIP_BASE64, { error: `A zip may be at most ${MAX_IMPORT_ZIP_BYTES / 1024 / 1024} MB.` }),
    fileName: z.string().max(255),
    name: ProjectName.optional(),
  }),
]);
export type ImportSproutBody = z.infer<typeof ImportSproutBody>;

/** A file or folder (its path ending in `/`) an import left out, and why. */
export const SkippedImportFile = z.object({ path: z.string(), reason: z.string() });
export type SkippedImportFile = z.infer<typeof SkippedImportFile>;

/**
 * The imported project, its one version (source `import`), what was left out, and whether the version
 * builds in Sprout (`issues`: the first problems the checks found, for the person to ask the chat about).
 */
export const ImportedProject = z
  .object({
    sprout: Sprout,
    version: Version,
    skipped: z.array(SkippedImportFile),
    checks: z.object({ builds: z.boolean(), issues: z.array(CheckIssue) }),
  })
  .meta({ id: 'ImportedProject' });
export type ImportedProject = z.infer<typeof ImportedProject>;
