import { Readable } from 'node:stream';
import { MAX_UPLOAD_BYTES } from '@sprout/core';
import { ERROR_CODES } from '@sprout/core/routes';
import { insertUpload, type SproutRow, type UploadRow, type UserWithTier } from '@sprout/db';
import type { Upload } from '@sprout/core/contract';
import { AppError } from '../errors';
import type { Services } from '../services';
import { sniffImage, type ImageType } from './image-sniff';

export const uploadTooLarge = () => new AppError(413, 'body_too_large', ERROR_CODES.body_too_large.message);

/** The image type its first bytes say it is, or a refusal (before anything is stored). */
function imageType(head: Buffer): ImageType {
  if (head.byteLength === 0) throw new AppError(400, 'invalid_image', 'Send the image file itself as the request body.');
  const type = sniffImage(head);
  if (!type) throw new AppError(415, 'unsupported_image', 'Only PNG, JPEG, WebP and GIF images can be uploaded.');
  return type;
}

/**
 * Stores an image the person will attach to a message. The type comes from the bytes; anything
 * that is not png, jpeg, webp or gif is refused (an SVG could carry script). The body streams into
 * the file store as it arrives, cut off past MAX_UPLOAD_BYTES. The route is gated by
 * enableImageUploads (plugins/feature-gate.ts).
 */
export async function createUpload(s: Services, user: UserWithTier, body: unknown, sprout: SproutRow | null): Promise<Upload> {
  if (!(body instanceof Readable) && !Buffer.isBuffer(body)) throw new AppError(400, 'invalid_image', 'Send the image file itself as the request body.');
  const written = await s.files.write('uploads', body, { inspect: imageType, maxBytes: MAX_UPLOAD_BYTES, tooLarge: uploadTooLarge });
  // Should this fail, the bytes stay pending and the sweep removes them.
  const row = await insertUpload(s.db, {
    userId: user.id,
    sproutId: sprout?.id ?? null,
    mimeType: written.inspected,
    storageKey: written.key,
    size: written.size,
    sha256: written.sha256,
  });
  return { id: row.id, mimeType: row.mimeType, size: row.size };
}

/** An upload's bytes as a stream from the file store (an upload from before the store is moved there first). */
export async function openUpload(s: Services, upload: UploadRow) {
  const key = await s.files.keyOf('uploads', upload.id, upload.storageKey);
  const stored = key ? await s.files.open(key) : null;
  if (!stored) {
    s.log.error({ uploadId: upload.id, key }, 'an upload has a row but no bytes in the file store');
    throw new AppError(404, 'not_found', 'Image not found.');
  }
  return stored;
}
