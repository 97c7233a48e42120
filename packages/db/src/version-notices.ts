import type { DbHandle, Executor } from './create-db';
import { createPgListener, notifyChannel, type ChannelListener } from './listener';

/** Where every new version is announced, by its project's id. */
export const VERSIONS_CHANNEL = 'sprout_versions';

/**
 * Announces a new version of `sproutId` inside the transaction that makes it: PostgreSQL (and
 * PGlite) deliver the notice once that transaction commits, and never when it rolls back, so a
 * listener hears of every version that exists, from whichever process made it, and of no other.
 */
export async function announceVersion(tx: Executor, sproutId: string): Promise<void> {
  await notifyChannel(tx, VERSIONS_CHANNEL, sproutId);
}

export interface VersionNotices {
  close(): Promise<void>;
}

/**
 * Calls `onVersion` with the project of each new version: on PostgreSQL over `shared` (a listening
 * connection the process already holds: each connection counts against the server's limit) or a
 * connection of its own (`listenUrl`); `reconnect` is told when it was lost, as notices may have
 * been missed. On PGlite inside this process.
 */
export async function listenForVersions(
  handle: DbHandle,
  on: { version(sproutId: string): void; reconnect(): void; error(err: Error): void },
  shared?: ChannelListener | null,
): Promise<VersionNotices> {
  if (handle.kind === 'postgres' && handle.listenUrl) {
    if (shared) {
      // A shared connection is closed by its owner: here the notices are only no longer handed on.
      let open = true;
      shared.onReconnect(() => open && on.reconnect());
      await shared.listen(VERSIONS_CHANNEL, (id) => open && on.version(id));
      return {
        close: async () => {
          open = false;
        },
      };
    }
    const listener = createPgListener(handle.listenUrl, { onError: on.error });
    listener.onReconnect(on.reconnect);
    await listener.listen(VERSIONS_CHANNEL, on.version);
    return { close: () => listener.close() };
  }
  if (!handle.listen) throw new Error('This database cannot announce new versions.');
  const stop = await handle.listen(VERSIONS_CHANNEL, on.version);
  return { close: stop };
}
