import { z } from 'zod';
import { CheckIssue } from './checks';
import { resourceId } from './common';
import { FileDiff } from './files';

/** One file an attempt changed, without its text: what it did to the file and by how many lines. */
export const FileChange = FileDiff.omit({ diff: true }).meta({ id: 'FileChange' });
export type FileChange = z.infer<typeof FileChange>;

/**
 * A run's last attempt that still did not work after its fix rounds: it never became a version, and
 * its message was given back. The person sees what was wrong, what it showed and which files it
 * changed by how much — not its code, which is theirs once they keep it (restore: one message).
 * Otherwise a reply made to fail would be free code.
 */
export const RunAttempt = z
  .object({
    runId: z.string(),
    sproutId: z.string(),
    summary: z.string().nullable(),
    issues: z.array(CheckIssue),
    /** The version it was made from; `files` is what it changed from that version. */
    baseVersionId: z.string().nullable(),
    files: z.array(FileChange),
    /** GET /v1/sprouts/{id}/screenshots/{screenshotId}: what it showed, when the render check took a picture. */
    screenshotId: z.string().nullable(),
    createdAt: z.string(),
  })
  .meta({ id: 'RunAttempt' });
export type RunAttempt = z.infer<typeof RunAttempt>;

/** GET /build/v1/sprouts/:id/screenshots/:shotId: a render check's picture of one of the project's versions or attempts. */
export const ScreenshotParams = z.strictObject({ id: resourceId('project'), shotId: resourceId('screenshot') });
