import { parseRemoteToken, parseRemoteUrl } from '@sprout/core';
import type { RemoteStatus, RemoteView } from '@sprout/core/contract';
import { deleteProjectRemote, getProjectRemote, setProjectRemote, type ProjectRemoteRow, type SproutRow } from '@sprout/db';
import { AppError } from '../errors';
import type { Services } from '../services';
import { checkRemote } from './remote-git';
import { sealRemoteToken } from './remote-token';

/** A remote as shown: its address and how syncing went, never its token. */
export function remoteView(row: ProjectRemoteRow): RemoteView {
  return {
    url: row.url,
    hasToken: row.tokenSealed !== '',
    connectedAt: row.createdAt.toISOString(),
    lastPushedAt: row.lastPushedAt?.toISOString() ?? null,
    lastPulledAt: row.lastPulledAt?.toISOString() ?? null,
    lastError: row.lastError,
  };
}

export async function remoteStatus(s: Services, sproutId: string): Promise<RemoteStatus> {
  const row = await getProjectRemote(s.db, sproutId);
  return { remote: row ? remoteView(row) : null };
}

/**
 * Connects the project to a remote repository (replacing the one it had): the address and token are
 * checked with the remote itself first, so a wrong one is reported at once and nothing is kept;
 * then the token is kept sealed and the project's history pushed. A remote that already has other
 * commits stays connected, its status saying to pull first.
 */
export async function connectRemote(s: Services, sprout: SproutRow, body: { url: string; token?: string }): Promise<RemoteStatus> {
  const opts = { allowLoopback: s.config.gitRemoteAllowLoopback };
  const url = parseRemoteUrl(body.url, opts);
  if (!url.ok) throw new AppError(422, 'invalid_remote', url.message);
  const token = parseRemoteToken(body.token);
  if (!token.ok) throw new AppError(422, 'invalid_remote', token.message);
  const reached = await checkRemote(url.url, token.token, opts);
  if (!reached.ok) throw new AppError(422, 'remote_failed', reached.message);
  await setProjectRemote(s.db, sprout.id, { url: url.url, ...sealRemoteToken(s.functions.box, sprout.id, token.token) });
  s.log.info({ sproutId: sprout.id, host: new URL(url.url).host }, 'a project was connected to a remote');
  await s.remotes.push(sprout.id);
  return remoteStatus(s, sprout.id);
}

/** Disconnects: the remote keeps what it has, Sprout forgets the address and the token. */
export async function disconnectRemote(s: Services, sproutId: string): Promise<void> {
  await deleteProjectRemote(s.db, sproutId);
}
