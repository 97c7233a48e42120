import { DATA_RULES_PATH, FILE_LIMITS, packageManifestProblem, parseDataRules, validateProjectPath } from '@sprout/core';
import type { PushedCommit } from '@sprout/db';
import { commitHeader, treeOf } from './git-objects';
import { runGit } from './run-git';

/** The most commits one push may turn into versions. */
const MAX_PUSHED_COMMITS = 50;
const MAX_SUMMARY = 200;

/** A push refused for a reason the person can act on: git shows `message` as `remote: …`. */
export class PushRefused extends Error {}

const refuse = (message: string): never => {
  throw new PushRefused(message);
};

const utf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

/** One line of `git ls-tree -r -z -l`. */
export interface TreeEntry {
  mode: string;
  type: string;
  id: string;
  size: number;
  path: string;
}

export function parseLsTree(out: Buffer): TreeEntry[] {
  return out
    .toString('utf8')
    .split('\0')
    .filter(Boolean)
    .map((line) => {
      const tab = line.indexOf('\t');
      const [mode = '', type = '', id = '', size = ''] = line.slice(0, tab).split(/ +/);
      return { mode, type, id, size: Number.parseInt(size, 10), path: line.slice(tab + 1) };
    });
}

/** Reads blobs with one `git cat-file --batch`: id → bytes. */
export async function readBlobs(git: (args: string[], input?: string) => Promise<Buffer>, ids: string[]): Promise<Map<string, Buffer>> {
  const blobs = new Map<string, Buffer>();
  if (ids.length === 0) return blobs;
  const out = await git(['cat-file', '--batch'], `${ids.join('\n')}\n`);
  let at = 0;
  while (at < out.length) {
    const eol = out.indexOf(0x0a, at);
    const [id = '', type, size] = out.subarray(at, eol).toString('utf8').split(' ');
    if (type !== 'blob') refuse(`Object ${id.slice(0, 12)} could not be read.`);
    const length = Number.parseInt(size!, 10);
    blobs.set(id, out.subarray(eol + 1, eol + 1 + length));
    at = eol + 1 + length + 1;
  }
  return blobs;
}

/** The files of one pushed commit, held to the rules every version follows; refused with the first problem. */
function checkEntries(commit: string, entries: TreeEntry[]): void {
  const where = `In commit ${commit.slice(0, 12)}`;
  if (entries.length > FILE_LIMITS.maxFiles) refuse(`${where}: a project may hold at most ${FILE_LIMITS.maxFiles} files.`);
  let total = 0;
  const lower = new Map<string, string>();
  for (const e of entries) {
    const name = JSON.stringify(e.path).slice(0, 120);
    if (e.mode === '120000') refuse(`${where}: ${name} is a symbolic link; Sprout projects hold plain files only.`);
    if (e.mode === '160000') refuse(`${where}: ${name} is a submodule; Sprout projects hold plain files only.`);
    if (e.mode === '100755') refuse(`${where}: ${name} is executable; run "git update-index --chmod=-x ${e.path.slice(0, 120)}" and commit again.`);
    if (e.mode !== '100644' || e.type !== 'blob') refuse(`${where}: ${name} is not a plain file.`);
    const check = validateProjectPath(e.path);
    if (!check.ok) refuse(`${where}: invalid path ${name}: ${check.reason}.`);
    if (e.size > FILE_LIMITS.maxFileBytes) refuse(`${where}: ${name} is larger than ${FILE_LIMITS.maxFileBytes / 1024} KB.`);
    total += e.size;
    const twin = lower.get(e.path.toLowerCase());
    if (twin) refuse(`${where}: ${twin} and ${e.path} would be the same file on macOS and Windows. Rename one.`);
    lower.set(e.path.toLowerCase(), e.path);
  }
  if (total > FILE_LIMITS.maxTotalBytes) refuse(`${where}: a project may hold at most ${FILE_LIMITS.maxTotalBytes / 1024 / 1024} MB of files.`);
}

