import { Readable } from 'node:stream';
import {
  AbortMultipartUploadCommand,
  CompleteMultipartUploadCommand,
  CreateMultipartUploadCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  PutObjectCommand,
  S3Client,
  UploadPartCommand,
} from '@aws-sdk/client-s3';
import type { S3StoreConfig } from './config';
import { checkFileKey, type FileStore, type StoredObject } from './file-store';

/** Bodies up to this size are one PutObject; longer ones go up in parts of it (S3's least part is 5 MB). */
export const PART_BYTES = 8 * 1024 * 1024;

/**
 * Files in a bucket of any S3 API (`FILE_STORE=s3`): what several API instances share. A body of
 * unknown length (an upload streamed as it arrives) is read a part at a time, so at most one part
 * is held in memory, and goes up whole or not at all (a failed multipart upload is aborted).
 */
export class S3FileStore implements FileStore {
  readonly description: string;
  private readonly client: S3Client;
  private readonly bucket: string;

  constructor(config: S3StoreConfig) {
    this.bucket = config.bucket;
    this.description = `s3 ${config.bucket}${config.endpoint ? ` at ${config.endpoint}` : ` in ${config.region}`}`;
    this.client = new S3Client({
      region: config.region,
      endpoint: config.endpoint,
      forcePathStyle: config.forcePathStyle,
      credentials: config.credentials,
      // Checksums only where S3 requires them: several S3-compatible servers refuse the newer
      // checksum headers, and TLS already guards the bytes in transit.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });
  }

  async put(key: string, body: Readable | Buffer): Promise<{ size: number }> {
    const Key = checkFileKey(key);
    if (Buffer.isBuffer(body) && body.length <= PART_BYTES) {
      await this.client.send(new PutObjectCommand({ Bucket: this.bucket, Key, Body: body, ContentLength: body.length }));
      return { size: body.length };
    }
    const parts = readParts(Buffer.isBuffer(body) ? Readable.from([body]) : body);
    const first = await parts.next();
    const firstPart = first.done ? Buffer.alloc(0) : first.value;
    if (firstPart.length < PART_BYTES) {
      await this.client.send(new PutObjectCommand({ Bucket: this.bucket, Key, Body: firstPart, ContentLength: firstPart.length }));
      return { size: firstPart.length };
    }
    return this.putInParts(Key, firstPart, parts);
  }

  private async putInParts(Key: string, firstPart: Buffer, rest: AsyncGenerator<Buffer>): Promise<{ size: number }> {
    const { UploadId } = await this.client.send(new CreateMultipartUploadCommand({ Bucket: this.bucket, Key }));
    const done: { ETag: string | undefined; PartNumber: number }[] = [];
    let size = 0;
    try {
      const send = async (Body: Buffer) => {
        const PartNumber = done.length + 1;
        const { ETag } = await this.client.send(new UploadPartCommand({ Bucket: this.bucket, Key, UploadId, PartNumber, Body, ContentLength: Body.length }));
        done.push({ ETag, PartNumber });
        size += Body.length;
      };
      await send(firstPart);
      for await (const part of rest) await send(part);
      await this.client.send(new CompleteMultipartUploadCommand({ Bucket: this.bucket, Key, UploadId, MultipartUpload: { Parts: done } }));
      return { size };
    } catch (err) {
      await this.client.send(new AbortMultipartUploadCommand({ Bucket: this.bucket, Key, UploadId })).catch(() => {});
      throw err;
    }
  }

  async get(key: string): Promise<StoredObject | null> {
    try {
      const out = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: checkFileKey(key) }));
      if (!(out.Body instanceof Readable)) throw new Error('the S3 client answered without a stream');
      return { stream: out.Body, size: out.ContentLength ?? 0 };
    } catch (err) {
      if (isMissing(err)) return null;
      throw err;
    }
  }

  async delete(key: string): Promise<void> {
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: checkFileKey(key) }));
  }

  async close(): Promise<void> {
    this.client.destroy();
  }
}

function isMissing(err: unknown): boolean {
  const e = err as { name?: string; $metadata?: { httpStatusCode?: number } };
  return e?.name === 'NoSuchKey' || e?.name === 'NotFound' || e?.$metadata?.httpStatusCode === 404;
}

/** The stream in pieces of PART_BYTES (the last one shorter); the stream is read only as fast as the parts go up. */
async function* readParts(stream: Readable): AsyncGenerator<Buffer> {
  let held: Buffer[] = [];
  let length = 0;
  let yielded = false;
  for await (const chunk of stream) {
    const b = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk);
    held.push(b);
    length += b.length;
    while (length >= PART_BYTES) {
      const all = Buffer.concat(held, length);
      yield all.subarray(0, PART_BYTES);
      yielded = true;
      held = [all.subarray(PART_BYTES)];
      length -= PART_BYTES;
    }
  }
  // No empty last part (S3 refuses one), but an empty body is one empty piece.
  if (length > 0 || !yielded) yield Buffer.concat(held, length);
}
