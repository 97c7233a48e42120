import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { describe, expect, it } from 'vitest';
import type { FileStore } from './file-store';

// What every file store promises, run against each (disk-store.test.ts, s3-store.test.ts).

/** A stream of `data` in pieces of `piece` bytes, as a request body arrives. */
export function trickle(data: Buffer, piece = 64 * 1024): Readable {
  const pieces: Buffer[] = [];
  for (let at = 0; at < data.length; at += piece) pieces.push(data.subarray(at, at + piece));
  return Readable.from(pieces);
}

/** A stream that sends `data` and then fails, as a client that drops the connection mid-upload. */
export function failingAfter(data: Buffer): Readable {
  return Readable.from(
    (async function* () {
      yield data;
      throw new Error('the client went away');
    })(),
  );
}

export async function readBack(store: FileStore, key: string): Promise<Buffer | null> {
  const found = await store.get(key);
  return found ? buffer(found.stream) : null;
}

export function describeFileStore(name: string, store: () => FileStore) {
  describe(`${name}: what every file store does`, () => {
    it('keeps a buffer and a stream under their keys, with their sizes', async () => {
      const small = Buffer.from('hello');
      const big = randomBytes(3 * 1024 * 1024 + 17);
      expect(await store().put('tests/aa/small', small)).toEqual({ size: 5 });
      expect(await store().put('tests/aa/big', trickle(big))).toEqual({ size: big.length });
      const found = await store().get('tests/aa/big');
      expect(found?.size).toBe(big.length);
      expect((await buffer(found!.stream)).equals(big)).toBe(true);
      expect((await readBack(store(), 'tests/aa/small'))?.toString()).toBe('hello');
    });

    it('replaces what a key held, answers null for a key with nothing, and deletes twice as once', async () => {
      await store().put('tests/bb/one', Buffer.from('first'));
      await store().put('tests/bb/one', Buffer.from('second'));
      expect((await readBack(store(), 'tests/bb/one'))?.toString()).toBe('second');
      await store().delete('tests/bb/one');
      await store().delete('tests/bb/one');
      expect(await store().get('tests/bb/one')).toBeNull();
      expect(await store().get('tests/bb/never')).toBeNull();
    });

    it('keeps nothing of a body that fails part way', async () => {
      await expect(store().put('tests/cc/cut', failingAfter(randomBytes(100_000)))).rejects.toThrow('the client went away');
      expect(await store().get('tests/cc/cut')).toBeNull();
    });

    it('refuses keys that are not its own form before touching anything', async () => {
      for (const key of [
        '../escape',
        'tests/../../etc/passwd',
        '/abs/path',
        'tests\\aa\\x',
        'tests/aa/x.tmp',
        'Tests/aa/x',
        'single',
        'tests//x',
        'tests/aa/',
      ]) {
        await expect(store().put(key, Buffer.from('x')), key).rejects.toThrow(/not a file store key/);
        await expect(store().get(key), key).rejects.toThrow(/not a file store key/);
        await expect(store().delete(key), key).rejects.toThrow(/not a file store key/);
      }
    });
  });
}