/** A file's text, refused unless it is UTF-8 text (versions hold text, as a manual edit does). */
function textOf(commit: string, path: string, bytes: Buffer): string {
  const refuseBinary = () => refuse(`In commit ${commit.slice(0, 12)}: ${path} is not a text file (UTF-8); Sprout projects hold text files only.`);
  if (bytes.includes(0)) refuseBinary();
  try {
    return utf8.decode(bytes);
  } catch {
    return refuseBinary();
  }
}

function checkContents(commit: string, files: Map<string, string>): void {
  const where = `In commit ${commit.slice(0, 12)}`;
  const manifest = files.get('package.json');
  const problem = manifest === undefined ? null : packageManifestProblem(manifest);
  if (problem) refuse(`${where}: ${problem}`);
  const rules = parseDataRules(files.get(DATA_RULES_PATH));
  if (!rules.ok) refuse(`${where}: ${rules.problems.slice(0, 3).join('; ')}`);
}

/** What a refusal tells the person to do: they pushed from their clone, or pulled from a remote. */
const PUSH_WORDS = {
  nothing: 'Nothing new to push.',
  tooMany: `Push at most ${MAX_PUSHED_COMMITS} commits at a time (squash some, or push in steps).`,
  rebase: 'Run "git pull --rebase", then push again.',
};
const PULL_WORDS = {
  nothing: 'Nothing new to pull.',
  tooMany: `The remote has more than ${MAX_PUSHED_COMMITS} new commits; a pull brings at most ${MAX_PUSHED_COMMITS} (squash some on the remote).`,
  rebase: "Rebase the remote's main on the project's history (no merge commits), then pull again.",
};

/**
 * The commits a push (or a pull: `via`, for the wording of refusals) adds on top of `oldId` (null: the repository had none), oldest first, each with
 * its files, read with git's plumbing from the repository and the push's quarantine (`env`: where
 * git keeps the objects until the push is accepted). Refuses merges, too many commits, and any file
 * a manual edit could not save.
 */
export async function readPushedCommits(
  dir: string,
  env: Record<string, string>,
  oldId: string | null,
  newId: string,
  via: 'push' | 'pull' = 'push',
): Promise<PushedCommit[]> {
  const words = via === 'push' ? PUSH_WORDS : PULL_WORDS;
  const git = (args: string[], input?: string) => runGit(['--git-dir', dir, ...args], { env, input });
  const list = (await git(['rev-list', '--reverse', '--parents', `--max-count=${MAX_PUSHED_COMMITS + 1}`, newId, ...(oldId ? [`^${oldId}`] : [])]))
    .toString('utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => line.split(' '));
  if (list.length === 0) refuse(words.nothing);
  if (list.length > MAX_PUSHED_COMMITS) refuse(words.tooMany);
  const commits: PushedCommit[] = [];
  let parent = oldId;
  for (const [id = '', ...parents] of list) {
    if (parents.length > 1) refuse(`Commit ${id.slice(0, 12)} is a merge; Sprout keeps a straight history. ${words.rebase}`);
    if ((parents[0] ?? null) !== parent) refuse(`Commit ${id.slice(0, 12)} does not build on the project's current version. ${words.rebase}`);
    const entries = parseLsTree(await git(['ls-tree', '-r', '-z', '-l', '--full-tree', id]));
    checkEntries(id, entries);
    const blobs = await readBlobs(git, [...new Set(entries.map((e) => e.id))]);
    const files = new Map(entries.map((e) => [e.path, textOf(id, e.path, blobs.get(e.id) ?? Buffer.alloc(0))]));
    checkContents(id, files);
    const raw = await git(['cat-file', 'commit', id]);
    const header = commitHeader(raw);
    const list = [...files].map(([path, content]) => ({ path, content }));
    // The tree must be the one these files make, or a rebuilt repository would serve another commit.
    if (treeOf(list).id !== header.tree) refuse(`Commit ${id.slice(0, 12)} has a tree git does not usually write; commit it again with a current git.`);
    const subject = header.message.split('\n')[0]!.trim().slice(0, MAX_SUMMARY);
    commits.push({ commitId: id, raw, files: list, summary: subject || 'Pushed with git' });
    parent = id;
  }
  return commits;
}
