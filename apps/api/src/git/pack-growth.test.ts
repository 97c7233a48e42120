import { mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { watchPackGrowth } from './pack-growth';

let gitDir: string;
let pack: string;
beforeEach(async () => {
  gitDir = await mkdtemp(path.join(tmpdir(), 'sprout-pack-growth-'));
  pack = path.join(gitDir, 'objects', 'pack');
  await mkdir(pack, { recursive: true });
  await writeFile(path.join(pack, 'pack-old.pack'), Buffer.alloc(5000));
});
afterEach(async () => {
  await rm(gitDir, { recursive: true, force: true });
});

describe('watchPackGrowth', () => {
  it('stops once the folder grew past the limit (what was there before not counted), and discards only what came since', async () => {
    let stops = 0;
    const watch = await watchPackGrowth(gitDir, 1000, () => stops++);
    await writeFile(path.join(pack, 'tmp_pack_a1'), Buffer.alloc(600));
    expect(await watch.exceeded()).toBe(false);
    await writeFile(path.join(pack, 'tmp_pack_a1'), Buffer.alloc(1500));
    expect(await watch.exceeded()).toBe(true);
    // Told once, by its own measure.
    await vi.waitFor(() => expect(stops).toBe(1), { timeout: 10_000 });
    await watch.end(true);
    expect(await readdir(pack)).toEqual(['pack-old.pack']);
    expect(stops).toBe(1);
  });

  it('keeps what came when not told to discard it', async () => {
    const watch = await watchPackGrowth(gitDir, 1000, () => undefined);
    await writeFile(path.join(pack, 'pack-new.pack'), Buffer.alloc(100));
    await watch.end(false);
    expect((await readdir(pack)).sort()).toEqual(['pack-new.pack', 'pack-old.pack']);
  });
});
