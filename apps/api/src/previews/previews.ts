import { getVersion, type SproutRow, type UserWithTier } from '@sprout/db';
import type { BuildMessage } from '@sprout/preview';
import { AppError } from '../errors';
import { previewOriginOf } from '../hosting/hosts';
import { safeReturnPath } from '../hosting/response';
import type { Services } from '../services';
import { effectiveFlags } from '../flags/effective-flags';
import { isDeveloper } from '../flags/run-flags';

async function versionOf(s: Services, sproutId: string, currentVersionId: string | null, versionId: string | undefined): Promise<string> {
  const id = versionId ?? currentVersionId;
  if (!id || !(await getVersion(s.db, sproutId, id))) throw new AppError(404, 'version_not_found', 'This version does not exist.');
  return id;
}

/**
 * A link that opens the owner's preview in an iframe: the preview origin exchanges the short-lived
 * token in it for a cookie of its own, then drops the token from the address.
 */
export async function createPreviewSession(
  s: Services,
  sprout: SproutRow,
  input: { versionId?: string; path?: string },
): Promise<{ url: string; origin: string; expiresAt: string }> {
  if (input.versionId) await versionOf(s, sprout.id, sprout.currentVersionId, input.versionId);
  const origin = previewOriginOf(sprout.id, s.config);
  const target = new URL(safeReturnPath(input.path ?? '/'), origin);
  if (input.versionId) target.searchParams.set('version', input.versionId);
  const grant = await s.previewTokens.sign('grant', sprout.ownerId, sprout.id);
  const url = new URL('/_sprout/session', origin);
  url.searchParams.set('token', grant.token);
  url.searchParams.set('path', target.pathname + target.search);
  return { url: url.toString(), origin, expiresAt: grant.expiresAt.toISOString() };
}

/**
 * The preview build's outcome for a version (the current one by default): what the panel and the
 * fix loop show. Errors go to everyone (the preview's failure overlay); warnings are machine-log
 * lines, sent only with showMachineLogs on (or to developers, whose toolbar turns it on).
 */
export async function previewBuildStatus(
  s: Services,
  user: UserWithTier,
  sprout: SproutRow,
  versionId?: string,
): Promise<{ versionId: string; ok: boolean; errors: BuildMessage[]; warnings: BuildMessage[]; durationMs: number }> {
  const id = await versionOf(s, sprout.id, sprout.currentVersionId, versionId);
  const [result, flags] = await Promise.all([s.buildPreview(sprout.id, id), effectiveFlags(s, user)]);
  const logs = flags.showMachineLogs || isDeveloper(user);
  return { versionId: id, ok: result.ok, errors: result.ok ? [] : result.errors, warnings: logs ? result.warnings : [], durationMs: result.durationMs };
}
