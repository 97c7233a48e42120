import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { finishImport, planImport, type ImportEntry, type ImportResult } from '@sprout/core';
import { AppError } from '../errors';
import { parseLsTree, readBlobs } from '../git/pushed-commits';
import { fetchDefaultBranchTip, type RemoteOptions } from '../git/remote-git';
import { runGit } from '../git/run-git';

const kindOf = (mode: string): ImportEntry['kind'] => (mode === '120000' ? 'symlink' : mode === '160000' ? 'submodule' : 'file');

/**
 * The project on the default branch of a repository (`main`, `master`…): its last commit alone fetched
 * into a bare repository of its own (with the remote rules of every fetch: the token as a header only,
 * the address resolved and pinned to a public one), its tree listed, the import planned from the names and sizes alone, and only the blobs
 * it keeps read. The repository is deleted afterwards, whatever happened.
 */
export async function projectFromGit(url: string, token: string, opts: RemoteOptions): Promise<ImportResult> {
  const dir = await mkdtemp(path.join(tmpdir(), 'sprout-import-'));
  try {
    await runGit(['init', '--bare', '--quiet', dir]);
    const fetched = await fetchDefaultBranchTip(dir, url, token, opts);
    if (!fetched.ok) throw new AppError(422, 'remote_failed', fetched.message);
    if (!fetched.head) throw new AppError(422, 'remote_failed', 'The repository is empty: push the app to it, then try again.');
    const git = (args: string[], input?: string) => runGit(['--git-dir', dir, ...args], { input });
    const tree = parseLsTree(await git(['ls-tree', '-r', '-z', '-l', '--full-tree', fetched.head]));
    const plan = planImport(tree.map((e) => ({ path: e.path, size: e.size, kind: kindOf(e.mode) })));
    if (!plan.ok) return plan;
    const idOf = new Map(tree.map((e) => [e.path, e.id]));
    const blobs = await readBlobs(git, [...new Set(plan.reads.map((r) => idOf.get(r.from)!))]);
    return finishImport(plan, new Map(plan.reads.map((r) => [r.from, blobs.get(idOf.get(r.from)!)!])));
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
