import { readdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';

/** How often a fetch's incoming pack is measured. */
const EVERY_MS = 100;

async function packFiles(dir: string): Promise<Map<string, number>> {
  const names = await readdir(dir).catch(() => [] as string[]);
  const sizes = await Promise.all(
    names.map((n) =>
      stat(path.join(dir, n)).then(
        (s) => s.size,
        () => 0,
      ),
    ),
  );
  return new Map(names.map((n, i) => [n, sizes[i]!]));
}

const total = (files: Map<string, number>) => [...files.values()].reduce((a, b) => a + b, 0);

export interface PackGrowth {
  /** Whether the pack folder grew by more than the limit, measured now. */
  exceeded(): Promise<boolean>;
  /** Stops watching; with `discard`, removes what the fetch wrote to the pack folder (whole or half written). */
  end(discard: boolean): Promise<void>;
}

/**
 * Watches what a fetch writes into the repository at `gitDir` (its pack folder: the fetch keeps
 * what it receives as a pack, `fetch.unpackLimit=1`) and calls `stop` once that grew by more than
 * `maxBytes`. Git itself puts no limit on what a fetch takes: a remote could send gigabytes. The
 * caller holds the repository, so every new file in the folder is the fetch's.
 */
export async function watchPackGrowth(gitDir: string, maxBytes: number, stop: () => void): Promise<PackGrowth> {
  const dir = path.join(gitDir, 'objects', 'pack');
  const before = await packFiles(dir);
  const exceeded = async () => total(await packFiles(dir)) - total(before) > maxBytes;
  let stopped = false;
  let measuring = false;
  const timer = setInterval(() => {
    if (measuring || stopped) return;
    measuring = true;
    void exceeded().then((over) => {
      measuring = false;
      if (over && !stopped) {
        stopped = true;
        stop();
      }
    });
  }, EVERY_MS);
  return {
    exceeded,
    async end(discard) {
      clearInterval(timer);
      if (!discard) return;
      const added = [...(await packFiles(dir)).keys()].filter((n) => !before.has(n));
      await Promise.all(added.map((n) => rm(path.join(dir, n), { force: true })));
    },
  };
}
