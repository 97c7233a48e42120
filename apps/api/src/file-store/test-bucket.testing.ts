import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import S3rver from 's3rver';

// A real S3 API on 127.0.0.1 (s3rver, on a folder of its own) for a test file's apps to share, as
// API instances share a bucket in production; listed by the AWS SDK's own client.

export interface TestBucket {
  /** The file store settings of an app on this bucket. */
  env: Record<string, string>;
  /** Every key in the bucket under `prefix`, sorted. */
  keys(prefix: string): Promise<string[]>;
  close(): Promise<void>;
}

const BUCKET = 'sprout-test';

/** Starts a bucket of its own (declare it before the apps that use its `env`); `close` stops it and removes its folder. */
export async function startTestBucket(): Promise<TestBucket> {
  const dir = await mkdtemp(path.join(tmpdir(), 'sprout-s3rver-'));
  const server = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory: dir, configureBuckets: [{ name: BUCKET }] });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  const client = new S3Client({ region: 'us-east-1', endpoint, forcePathStyle: true, credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' } });
  return {
    env: { FILE_STORE: 's3', S3_BUCKET: BUCKET, S3_ENDPOINT: endpoint, S3_ACCESS_KEY_ID: 'S3RVER', S3_SECRET_ACCESS_KEY: 'S3RVER' },
    async keys(prefix) {
      const keys: string[] = [];
      let token: string | undefined;
      do {
        const page = await client.send(new ListObjectsV2Command({ Bucket: BUCKET, Prefix: prefix, ContinuationToken: token }));
        for (const o of page.Contents ?? []) if (o.Key) keys.push(o.Key);
        token = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (token);
      return keys.sort();
    },
    async close() {
      client.destroy();
      await server.close();
      await rm(dir, { recursive: true, force: true });
    },
  };
}
