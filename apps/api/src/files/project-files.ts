import { caseTwin, FILE_LIMITS, packageManifestProblem, utf8ByteLength, validateProjectPath } from '@sprout/core';
import { createManualVersion, getVersion, getVersionFiles, type SproutRow, type VersionRow } from '@sprout/db';
import { diffFileSets } from '@sprout/engine';
import { AppError } from '../errors';
import type { Services } from '../services';
import type { ProjectFiles, Version, VersionDiff } from '@sprout/core/contract';
import { toVersionDto } from '../chat/dto';
import { RUN_ACTIVE_MESSAGE } from '../chat/messages';

const versionNotFound = () => new AppError(404, 'version_not_found', 'This version does not exist.');

async function versionOf(s: Services, sproutId: string, versionId: string): Promise<VersionRow> {
  return (await getVersion(s.db, sproutId, versionId)) ?? Promise.reject(versionNotFound());
}

/** A version's files (the current version by default), for the code panel. */
export async function getProjectFiles(s: Services, sprout: SproutRow, versionId?: string): Promise<ProjectFiles> {
  const id = versionId ?? sprout.currentVersionId;
  if (!id) throw versionNotFound();
  const version = await versionOf(s, sprout.id, id);
  const files = await getVersionFiles(s.db, version.id);
  return { version: toVersionDto(version), files: files.map((f) => ({ path: f.path, content: f.content, size: utf8ByteLength(f.content) })) };
}

function refuse(reason: 'version_conflict' | 'run_active' | 'not_found'): never {
  if (reason === 'run_active') throw new AppError(409, 'run_active', RUN_ACTIVE_MESSAGE);
  if (reason === 'version_conflict')
    throw new AppError(409, 'version_conflict', 'The project changed since you opened this file. Reload it and apply your edit again.');
  throw new AppError(404, 'not_found', 'Project not found.');
}

/**
 * The project's files at `baseVersionId` with one file edited by hand: what a save stores and what
 * the editor's checks build. Refuses a path, size or manifest no version may have.
 */
export async function editedFiles(s: Services, sprout: SproutRow, input: { path: string; content: string; baseVersionId: string }) {
  const check = validateProjectPath(input.path);
  if (!check.ok) throw new AppError(400, 'invalid_path', `Invalid path ${JSON.stringify(input.path).slice(0, 120)}: ${check.reason}`);
  if (utf8ByteLength(input.content) > FILE_LIMITS.maxFileBytes)
    throw new AppError(400, 'file_too_large', `A file may be at most ${FILE_LIMITS.maxFileBytes / 1024} KB.`);
  const manifestProblem = input.path === 'package.json' ? packageManifestProblem(input.content) : null;
  if (manifestProblem) throw new AppError(400, 'invalid_package_json', manifestProblem);
  await versionOf(s, sprout.id, input.baseVersionId);
  const files = new Map((await getVersionFiles(s.db, input.baseVersionId)).map((f) => [f.path, f.content]));
  const isNew = !files.has(input.path);
  const twin = caseTwin(files.keys(), input.path);
  if (twin) throw new AppError(409, 'path_conflict', `${twin} already exists; ${input.path} would be the same file on macOS and Windows. Use another name.`);
  if (isNew && files.size >= FILE_LIMITS.maxFiles) throw new AppError(400, 'too_many_files', `A project may hold at most ${FILE_LIMITS.maxFiles} files.`);
  files.set(input.path, input.content);
  return { files, isNew };
}

/** A person's edit of one file: a new version made from `baseVersionId`, which must still be current. */
export async function saveProjectFile(s: Services, sprout: SproutRow, input: { path: string; content: string; baseVersionId: string }): Promise<Version> {
  const { files, isNew } = await editedFiles(s, sprout, input);
  const result = await createManualVersion(s.db, {
    sproutId: sprout.id,
    expectedCurrentId: input.baseVersionId,
    files: [...files].map(([path, content]) => ({ path, content })),
    source: 'manual',
    summary: `${isNew ? 'Created' : 'Edited'} ${input.path}`,
  });
  if (!result.ok) refuse(result.reason);
  return toVersionDto(result.version);
}

/** What a version changed compared with its parent (everything is "added" for the first version). */
export async function diffVersion(s: Services, version: VersionRow): Promise<VersionDiff> {
  const load = async (id: string | null) => new Map(id ? (await getVersionFiles(s.db, id)).map((f) => [f.path, f.content]) : []);
  const [before, after] = await Promise.all([load(version.parentId), load(version.id)]);
  return { version: toVersionDto(version), parentId: version.parentId, files: diffFileSets(before, after) };
}
