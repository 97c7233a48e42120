import { EventEmitter } from 'node:events';
import { createPgListener, notifyChannel, type ChannelListener, type DbHandle } from '@sprout/db';

const APP_DATA_CHANNEL = 'sprout_app_data';

export interface AppChange {
  sproutId: string;
  dataset: string;
  collection: string;
  /** `reset`: every document of the collection is gone (the owner reset the test data). */
  op: 'add' | 'update' | 'remove' | 'reset';
  id: string;
  /** Who made the document: a stream tells a removal only to those who could read it. */
  createdBy: string;
}

const keyOf = (c: { sproutId: string; dataset: string; collection: string }) => `${c.sproutId}:${c.dataset}:${c.collection}`;

/**
 * Tells an app's open event streams that a document changed. With PostgreSQL the change travels by
 * NOTIFY (every API instance's streams hear it, whichever instance wrote); on PGlite (one process)
 * it stays in the process. The payload names the document, never its data: each stream reads it
 * under its own visitor's rules.
 */
export class AppChanges {
  private readonly local = new EventEmitter();
  private listener: ChannelListener | null = null;

  private constructor(private readonly handle: DbHandle) {
    this.local.setMaxListeners(0);
  }

  static async start(handle: DbHandle, onError: (err: Error) => void): Promise<AppChanges> {
    const changes = new AppChanges(handle);
    if (handle.kind === 'postgres' && handle.listenUrl) {
      changes.listener = createPgListener(handle.listenUrl, { onError });
      await changes.listener.listen(APP_DATA_CHANNEL, (payload) => changes.deliver(payload));
    }
    return changes;
  }

  private deliver(payload: string): void {
    try {
      const change = JSON.parse(payload) as AppChange;
      this.local.emit(keyOf(change), change);
    } catch {
      /* not ours */
    }
  }

  async publish(change: AppChange): Promise<void> {
    if (this.listener) await notifyChannel(this.handle.db, APP_DATA_CHANNEL, JSON.stringify(change));
    else this.local.emit(keyOf(change), change);
  }

  /**
   * The process's listening connection for data notices (PostgreSQL; null on PGlite), shared with the
   * notices of new versions (git/remote-pushes.ts): each connection counts against the server's limit.
   */
  get channel(): ChannelListener | null {
    return this.listener;
  }

  subscribe(scope: { sproutId: string; dataset: string; collection: string }, onChange: (change: AppChange) => void): () => void {
    const key = keyOf(scope);
    this.local.on(key, onChange);
    return () => this.local.off(key, onChange);
  }

  async close(): Promise<void> {
    await this.listener?.close();
  }
}
