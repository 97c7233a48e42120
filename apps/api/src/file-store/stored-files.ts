import type { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import type { FastifyBaseLogger } from 'fastify';
import {
  dueFileDeletions,
  forgetFileDeletions,
  keepReferencedFiles,
  legacyFileBytes,
  legacyFileIds,
  moveFileToStore,
  newId,
  queuePendingFile,
  storedFileKey,
  type Db,
  type StoredFileTable,
} from '@sprout/db';
import { checkFileKey, type FileStore, type StoredObject } from './file-store';
import { FileMeter, type MeterOptions } from './file-meter';

/** What a key's first segment says it holds (a deployment's keys are made by publishing: `deployments/<id>/<n>`). */
export type FileArea = 'app-files' | 'uploads' | 'screenshots';
const AREA: Record<StoredFileTable, FileArea> = { app_files: 'app-files', uploads: 'uploads' };

/** A new key: random, never from a request, and saying nothing of whose file it is. Two letters fan the keys out over directories. */
function newFileKey(area: FileArea): string {
  const id = newId(24);
  return `${area}/${id.slice(0, 2)}/${id}`;
}

export interface WrittenFile<T> {
  key: string;
  size: number;
  sha256: string;
  /** What the write's `inspect` said of the file. */
  inspected: T;
}

const SWEEP_BATCH = 100;
const PUT_AT_ONCE = 8;

/**
 * The bytes of app files, image uploads, published apps' files and the render check's screenshots
 * (the file store) kept in step with the database, where their rows are. A write queues its key as
 * pending before any byte is stored, and the insert of its row claims it; a deleted row (a trigger,
 * cascades included) queues its key; the sweep removes the bytes of keys that are due and that no
 * row names, now and then and when asked. App files and uploads stored before the file store are
 * moved to it in the background at start-up, or on their first read.
 */
export class StoredFiles {
  private sweeping: Promise<number> | null = null;
  private again = false;
  private timer: NodeJS.Timeout | null = null;
  private background: Promise<void> = Promise.resolve();
  private closed = false;

  constructor(
    readonly store: FileStore,
    private readonly db: Db,
    private readonly log: FastifyBaseLogger,
    /** How long a pending key may wait for its row: longer than any request may take to send its body. */
    private readonly pendingGraceSeconds: number,
  ) {}

  /** Streams `body` into the store under a new key, within `options`; on any failure nothing stays (and the error is the caller's). */
  async write<T>(area: FileArea, body: Readable | Buffer, options: MeterOptions<T>): Promise<WrittenFile<T>> {
    const key = newFileKey(area);
    await queuePendingFile(this.db, key, this.pendingGraceSeconds);
    const meter = new FileMeter(options);
    // Its refusal can come before the store reads from it (a type told from the first bytes while
    // the store opens its file): the store's write still fails with it, as the meter is left errored.
    meter.on('error', () => {});
    if (Buffer.isBuffer(body)) meter.end(body);
    else {
      // Piped, not pipelined: a refused body must not destroy the request, whose socket still carries the answer.
      body.on('error', (err) => meter.destroy(err));
      body.pipe(meter);
    }
    try {
      await this.store.put(key, meter);
    } catch (err) {
      meter.destroy();
      await this.discard(key);
      throw err;
    }
    return { key, size: meter.size, sha256: meter.sha256, inspected: meter.inspected!.value };
  }

  /**
   * Stores `body` under a key the caller names, removed by the sweep `keepSeconds` from now (no row
   * ever claims it): what only lives as long as the work that wrote it (a run's candidate).
   */
  async putExpiring(key: string, body: Buffer, keepSeconds: number): Promise<void> {
    await queuePendingFile(this.db, checkFileKey(key), keepSeconds);
    await this.store.put(key, body);
  }

  /**
   * Stores each body under the key the caller made for it (a deployment's files), pending until the
   * transaction that inserts their rows claims them (`forgetFileDeletions`): a process that stops
   * in between leaves them to the sweep. All or nothing: when one write fails, the others are removed.
   */
  async putPending(entries: { key: string; body: Uint8Array }[]): Promise<void> {
    const keys = entries.map((e) => checkFileKey(e.key));
    await queuePendingFile(this.db, keys, this.pendingGraceSeconds);
    // A few at a time: a build is a handful of files, and an S3 store answers each after a round trip.
    // Each batch is waited for whole, failed or not: a write still going after the removal would
    // leave bytes behind under a key no longer queued.
    for (let i = 0; i < entries.length; i += PUT_AT_ONCE) {
      const batch = entries.slice(i, i + PUT_AT_ONCE);
      const settled = await Promise.allSettled(batch.map((e) => this.store.put(e.key, Buffer.from(e.body.buffer, e.body.byteOffset, e.body.byteLength))));
      const failed = settled.find((r) => r.status === 'rejected');
      if (failed) {
        await this.discard(keys);
        throw failed.reason;
      }
    }
  }

  /** The bytes under `key` as a stream; null when they are missing. */
  open(key: string): Promise<StoredObject | null> {
    return this.store.get(key);
  }

  /** The bytes under `key` in memory (a model needs an image whole); null when they are missing. */
  async readAll(key: string): Promise<Buffer | null> {
    const found = await this.store.get(key);
    return found ? buffer(found.stream) : null;
  }

  /** Removes bytes no row will claim (a refused or failed write) now; if that fails, the sweep does it later. */
  async discard(key: string | readonly string[]): Promise<void> {
    const keys = typeof key === 'string' ? [key] : [...key];
    try {
      for (const k of keys) await this.store.delete(k);
      await forgetFileDeletions(this.db, keys);
    } catch (err) {
      this.log.warn({ err, keys: keys.slice(0, 20) }, 'file store: bytes left for the sweep');
    }
  }

  /**
   * The key a row's bytes are under: `storageKey` when it has one, else the row's bytes are moved
   * from the database to the store first (a file stored before the file store, read before the
   * start-up move reached it). Null: the row is gone.
   */
  async keyOf(table: StoredFileTable, id: string, storageKey: string | null): Promise<string | null> {
    if (storageKey) return storageKey;
    await this.moveLegacy(table, id);
    return storedFileKey(this.db, table, id);
  }

  /** Moves one row's bytes from the database to the store (if they are still there). */
  async moveLegacy(table: StoredFileTable, id: string): Promise<void> {
    const data = await legacyFileBytes(this.db, table, id);
    if (!data) return;
    const bytes = Buffer.from(data.buffer, data.byteOffset, data.byteLength);
    const written = await this.write(AREA[table], bytes, { inspect: () => null, maxBytes: Number.POSITIVE_INFINITY, tooLarge: () => new Error('unreachable') });
    if (!(await moveFileToStore(this.db, table, id, written.key))) await this.discard(written.key);
  }

  /** Moves every row stored before the file store, a few at a time; returns how many. */
  async moveAllLegacy(): Promise<number> {
    let moved = 0;
    for (const table of Object.keys(AREA) as StoredFileTable[]) {
      for (;;) {
        const ids = await legacyFileIds(this.db, table, 20);
        if (ids.length === 0 || this.closed) break;
        for (const id of ids) await this.moveLegacy(table, id);
        moved += ids.length;
      }
    }
    return moved;
  }

  /**
   * Removes the bytes of due keys no row names, and takes the named ones off the queue; returns how
   * many were removed. One sweep at a time per instance; asked during one, another follows it.
   * Instances may sweep at once: deleting bytes twice is deleting them once.
   */
  sweep(): Promise<number> {
    if (this.sweeping) {
      this.again = true;
      return this.sweeping;
    }
    const run = async (): Promise<number> => {
      let removed = 0;
      do {
        this.again = false;
        for (;;) {
          const due = await dueFileDeletions(this.db, SWEEP_BATCH);
          const gone = due.filter((d) => !d.referenced).map((d) => d.key);
          for (const key of gone) await this.store.delete(key);
          await forgetFileDeletions(this.db, gone);
          await keepReferencedFiles(
            this.db,
            due.filter((d) => d.referenced).map((d) => d.key),
          );
          removed += gone.length;
          if (due.length < SWEEP_BATCH) break;
        }
      } while (this.again);
      return removed;
    };
    this.sweeping = run().finally(() => {
      this.sweeping = null;
    });
    return this.sweeping;
  }

  /** A sweep now, in the background (after a deletion): failures are logged, and the next one retries. */
  sweepSoon(): void {
    if (this.closed) return;
    this.sweep().catch((err: unknown) => this.log.warn({ err }, 'file store: sweep failed'));
  }

  /** At start-up: rows stored before the file store are moved, then the queue is swept, and swept again every `everyMs`. */
  start(everyMs: number): void {
    this.background = (async () => {
      try {
        const moved = await this.moveAllLegacy();
        if (moved)
          this.log.info({ moved, event: 'files_moved_to_store' }, `moved ${moved} files from the database to the file store (${this.store.description})`);
      } catch (err) {
        this.log.error({ err }, 'file store: moving files from the database failed; the rest move on their first read, or at the next start');
      }
      await this.sweep().catch((err: unknown) => this.log.warn({ err }, 'file store: sweep failed'));
    })();
    this.timer = setInterval(() => this.sweepSoon(), everyMs);
    this.timer.unref();
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.timer) clearInterval(this.timer);
    await this.background;
    await this.sweeping?.catch(() => {});
    await this.store.close();
  }
}
