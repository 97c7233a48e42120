import { mkdir, mkdtemp, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { runGit } from './run-git';

/** The most a push may send (git's own count of the pack it receives): a project is at most 8 MB of text. */
export const MAX_PUSH_BYTES = 20 * 1024 * 1024;

/** The script git runs before it accepts a push: it hands the ref updates to this API (push-hook.ts). */
const HOOK_MODULE = fileURLToPath(new URL('./pre-receive-hook.mjs', import.meta.url));

const preReceive = () => `#!/bin/sh\nexec '${process.execPath.replace(/'/g, `'\\''`)}' '${HOOK_MODULE.replace(/'/g, `'\\''`)}'\n`;

/** Where the projects' repositories are kept: a cache on this instance's disk, rebuilt from the database. */
export const reposRoot = (dataDir: string) => path.join(dataDir, 'git');

/** Where a project's bare repository lives (ids are lower-case letters and digits: nothing to escape). */
function repoDir(root: string, sproutId: string): string {
  if (!/^[a-z0-9]{1,64}$/.test(sproutId)) throw new Error(`not a project id: ${JSON.stringify(sproutId)}`);
  return path.join(root, `${sproutId}.git`);
}

async function configure(dir: string): Promise<void> {
  const set = (key: string, value: string) => runGit(['--git-dir', dir, 'config', key, value]);
  // Git itself refuses what would rewrite or remove history; the hook refuses everything else.
  await set('receive.denyNonFastForwards', 'true');
  await set('receive.denyDeletes', 'true');
  await set('receive.maxInputSize', String(MAX_PUSH_BYTES));
  // A cache rebuilt from the database: no reflog or background gc racing a request.
  await set('core.logAllRefUpdates', 'false');
  await set('gc.auto', '0');
}

/**
 * The project's bare repository, created when missing (made aside and renamed into place, so a
 * request never finds half of one), with its pre-receive hook written for this API process.
 */
export async function ensureRepo(root: string, sproutId: string): Promise<string> {
  const dir = repoDir(root, sproutId);
  const hook = path.join(dir, 'hooks', 'pre-receive');
  const current = await readFile(hook, 'utf8').catch(() => null);
  if (current === null) {
    await mkdir(root, { recursive: true });
    const tmp = await mkdtemp(path.join(root, `.new-${sproutId}-`));
    await runGit(['init', '--bare', '--quiet', '--initial-branch=main', tmp]);
    await configure(tmp);
    await rm(path.join(tmp, 'hooks'), { recursive: true, force: true });
    await mkdir(path.join(tmp, 'hooks'));
    await writeFile(path.join(tmp, 'hooks', 'pre-receive'), preReceive(), { mode: 0o755 });
    await rename(tmp, dir).catch(async (err: NodeJS.ErrnoException) => {
      // Made meanwhile by another process sharing the disk: theirs is as good.
      await rm(tmp, { recursive: true, force: true });
      if (err.code !== 'ENOTEMPTY' && err.code !== 'EEXIST') throw err;
    });
  } else if (current !== preReceive()) {
    // The API moved (another Node, another install path): the hook follows it.
    const tmp = `${hook}.${process.pid}`;
    await writeFile(tmp, preReceive(), { mode: 0o755 });
    await rename(tmp, hook);
  }
  return dir;
}
