import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DiskFileStore } from './disk-store';
import { readBack } from './file-store.testing';
import { ImmutableCache } from './immutable-cache';

// On the real disk store: bytes removed from the store after a read tell what the cache kept.
let root: string;
let store: DiskFileStore;
beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'sprout-immutable-cache-'));
  store = new DiskFileStore(root);
});
afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

const cacheOf = (maxBytes: number, maxEntryBytes?: number) => new ImmutableCache((key) => readBack(store, key), maxBytes, maxEntryBytes);
const put = async (key: string, size: number) => {
  const bytes = randomBytes(size);
  await store.put(key, bytes);
  return bytes;
};

describe('the cache of immutable files', () => {
  it('serves a file it read from memory, without the store', async () => {
    const cache = cacheOf(1000);
    const bytes = await put('tests/ic/one', 40);
    expect((await cache.get('tests/ic/one'))?.equals(bytes)).toBe(true);
    await store.delete('tests/ic/one');
    expect((await cache.get('tests/ic/one'))?.equals(bytes)).toBe(true);
    expect(cache.usage).toEqual({ entries: 1, bytes: 40 });
  });

  it('holds at most its bytes, letting the least recently read go first', async () => {
    const cache = cacheOf(100, 50);
    const a = await put('tests/ic/a', 40);
    const b = await put('tests/ic/b', 40);
    const c = await put('tests/ic/c', 40);
    await cache.get('tests/ic/a');
    await cache.get('tests/ic/b');
    // `a` read again: `b` is now the least recent, and goes when `c` comes.
    await cache.get('tests/ic/a');
    await cache.get('tests/ic/c');
    expect(cache.usage).toEqual({ entries: 2, bytes: 80 });
    for (const key of ['a', 'b', 'c']) await store.delete(`tests/ic/${key}`);
    expect((await cache.get('tests/ic/a'))?.equals(a)).toBe(true);
    expect((await cache.get('tests/ic/c'))?.equals(c)).toBe(true);
    expect(await cache.get('tests/ic/b')).toBeNull();
    expect(b.length).toBe(40);
  });

  it('reads a file larger than an entry may be every time, keeping the others', async () => {
    const cache = cacheOf(1000, 100);
    const small = await put('tests/ic/small', 50);
    await put('tests/ic/big', 101);
    await cache.get('tests/ic/small');
    expect((await cache.get('tests/ic/big'))?.length).toBe(101);
    await store.delete('tests/ic/big');
    expect(await cache.get('tests/ic/big')).toBeNull();
    expect((await cache.get('tests/ic/small'))?.equals(small)).toBe(true);
  });

  it('shares one read among readers of a key at once, and does not remember a key with nothing under it', async () => {
    const cache = cacheOf(1000);
    await put('tests/ic/hot', 30);
    const [first, second] = await Promise.all([cache.get('tests/ic/hot'), cache.get('tests/ic/hot')]);
    // One read: the very same bytes, not two copies.
    expect(first).not.toBeNull();
    expect(second).toBe(first);

    expect(await cache.get('tests/ic/later')).toBeNull();
    const later = await put('tests/ic/later', 10);
    expect((await cache.get('tests/ic/later'))?.equals(later)).toBe(true);
  });
});
