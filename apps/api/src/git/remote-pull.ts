import { pullPlan, REMOTE_DIVERGED_MESSAGE } from '@sprout/core';
import type { PullAnswer } from '@sprout/core/contract';
import { getActiveRun, getProjectRemote, getSproutById, recordRemoteSync, type VersionRow } from '@sprout/db';
import { toVersionDto } from '../chat/dto';
import { RUN_ACTIVE_MESSAGE } from '../chat/messages';
import { AppError } from '../errors';
import type { Services } from '../services';
import { ensureRepo, reposRoot } from './git-repos';
import { isAncestor, versionsFromCommits } from './incoming-commits';
import { fetchRemote } from './remote-git';
import { openRemoteToken, UNREADABLE_TOKEN } from './remote-token';
import { remoteView } from './project-remote';
import { syncRepo } from './repo-sync';

const noRemote = () => new AppError(409, 'no_remote', 'This project is not connected to a remote repository. Connect one first.');
const gone = () => new AppError(404, 'not_found', 'Project not found.');

/** A pull that failed because of the remote (recorded in its status) or because of Sprout (not recorded: it says nothing of the remote). */
type Pulled = { ok: true; versions: VersionRow[]; nothing: boolean } | { ok: false; error: AppError; remoteSaid: boolean };

const failed = (error: AppError, remoteSaid = true): Pulled => ({ ok: false, error, remoteSaid });

/** Fetches the remote's main and, when it builds on the current version, makes each new commit a version. The caller holds the repository. */
async function pullLocked(s: Services, sproutId: string, url: string, token: string): Promise<Pulled> {
  const sprout = await getSproutById(s.db, sproutId);
  if (!sprout || sprout.deletedAt) return failed(gone(), false);
  const dir = await ensureRepo(reposRoot(s.config.dataDir), sproutId);
  const local = await syncRepo(s, sprout, dir);
  const fetched = await fetchRemote(dir, url, token, { allowLoopback: s.config.gitRemoteAllowLoopback });
  if (!fetched.ok) return failed(new AppError(422, 'remote_failed', fetched.message));
  const remote = fetched.head;
  const both = local !== null && remote !== null;
  const plan = pullPlan({
    local,
    remote,
    remoteHasLocal: both && (await isAncestor(dir, {}, local, remote)),
    localHasRemote: both && (await isAncestor(dir, {}, remote, local)),
  });
  if (plan === 'nothing') return { ok: true, versions: [], nothing: true };
  if (plan === 'diverged') return failed(new AppError(409, 'remote_diverged', REMOTE_DIVERGED_MESSAGE));
  const made = await versionsFromCommits(s, { sproutId, dir, env: {}, oldId: local, newId: remote!, via: 'pull' });
  if (made.ok) return { ok: true, versions: made.versions, nothing: false };
  if (made.reason === 'refused') return failed(new AppError(422, 'pull_refused', `Nothing was pulled. ${made.message}`));
  if (made.reason === 'run_active') return failed(new AppError(409, 'run_active', RUN_ACTIVE_MESSAGE), false);
  if (made.reason === 'moved') return failed(new AppError(409, 'version_conflict', 'The project changed while Sprout was pulling. Pull again.'), false);
  return failed(gone(), false);
}

/**
 * "Pull": the remote's new commits on top of the current version become versions, one each, held
 * to a push's rules (incoming-commits.ts), all or none. A remote that is behind or the same brings
 * nothing (and Sprout's newer versions are pushed to it); histories that both moved are reported,
 * and nothing on either side is changed. How it went is kept in the remote's status.
 */
export async function pullRemote(s: Services, sproutId: string): Promise<PullAnswer> {
  const remote = await getProjectRemote(s.db, sproutId);
  if (!remote) throw noRemote();
  if (await getActiveRun(s.db, sproutId)) throw new AppError(409, 'run_active', RUN_ACTIVE_MESSAGE);
  const token = openRemoteToken(s.functions.box, remote);
  const pulled: Pulled =
    token === null
      ? failed(new AppError(422, 'remote_failed', UNREADABLE_TOKEN))
      : await s.repoLocks.hold(sproutId, () => pullLocked(s, sproutId, remote.url, token));
  if (pulled.ok || pulled.remoteSaid) await recordRemoteSync(s.db, sproutId, remote.url, { kind: 'pull', error: pulled.ok ? null : pulled.error.message });
  if (!pulled.ok) throw pulled.error;
  if (pulled.nothing) s.remotes.request(sproutId);
  else s.log.info({ sproutId, versions: pulled.versions.map((v) => v.number) }, 'a pull from a remote made versions');
  const now = await getProjectRemote(s.db, sproutId);
  if (!now) throw noRemote();
  return { versions: pulled.versions.map(toVersionDto), remote: remoteView(now) };
}
