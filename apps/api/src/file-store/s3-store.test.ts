import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PART_BYTES, S3FileStore } from './s3-store';
import { describeFileStore, failingAfter, readBack, trickle } from './file-store.testing';

// A real S3 API on 127.0.0.1 (s3rver, on a folder of its own), spoken to by the AWS SDK's own client.
let dir: string;
let server: S3rver;
let store: S3FileStore;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'sprout-s3rver-'));
  server = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory: dir, configureBuckets: [{ name: 'sprout-files' }] });
  const { port } = await server.run();
  store = new S3FileStore({
    kind: 's3',
    bucket: 'sprout-files',
    endpoint: `http://127.0.0.1:${port}`,
    region: 'us-east-1',
    credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
    forcePathStyle: true,
  });
});
afterAll(async () => {
  await store?.close();
  await server?.close();
  await rm(dir, { recursive: true, force: true });
});

describeFileStore('s3', () => store);

describe('the S3 store', () => {
  it('sends a body longer than a part in parts, read a part at a time', async () => {
    const data = randomBytes(2 * PART_BYTES + 12_345);
    expect(await store.put('tests/ee/parts', trickle(data))).toEqual({ size: data.length });
    expect((await readBack(store, 'tests/ee/parts'))?.equals(data)).toBe(true);
    // A body of exactly one part, and an empty one.
    const one = randomBytes(PART_BYTES);
    expect(await store.put('tests/ee/one', trickle(one))).toEqual({ size: PART_BYTES });
    expect((await readBack(store, 'tests/ee/one'))?.equals(one)).toBe(true);
    expect(await store.put('tests/ee/empty', trickle(Buffer.alloc(0)))).toEqual({ size: 0 });
    expect((await store.get('tests/ee/empty'))?.size).toBe(0);
  });

  it('keeps nothing of a multipart body that fails after its first part', async () => {
    await expect(store.put('tests/ee/cut', failingAfter(randomBytes(PART_BYTES + 1000)))).rejects.toThrow('the client went away');
    expect(await store.get('tests/ee/cut')).toBeNull();
  });
});
