import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';

export interface ObjectStore {
  /** The file store settings every instance behind the balancer shares. */
  env: Record<string, string>;
  close(): Promise<void>;
}

/** An S3 API on 127.0.0.1 (s3rver, on a folder of its own), as several instances share one in production. */
export async function startObjectStore(): Promise<ObjectStore> {
  const dir = await mkdtemp(path.join(tmpdir(), 'sprout-s3-'));
  const server = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory: dir, configureBuckets: [{ name: 'sprout' }] });
  const { port } = await server.run();
  return {
    env: {
      FILE_STORE: 's3',
      S3_BUCKET: 'sprout',
      S3_ENDPOINT: `http://127.0.0.1:${port}`,
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
    },
    async close() {
      await server.close();
      await rm(dir, { recursive: true, force: true });
    },
  };
}
