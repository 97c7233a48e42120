import type { FileCheck } from '@sprout/core/contract';
import { hitRateLimit, type SproutRow } from '@sprout/db';
import { runChecks } from '@sprout/engine';
import { ALLOWED_PACKAGES } from '@sprout/template';
import { AppError } from '../errors';
import { draftPreviewBuild } from '../previews/preview-builds';
import type { Services } from '../services';
import { editedFiles } from './project-files';

/** The editor checks after a pause in typing (about one a second at most); a script gets a 429 well before it costs much. */
export const FILE_CHECKS_PER_MINUTE = 90;

/**
 * The checks a run uses (build, imports and packages, lint, data rules; the type check as
 * warnings), on the project with one file edited and not saved: the code editor shows them as the
 * person types and warns before saving a version that does not build. Nothing is stored or cached
 * under a version.
 */
export async function checkProjectFile(
  s: Services,
  userId: string,
  sprout: SproutRow,
  input: { path: string; content: string; baseVersionId: string },
): Promise<FileCheck> {
  const { count } = await hitRateLimit(s.db, `file-checks:${userId}`, 60_000);
  if (count > FILE_CHECKS_PER_MINUTE) throw new AppError(429, 'too_many_requests', 'Too many checks in a minute. Wait a moment, then type again.');
  const { files } = await editedFiles(s, sprout, input);
  const result = await runChecks(files, [input.path], {
    build: draftPreviewBuild(s.previews, s.config.webOrigin, sprout.id),
    allowed: ALLOWED_PACKAGES,
    typeCheck: { timeoutMs: s.config.typeCheckTimeoutSeconds * 1000 },
  });
  return { builds: result.buildOk, errors: result.issues, warnings: result.typeCheck.errors };
}
