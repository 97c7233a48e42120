import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../config';

describe('the file store configuration', () => {
  it('is a folder of DATA_DIR on disk unless told otherwise', () => {
    expect(loadConfig({ DATA_DIR: '/srv/sprout' }).fileStore).toEqual({ kind: 'disk', dir: '/srv/sprout/files' });
    expect(loadConfig({ FILE_STORE_DIR: 'elsewhere' }).fileStore).toEqual({ kind: 'disk', dir: path.resolve('elsewhere') });
  });

  it('is a bucket of an S3 API, path-style with an endpoint of its own', () => {
    expect(
      loadConfig({ FILE_STORE: 's3', S3_BUCKET: 'files', S3_ENDPOINT: 'http://minio:9000/', S3_ACCESS_KEY_ID: 'id', S3_SECRET_ACCESS_KEY: 'secret' }).fileStore,
    ).toEqual({
      kind: 's3',
      bucket: 'files',
      endpoint: 'http://minio:9000',
      region: 'us-east-1',
      credentials: { accessKeyId: 'id', secretAccessKey: 'secret' },
      forcePathStyle: true,
    });
    // AWS itself: the SDK's own credentials, virtual-hosted addresses.
    expect(loadConfig({ FILE_STORE: 'S3', S3_BUCKET: 'files', S3_REGION: 'eu-west-1' }).fileStore).toMatchObject({
      endpoint: undefined,
      region: 'eu-west-1',
      credentials: undefined,
      forcePathStyle: false,
    });
  });

  it('refuses to start with an S3 store that could not work', () => {
    for (const env of [
      { FILE_STORE: 's3' },
      { FILE_STORE: 's3', S3_BUCKET: 'b', S3_ACCESS_KEY_ID: 'only-the-id' },
      { FILE_STORE: 's3', S3_BUCKET: 'b', S3_ENDPOINT: 'ftp://x' },
      { FILE_STORE: 'ftp' },
    ]) {
      expect(() => loadConfig(env), JSON.stringify(env)).toThrow(ConfigError);
    }
  });
});
