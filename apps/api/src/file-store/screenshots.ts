import { getScreenshot, putScreenshot, type Db } from '@sprout/db';
import type { StoredFiles } from './stored-files';

const KEEP_ANY_JPEG = { inspect: () => null, maxBytes: Number.POSITIVE_INFINITY, tooLarge: () => new Error('unreachable') };

/**
 * The render check's screenshots (a version's or an attempt's picture, the project list's
 * thumbnail): their bytes in the file store every instance shares, their row naming the key, so
 * any instance shows a picture whichever one checked the candidate. Removed with their project
 * (the row's trigger queues the key for the sweep).
 */
export class Screenshots {
  constructor(
    private readonly files: StoredFiles,
    private readonly db: Db,
  ) {}

  /** Keeps a screenshot under the id its build was made for: the bytes first, then the row that claims them. The first kept under an id stays. */
  async keep(input: { id: string; sproutId: string; image: Uint8Array }): Promise<void> {
    const bytes = Buffer.from(input.image.buffer, input.image.byteOffset, input.image.byteLength);
    const { key } = await this.files.write('screenshots', bytes, KEEP_ANY_JPEG);
    let kept = false;
    try {
      kept = await putScreenshot(this.db, { id: input.id, sproutId: input.sproutId, storageKey: key });
    } finally {
      if (!kept) await this.files.discard(key);
    }
  }

  /** The JPEG under `id` of the project: from the store, or from its row when it was taken before the store kept them; null when there is none. */
  async read(sproutId: string, id: string): Promise<Uint8Array | null> {
    const row = await getScreenshot(this.db, sproutId, id);
    if (!row) return null;
    return row.storageKey ? this.files.readAll(row.storageKey) : row.image;
  }
}
