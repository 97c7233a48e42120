import { z } from 'zod';
import { CheckIssue } from './checks';
import { FileDiff } from './files';

/**
 * A run's last attempt that still did not work after its fix rounds (issue 15): it never became a
 * version; the person can look at it (what it changed, what was wrong, what it showed) and restore it.
 */
export const RunAttempt = z
  .object({
    runId: z.string(),
    sproutId: z.string(),
    summary: z.string().nullable(),
    issues: z.array(CheckIssue),
    /** The version it was made from; `files` is what it changed from that version. */
    baseVersionId: z.string().nullable(),
    files: z.array(FileDiff),
    /** GET /v1/sprouts/{id}/screenshots/{screenshotId}: what it showed, when the render check took a picture. */
    screenshotId: z.string().nullable(),
    createdAt: z.string(),
  })
  .meta({ id: 'RunAttempt' });
export type RunAttempt = z.infer<typeof RunAttempt>;
