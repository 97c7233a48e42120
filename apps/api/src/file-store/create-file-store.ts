import type { FileStoreConfig } from './config';
import type { FileStore } from './file-store';

/** The store the configuration names; the S3 client is loaded only when it is the one. */
export async function createFileStore(config: FileStoreConfig): Promise<FileStore> {
  if (config.kind === 's3') {
    const { S3FileStore } = await import('./s3-store');
    return new S3FileStore(config);
  }
  const { DiskFileStore } = await import('./disk-store');
  return new DiskFileStore(config.dir);
}
