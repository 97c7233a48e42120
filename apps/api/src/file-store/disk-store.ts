import { randomBytes } from 'node:crypto';
import { mkdir, open, rename, rm, unlink } from 'node:fs/promises';
import path from 'node:path';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { checkFileKey, type FileStore, type StoredObject } from './file-store';

/**
 * Files on the local disk under one directory (`FILE_STORE_DIR`, by default `DATA_DIR/files`): the
 * single-instance default. A write goes to a temporary file beside its target, is flushed to the
 * disk, then renamed over it, so a reader sees the whole file or none, and a crash leaves at worst a
 * `.tmp` file (which no key can name).
 */
export class DiskFileStore implements FileStore {
  readonly root: string;
  readonly description: string;

  constructor(root: string) {
    this.root = path.resolve(root);
    this.description = `disk ${this.root}`;
  }

  /** The file of a key: checked by its form, and again by where it resolves to. */
  pathOf(key: string): string {
    const file = path.resolve(this.root, ...checkFileKey(key).split('/'));
    const inside = path.relative(this.root, file);
    if (!inside || inside.startsWith('..') || path.isAbsolute(inside)) throw new Error(`file store key resolves outside the store: ${key}`);
    return file;
  }

  async put(key: string, body: Readable | Buffer): Promise<{ size: number }> {
    const file = this.pathOf(key);
    await mkdir(path.dirname(file), { recursive: true });
    const temp = `${file}.${randomBytes(6).toString('hex')}.tmp`;
    let size = 0;
    const counter = new Transform({
      transform(chunk: Buffer, _enc, done) {
        size += chunk.length;
        done(null, chunk);
      },
    });
    // Opened before the body flows, so a body that fails at once cannot have it created after the rm below.
    const handle = await open(temp, 'wx');
    // flush: on the disk before it has its name, so after a crash the key names the whole file or nothing.
    const out = handle.createWriteStream({ flush: true });
    try {
      await pipeline(Buffer.isBuffer(body) ? Readable.from([body]) : body, counter, out);
      await rename(temp, file);
    } catch (err) {
      // Closed first (its error is the body's, thrown below), so the rm is not undone by a late write.
      if (!out.closed) await new Promise<void>((resolve) => out.once('close', () => resolve()));
      await rm(temp, { force: true });
      throw err;
    }
    await syncDirectory(path.dirname(file));
    return { size };
  }

  async get(key: string): Promise<StoredObject | null> {
    const file = this.pathOf(key);
    // Opened first, then measured: the size is that of the file the stream reads, even if it is replaced meanwhile.
    const handle = await open(file, 'r').catch((err: NodeJS.ErrnoException) => {
      if (err.code === 'ENOENT') return null;
      throw err;
    });
    if (!handle) return null;
    try {
      const { size } = await handle.stat();
      return { size, stream: handle.createReadStream({ autoClose: true }) };
    } catch (err) {
      await handle.close();
      throw err;
    }
  }

  async delete(key: string): Promise<void> {
    await unlink(this.pathOf(key)).catch((err: NodeJS.ErrnoException) => {
      if (err.code !== 'ENOENT') throw err;
    });
  }

  async close(): Promise<void> {}
}

/** The rename itself survives a crash only once its directory is flushed too (where the platform allows it). */
async function syncDirectory(dir: string): Promise<void> {
  const handle = await open(dir, 'r').catch(() => null);
  if (!handle) return;
  try {
    await handle.sync();
  } catch {
    // Some file systems refuse fsync on a directory; the file itself is already on the disk.
  } finally {
    await handle.close();
  }
}
