/**
 * Bytes of the file store that never change under their key (a published app's files: a deployment
 * is written once and removed whole, never rewritten), kept in memory so a visited page is not a
 * store read per request. Bounded by bytes, the least recently read going first; a file larger than
 * `maxEntryBytes` is read each time rather than pushing everything else out. Readers of a key
 * asked for at once share one read. A key with nothing under it is not remembered.
 */
export class ImmutableCache {
  private readonly entries = new Map<string, Buffer>();
  private readonly reading = new Map<string, Promise<Buffer | null>>();
  private held = 0;

  constructor(
    private readonly read: (key: string) => Promise<Buffer | null>,
    private readonly maxBytes: number,
    private readonly maxEntryBytes = Math.floor(maxBytes / 8),
  ) {}

  /** The bytes under `key`, from memory when they are there; null when the store has none. */
  get(key: string): Promise<Buffer | null> {
    const hit = this.entries.get(key);
    if (hit) {
      // Read again: the most recent now (a Map keeps insertion order, the first being the next to go).
      this.entries.delete(key);
      this.entries.set(key, hit);
      return Promise.resolve(hit);
    }
    const under = this.reading.get(key);
    if (under) return under;
    const pending = this.read(key)
      .then((bytes) => {
        if (bytes) this.keep(key, bytes);
        return bytes;
      })
      .finally(() => this.reading.delete(key));
    this.reading.set(key, pending);
    return pending;
  }

  /** What it holds now: for tests and the logs. */
  get usage(): { entries: number; bytes: number } {
    return { entries: this.entries.size, bytes: this.held };
  }

  private keep(key: string, bytes: Buffer): void {
    if (bytes.length > this.maxEntryBytes || this.entries.has(key)) return;
    this.entries.set(key, bytes);
    this.held += bytes.length;
    for (const [oldest, value] of this.entries) {
      if (this.held <= this.maxBytes) break;
      this.entries.delete(oldest);
      this.held -= value.length;
    }
  }
}
