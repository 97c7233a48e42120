import {
  defaultDisplayName,
  importedName,
  importSummary,
  MAX_IMPORT_ZIP_BYTES,
  parseRemoteToken,
  parseRemoteUrl,
  validateProjectFiles,
  type ImportResult,
} from '@sprout/core';
import type { ImportedProject, ImportSproutBody } from '@sprout/core/contract';
import { createSproutForUser, getVersion, hitRateLimit } from '@sprout/db';
import { runChecks } from '@sprout/engine';
import { ALLOWED_PACKAGES, starterFiles, TOOLING_FILES } from '@sprout/template';
import { toVersionDto } from '../chat/dto';
import { toSproutDto } from '../dto';
import { AppError } from '../errors';
import type { Services } from '../services';
import { projectLimitReached } from '../sprouts/sprouts';
import { projectFromGit } from './git-source';
import { projectFromZip } from './zip-source';

/** Imports a person may start in an hour: each fetches a repository or unpacks a zip, and builds. */
const IMPORTS_PER_HOUR = 20;
const MAX_ISSUES = 20;

type Source = { url: string } | { fileName: string };

/** The files of the project the body names, or a 4xx that says what is wrong with it; nothing is stored. */
async function importedFiles(s: Services, body: ImportSproutBody): Promise<{ result: ImportResult; source: Source }> {
  if ('url' in body) {
    const opts = { allowLoopback: s.config.gitRemoteAllowLoopback };
    const url = parseRemoteUrl(body.url, opts);
    if (!url.ok) throw new AppError(422, 'invalid_remote', url.message);
    const token = parseRemoteToken(body.token);
    if (!token.ok) throw new AppError(422, 'invalid_remote', token.message);
    return { result: await projectFromGit(url.url, token.token, opts), source: { url: url.url } };
  }
  const zip = Buffer.from(body.zip, 'base64');
  if (zip.length === 0) throw new AppError(400, 'invalid_zip', 'Choose a zip file of the project.');
  if (zip.length > MAX_IMPORT_ZIP_BYTES) throw new AppError(413, 'import_too_large', `A zip may be at most ${MAX_IMPORT_ZIP_BYTES / 1024 / 1024} MB.`);
  return { result: projectFromZip(zip), source: { fileName: body.fileName } };
}

/** The tooling files every Sprout project has (Vite's and TypeScript's settings…), from the template where the import lacks them. */
function withTooling(files: { path: string; content: string }[]): { path: string; content: string }[] {
  const have = new Set(files.map((f) => f.path));
  const template = new Map(starterFiles().map((f) => [f.name, f.content]));
  return [...files, ...TOOLING_FILES.filter((t) => !have.has(t)).map((t) => ({ path: t, content: template.get(t)! }))];
}

/**
 * A new project from a git repository or a zip (docs/architecture.md#importing-a-project): its files
 * read and held to the rules of every version, then created as one project with one version (source
 * `import`) under the plan's project limit, like any new project. The version is then built and
 * checked as an edit is, and what the checks found is answered with it: an app that does not build
 * yet is still imported, for the person to fix in the chat. Nothing is created when the source
 * cannot be read or holds no app.
 */
export async function importProject(s: Services, ownerId: string, body: ImportSproutBody): Promise<ImportedProject> {
  const { count } = await hitRateLimit(s.db, `imports:${ownerId}`, 60 * 60_000);
  if (count > IMPORTS_PER_HOUR) throw new AppError(429, 'too_many_requests', `At most ${IMPORTS_PER_HOUR} imports an hour. Try again later.`);
  const { result, source } = await importedFiles(s, body);
  if (!result.ok && result.reason === 'too_large') throw new AppError(413, 'import_too_large', result.message);
  if (!result.ok) throw new AppError(422, 'not_a_project', result.message);
  const files = withTooling(result.files);
  // The same rule a project created with its files is held to; the import already kept to it.
  const check = validateProjectFiles(files.map((f) => ({ name: f.path, content: f.content })));
  if (!check.ok) throw new AppError(413, 'import_too_large', `${check.errors[0]!.path || 'The project'}: ${check.errors[0]!.reason}.`);
  const title = importedName(files.find((f) => f.path === 'client/index.html')?.content, source);
  const created = await createSproutForUser(s.db, {
    ownerId,
    displayName: body.name ?? title ?? defaultDisplayName(),
    nameOrigin: body.name !== undefined ? 'person' : title ? 'generated' : 'default',
    files,
    source: 'import',
    summary: importSummary(source),
  });
  if (!created.ok) throw projectLimitReached(created.stats);
  const { sprout } = created;
  const version = (await getVersion(s.db, sprout.id, sprout.currentVersionId!))!;
  s.log.info({ sproutId: sprout.id, files: files.length, skipped: result.skipped.length, from: 'url' in source ? 'git' : 'zip' }, 'a project was imported');
  // Built as its preview will be (the build is cached under the version), and checked as an edit is.
  const checks = await runChecks(
    new Map(files.map((f) => [f.path, f.content])),
    files.map((f) => f.path),
    { build: () => s.buildPreview(sprout.id, version.id), allowed: ALLOWED_PACKAGES },
  );
  return {
    sprout: toSproutDto(sprout),
    version: toVersionDto(version),
    skipped: result.skipped,
    checks: { builds: checks.buildOk, issues: checks.issues.slice(0, MAX_ISSUES) },
  };
}
