import path from 'node:path';
import { z } from 'zod';

// The file store's part of the API's configuration (config.ts parses it with the rest).
const optional = z
  .string()
  .trim()
  .transform((s) => (s === '' ? undefined : s))
  .optional();

export const FILE_STORE_ENV = {
  // Where app files, image uploads, published apps' files and screenshots keep their bytes: `disk` (one instance) or `s3` (any S3 API; several instances).
  FILE_STORE: z.preprocess((v) => (typeof v === 'string' ? v.trim().toLowerCase() : v), z.enum(['disk', 's3']).default('disk')),
  // The disk store's directory; default DATA_DIR/files.
  FILE_STORE_DIR: optional,
  S3_BUCKET: optional,
  // Another S3 API than AWS (MinIO, R2, Ceph…); unset → AWS in S3_REGION.
  S3_ENDPOINT: optional.pipe(z.url({ protocol: /^https?$/ }).optional()),
  S3_REGION: z.string().trim().min(1).default('us-east-1'),
  // Both or neither; neither → the SDK's own chain (AWS_* variables, the instance's role).
  S3_ACCESS_KEY_ID: optional,
  S3_SECRET_ACCESS_KEY: optional,
  // Addresses as endpoint/bucket/key instead of bucket.endpoint/key; default on with S3_ENDPOINT.
  S3_FORCE_PATH_STYLE: z.enum(['true', 'false']).optional(),
};

type Env = z.infer<z.ZodObject<typeof FILE_STORE_ENV>> & { DATA_DIR: string };

export interface S3StoreConfig {
  kind: 's3';
  bucket: string;
  endpoint: string | undefined;
  region: string;
  credentials: { accessKeyId: string; secretAccessKey: string } | undefined;
  forcePathStyle: boolean;
}

export type FileStoreConfig = { kind: 'disk'; dir: string } | S3StoreConfig;

/** Refuses a start whose S3 store could not work (config.ts runs it on the whole environment). */
export function checkFileStoreEnv(e: Omit<Env, 'DATA_DIR'>, ctx: z.RefinementCtx): void {
  if (e.FILE_STORE !== 's3') return;
  if (!e.S3_BUCKET) ctx.addIssue({ code: 'custom', path: ['S3_BUCKET'], message: 'FILE_STORE=s3 needs a bucket.' });
  if (!e.S3_ACCESS_KEY_ID !== !e.S3_SECRET_ACCESS_KEY)
    ctx.addIssue({ code: 'custom', path: ['S3_SECRET_ACCESS_KEY'], message: 'S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together: set both, or neither.' });
}

/** The store to use (the environment already passed checkFileStoreEnv). */
export function fileStoreConfig(e: Env): FileStoreConfig {
  if (e.FILE_STORE === 'disk') return { kind: 'disk', dir: path.resolve(e.FILE_STORE_DIR ?? path.join(e.DATA_DIR, 'files')) };
  return {
    kind: 's3',
    bucket: e.S3_BUCKET ?? '',
    endpoint: e.S3_ENDPOINT?.replace(/\/$/, ''),
    region: e.S3_REGION,
    credentials: e.S3_ACCESS_KEY_ID && e.S3_SECRET_ACCESS_KEY ? { accessKeyId: e.S3_ACCESS_KEY_ID, secretAccessKey: e.S3_SECRET_ACCESS_KEY } : undefined,
    forcePathStyle: e.S3_FORCE_PATH_STYLE ? e.S3_FORCE_PATH_STYLE === 'true' : e.S3_ENDPOINT !== undefined,
  };
}
