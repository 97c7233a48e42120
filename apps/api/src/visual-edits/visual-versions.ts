import { FILE_LIMITS, utf8ByteLength, validateProjectPath } from '@sprout/core';
import type { ElementDescription, ElementQuery, Version, VisualEditsAnswer, VisualEditsBody } from '@sprout/core/contract';
import { createManualVersion, getVersion, getVersionFiles, type SproutRow, type VersionRow } from '@sprout/db';
import { applyVisualEdits, describeElement } from '@sprout/engine';
import { toVersionDto } from '../chat/dto';
import { RUN_ACTIVE_MESSAGE } from '../chat/messages';
import { AppError } from '../errors';
import type { Services } from '../services';

async function versionOf(s: Services, sproutId: string, versionId: string): Promise<VersionRow> {
  const version = await getVersion(s.db, sproutId, versionId);
  if (!version) throw new AppError(404, 'version_not_found', 'This version does not exist.');
  return version;
}

async function filesOf(s: Services, versionId: string): Promise<Map<string, string>> {
  return new Map((await getVersionFiles(s.db, versionId)).map((f) => [f.path, f.content]));
}

function refused(reason: 'version_conflict' | 'run_active' | 'not_found'): never {
  if (reason === 'run_active') throw new AppError(409, 'run_active', RUN_ACTIVE_MESSAGE);
  if (reason === 'version_conflict')
    throw new AppError(
      409,
      'version_conflict',
      'The project changed since this element was selected (a newer version exists). Select it again and make the change there.',
    );
  throw new AppError(404, 'not_found', 'Project not found.');
}

/** What the element selected in the preview is in the source of `versionId`. */
export async function describeSelected(s: Services, sprout: SproutRow, query: ElementQuery): Promise<ElementDescription> {
  await versionOf(s, sprout.id, query.versionId);
  const result = describeElement(await filesOf(s, query.versionId), { file: query.file, line: query.line, column: query.column });
  if (!result.ok) throw new AppError(404, 'element_not_found', result.message);
  return result.description;
}

/**
 * The person's changes to elements of `baseVersionId` as one version: applied to the source by its
 * syntax tree, held to the limits of any version, made only while the base is still current (a
 * manual edit or a run in between is never overwritten). No model is called and nothing is charged.
 */
export async function makeVisualVersion(s: Services, sprout: SproutRow, body: VisualEditsBody): Promise<VisualEditsAnswer> {
  await versionOf(s, sprout.id, body.baseVersionId);
  const files = await filesOf(s, body.baseVersionId);
  const result = applyVisualEdits(files, body.edits);
  if (!result.ok) {
    const code = result.code === 'element_not_found' ? 'element_not_found' : 'visual_edit_refused';
    throw new AppError(code === 'element_not_found' ? 404 : 400, code, result.message);
  }
  if (result.files.size === 0) throw new AppError(400, 'visual_edit_refused', 'The code already looks like this: there is nothing to save.');
  for (const [path, content] of result.files) {
    const check = validateProjectPath(path);
    if (!check.ok) throw new AppError(400, 'visual_edit_refused', `Sprout cannot write ${path}: ${check.reason}`);
    if (utf8ByteLength(content) > FILE_LIMITS.maxFileBytes)
      throw new AppError(400, 'file_too_large', `${path} would be larger than ${FILE_LIMITS.maxFileBytes / 1024} KB. Use a smaller image.`);
    if (!files.has(path) && files.size >= FILE_LIMITS.maxFiles)
      throw new AppError(400, 'too_many_files', `A project may hold at most ${FILE_LIMITS.maxFiles} files.`);
    files.set(path, content);
  }
  const made = await createManualVersion(s.db, {
    sproutId: sprout.id,
    expectedCurrentId: body.baseVersionId,
    files: [...files].map(([path, content]) => ({ path, content })),
    source: 'visual',
    summary: summaryOf(result.summaries),
  });
  if (!made.ok) refused(made.reason);
  return { version: toVersionDto(made.version), changed: [...result.files.keys()] };
}

function summaryOf(summaries: string[]): string {
  if (summaries.length <= 2) return summaries.join('; ');
  return `${summaries.slice(0, 2).join('; ')} and ${summaries.length - 2} more change${summaries.length === 3 ? '' : 's'}`;
}

/** Takes back a visual version while it is still current: the files it was made from, as a new version. */
export async function undoVisualVersion(s: Services, sprout: SproutRow, versionId: string): Promise<Version> {
  const version = await versionOf(s, sprout.id, versionId);
  if (version.source !== 'visual' || !version.parentId)
    throw new AppError(409, 'not_visual', 'This version was not made by a visual edit, so it cannot be undone here. Restore an earlier version from History.');
  const files = await filesOf(s, version.parentId);
  const made = await createManualVersion(s.db, {
    sproutId: sprout.id,
    expectedCurrentId: version.id,
    files: [...files].map(([path, content]) => ({ path, content })),
    source: 'visual',
    summary: `Undid: ${version.summary ?? 'a visual edit'}`,
  });
  if (!made.ok) refused(made.reason);
  return toVersionDto(made.version);
}
