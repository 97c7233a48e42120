import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DiskFileStore } from './disk-store';
import { describeFileStore, failingAfter } from './file-store.testing';

let root: string;
let store: DiskFileStore;
beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'sprout-disk-store-'));
  store = new DiskFileStore(path.join(root, 'files'));
});
afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

/** Every file under `dir`, relative to it. */
async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries.filter((e) => e.isFile()).map((e) => path.relative(dir, path.join(e.parentPath, e.name)));
}

describeFileStore('disk', () => store);

describe('the disk store', () => {
  it('keeps each key in its own file under its root, one directory per segment', async () => {
    await store.put('app-files/ab/abcdef', Buffer.from('x'));
    expect(store.pathOf('app-files/ab/abcdef')).toBe(path.join(root, 'files', 'app-files', 'ab', 'abcdef'));
    expect(await filesUnder(path.join(root, 'files', 'app-files'))).toEqual([path.join('ab', 'abcdef')]);
  });

  it('leaves no temporary file behind, written or failed', async () => {
    await store.put('tests/dd/whole', randomBytes(200_000));
    await expect(store.put('tests/dd/cut', failingAfter(randomBytes(50_000)))).rejects.toThrow();
    expect(await filesUnder(path.join(root, 'files', 'tests', 'dd'))).toEqual(['whole']);
  });
});
