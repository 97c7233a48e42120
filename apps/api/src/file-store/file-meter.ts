import { createHash } from 'node:crypto';
import { Transform, type TransformCallback } from 'node:stream';

/** The bytes a file's type is told from (the app file sniffer reads 4 KB of text; image signatures need 12). */
export const HEAD_BYTES = 4096;

export interface MeterOptions<T> {
  /**
   * Says what the file is from its first bytes (HEAD_BYTES, or the whole file when shorter; empty for
   * an empty body), or throws to refuse it: before a byte has gone on to the store.
   */
  inspect: (head: Buffer) => T;
  /** Past this many bytes the body is refused with `tooLarge()`; the rest of it is not read. */
  maxBytes: number;
  tooLarge: () => Error;
}

/**
 * A file's bytes on their way to the store, passed on as they come: held back only until its type is
 * known, counted against its limit, and hashed. Errors (refused, too large) end the stream with the
 * error the caller gave, which the store's write then fails with.
 */
export class FileMeter<T> extends Transform {
  size = 0;
  /** What `inspect` said, once it has run. */
  inspected: { value: T } | null = null;
  private readonly hash = createHash('sha256');
  private head: Buffer[] = [];
  private headLength = 0;

  constructor(private readonly options: MeterOptions<T>) {
    super();
  }

  get sha256(): string {
    return this.hash.copy().digest('hex');
  }

  override _transform(chunk: Buffer, _enc: BufferEncoding, done: TransformCallback): void {
    this.size += chunk.length;
    if (this.size > this.options.maxBytes) return done(this.options.tooLarge());
    this.hash.update(chunk);
    if (this.inspected) return done(null, chunk);
    this.head.push(chunk);
    this.headLength += chunk.length;
    if (this.headLength < HEAD_BYTES) return done();
    this.release(done);
  }

  override _flush(done: TransformCallback): void {
    if (this.inspected) return done();
    this.release(done);
  }

  private release(done: TransformCallback): void {
    const held = Buffer.concat(this.head, this.headLength);
    this.head = [];
    try {
      this.inspected = { value: this.options.inspect(held.subarray(0, HEAD_BYTES)) };
    } catch (err) {
      return done(err as Error);
    }
    done(null, held);
  }
}
