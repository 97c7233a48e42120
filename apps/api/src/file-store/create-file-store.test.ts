import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createFileStore } from './create-file-store';

describe('createFileStore', () => {
  it('makes the store the configuration names, without reaching it', async () => {
    const disk = await createFileStore({ kind: 'disk', dir: 'relative/files' });
    expect(disk.description).toBe(`disk ${path.resolve('relative/files')}`);
    const s3 = await createFileStore({
      kind: 's3',
      bucket: 'sprout-files',
      endpoint: 'http://127.0.0.1:9',
      region: 'us-east-1',
      credentials: undefined,
      forcePathStyle: true,
    });
    expect(s3.description).toContain('sprout-files');
    await Promise.all([disk.close(), s3.close()]);
  });
});
