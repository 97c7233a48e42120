import { insertUpload, type SproutRow, type UserWithTier } from '@sprout/db';
import type { Upload } from '@sprout/core/contract';
import { AppError } from '../errors';
import type { Services } from '../services';
import { sniffImage } from './image-sniff';

/**
 * Stores an image the person will attach to a message. The type comes from the bytes; anything
 * that is not png, jpeg, webp or gif is refused (an SVG could carry script). The route is gated by
 * enableImageUploads (plugins/feature-gate.ts).
 */
export async function createUpload(s: Services, user: UserWithTier, body: unknown, sprout: SproutRow | null): Promise<Upload> {
  const data = Buffer.isBuffer(body) ? new Uint8Array(body.buffer, body.byteOffset, body.byteLength) : null;
  if (!data || data.byteLength === 0) throw new AppError(400, 'invalid_image', 'Send the image file itself as the request body.');
  const mimeType = sniffImage(data);
  if (!mimeType) throw new AppError(415, 'unsupported_image', 'Only PNG, JPEG, WebP and GIF images can be uploaded.');
  const row = await insertUpload(s.db, { userId: user.id, sproutId: sprout?.id ?? null, mimeType, data });
  return { id: row.id, mimeType: row.mimeType, size: row.size };
}
