import { getUserById, getVersionFiles, recordVersionCommit, versionsWithCommits, type Db, type SproutRow, type VersionRow } from '@sprout/db';
import { commitBody, commitHeader, gitObject, treeOf, writeLooseObjects } from './git-objects';
import { runGit } from './run-git';

/** Who commits every version Sprout writes: fixed, so a rebuild anywhere makes the same commits. */
const SPROUT_COMMITTER = { name: 'Sprout', email: 'git@sprout.invalid' };

/** What a version says of itself as a commit message when it has no summary of its own. */
function commitMessageOf(version: Pick<VersionRow, 'source' | 'summary'>): string {
  const summary = version.summary?.trim();
  if (summary) return summary;
  if (version.source === 'create') return 'Starter project';
  if (version.source === 'manual') return 'Manual edit';
  if (version.source === 'restore') return 'Restored an earlier version';
  if (version.source === 'git') return 'Pushed with git';
  return 'Changes by Sprout';
}

/** Which of these objects the repository holds (loose or packed). */
async function presentObjects(dir: string, ids: string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const out = await runGit(['--git-dir', dir, 'cat-file', '--batch-check'], { input: `${ids.join('\n')}\n` });
  return new Set(
    out
      .toString('utf8')
      .split('\n')
      .filter((line) => / commit \d+$/.test(line))
      .map((line) => line.slice(0, 40)),
  );
}

async function headOf(dir: string): Promise<string | null> {
  const out = await runGit(['--git-dir', dir, 'rev-parse', '-q', '--verify', 'refs/heads/main^{commit}']).catch(() => null);
  return out ? out.toString('utf8').trim() : null;
}

/**
 * Brings the repository `dir` up to the project's versions: one commit per version, oldest first,
 * `main` on the current one. A version's commit is the one recorded in the database (a pushed commit,
 * or the one made the first time the version was served); a version without one gets a commit made
 * from its files, summary, owner and time, and that commit is recorded. The caller holds the lock.
 * Returns the commit of the current version (null for a project without versions).
 */
export async function syncRepo(s: { db: Db }, sprout: SproutRow, dir: string): Promise<string | null> {
  const rows = await versionsWithCommits(s.db, sprout.id);
  const current = rows.findLast((r) => r.version.id === sprout.currentVersionId) ?? rows.at(-1);
  if (!current) return null;
  const head = await headOf(dir);
  if (current.commit && rows.every((r) => r.commit) && head === current.commit.commitId) return head;
  const present = await presentObjects(
    dir,
    rows.flatMap((r) => (r.commit ? [r.commit.commitId] : [])),
  );
  const owner = await getUserById(s.db, sprout.ownerId);
  const author = { name: owner?.displayName ?? 'Sprout user', email: owner?.email ?? `${sprout.ownerId}@users.sprout.invalid` };
  let parent: string | null = null;
  let tip: string | null = null;
  for (const row of rows) {
    if (row.commit && present.has(row.commit.commitId) && commitHeader(Buffer.from(row.commit.raw)).parents.join() === (parent ?? '')) {
      parent = row.commit.commitId;
    } else {
      const tree = treeOf(await getVersionFiles(s.db, row.version.id));
      const fits = (raw: Uint8Array) => {
        const h = commitHeader(Buffer.from(raw));
        return h.tree === tree.id && h.parents.join() === (parent ?? '');
      };
      let raw: Buffer | null = row.commit && fits(row.commit.raw) ? Buffer.from(row.commit.raw) : null;
      if (!raw) {
        const made = commitBody({
          tree: tree.id,
          parent,
          author,
          committer: SPROUT_COMMITTER,
          time: Math.floor(row.version.createdAt.getTime() / 1000),
          message: commitMessageOf(row.version),
        });
        const kept = row.commit
          ? { commitId: gitObject('commit', made).id, raw: made }
          : await recordVersionCommit(s.db, row.version.id, { commitId: gitObject('commit', made).id, raw: made });
        raw = fits(kept.raw) ? Buffer.from(kept.raw) : made;
      }
      const commit = gitObject('commit', raw as Buffer);
      await writeLooseObjects(dir, [...tree.objects, commit]);
      parent = commit.id;
    }
    if (row === current) tip = parent;
  }
  if (tip && tip !== head) await runGit(['--git-dir', dir, 'update-ref', 'refs/heads/main', tip]);
  return tip;
}
