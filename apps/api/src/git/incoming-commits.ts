import { createPushedVersions, getSproutById, versionsWithCommits, type VersionRow } from '@sprout/db';
import type { Services } from '../services';
import { PushRefused, readPushedCommits } from './pushed-commits';
import { runGit } from './run-git';

/** Whether commit `older` is in the history of `newer` (the same commit included). */
export const isAncestor = (dir: string, env: Record<string, string>, older: string, newer: string) =>
  runGit(['--git-dir', dir, 'merge-base', '--is-ancestor', older, newer], { env }).then(
    () => true,
    () => false,
  );

/**
 * What became of commits that came from git: versions, or why none. `refused`: a commit breaks a
 * rule every version follows (`message` says which); `moved`: the project has a version since
 * `oldId`; `run_active`: a run is writing the project; `gone`: the project is deleted.
 */
export type IncomingResult =
  | { ok: true; versions: VersionRow[] }
  | { ok: false; reason: 'refused'; message: string }
  | { ok: false; reason: 'moved' | 'run_active' | 'gone' };

/**
 * Turns the commits from `oldId` (the project's current commit; null: it has none) to `newId`
 * into versions, one per commit, all or none: a push (read from git's quarantine, `env`) and a pull
 * (fetched into the repository) are held to the same rules, by the same code. The project must not
 * have moved meanwhile: checked against its commit now, and again in the transaction that writes.
 */
export async function versionsFromCommits(
  s: Pick<Services, 'db'>,
  input: { sproutId: string; dir: string; env: Record<string, string>; oldId: string | null; newId: string; via: 'push' | 'pull' },
): Promise<IncomingResult> {
  const sprout = await getSproutById(s.db, input.sproutId);
  if (!sprout || sprout.deletedAt) return { ok: false, reason: 'gone' };
  const rows = await versionsWithCommits(s.db, input.sproutId);
  const current = rows.find((r) => r.version.id === sprout.currentVersionId)?.commit?.commitId ?? null;
  if (current !== input.oldId) return { ok: false, reason: 'moved' };
  let commits: Awaited<ReturnType<typeof readPushedCommits>>;
  try {
    commits = await readPushedCommits(input.dir, input.env, input.oldId, input.newId, input.via);
  } catch (err) {
    if (err instanceof PushRefused) return { ok: false, reason: 'refused', message: err.message };
    throw err;
  }
  const result = await createPushedVersions(s.db, { sproutId: input.sproutId, expectedCurrentId: sprout.currentVersionId, commits });
  if (result.ok) return result;
  return { ok: false, reason: result.reason === 'version_conflict' ? 'moved' : result.reason === 'run_active' ? 'run_active' : 'gone' };
}
