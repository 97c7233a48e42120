import type { Readable } from 'node:stream';

/**
 * Where the bytes of files live (app files, the builder's image uploads, published apps' files,
 * the render check's screenshots, runs' candidates), out of the database's request path: a 5 MB value read or written through the embedded database held the API's one
 * thread for seconds. The database keeps each file's metadata and its key; the store keeps bytes
 * under keys the API makes itself (`newFileKey`), never from anything a caller sent.
 */
export interface FileStore {
  /** What it is, for the logs: `disk /data/files`, `s3 bucket`. */
  readonly description: string;
  /** Writes `body` under `key` whole or not at all (a failed or cut-off body leaves nothing); resolves with its size. */
  put(key: string, body: Readable | Buffer): Promise<{ size: number }>;
  /** The bytes under `key` as a stream, with their size; null when there are none. */
  get(key: string): Promise<StoredObject | null>;
  /** Removes the bytes under `key`; nothing there is not an error (deleting twice is deleting once). */
  delete(key: string): Promise<void>;
  close(): Promise<void>;
}

export interface StoredObject {
  stream: Readable;
  size: number;
}

// Lower-case letters, digits and hyphens, in two to four segments: no dots (so no `..`), no
// backslashes, no leading slash. Both stores refuse any other key before touching anything.
const KEY = /^[a-z0-9][a-z0-9-]{0,63}(?:\/[a-z0-9][a-z0-9-]{0,63}){1,3}$/;

class InvalidFileKeyError extends Error {
  override name = 'InvalidFileKeyError';
}

export function checkFileKey(key: string): string {
  if (!KEY.test(key)) throw new InvalidFileKeyError(`not a file store key: ${JSON.stringify(key.slice(0, 100))}`);
  return key;
}
