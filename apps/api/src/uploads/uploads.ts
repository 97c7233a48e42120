import { insertUpload, type SproutRow, type UserWithTier } from '@sprout/db';
import type { Upload } from '@sprout/core/contract';
import { AppError, forbidden } from '../errors';
import type { Services } from '../services';
import { sniffImage } from './image-sniff';
import { flagsFor, isDeveloper } from '../chat/run-options';

/**
 * Stores an image the person will attach to a message. The type comes from the bytes; anything
 * that is not png, jpeg, webp or gif is refused (an SVG could carry script).
 */
export async function createUpload(s: Services, user: UserWithTier, body: unknown, sprout: SproutRow | null): Promise<Upload> {
  const flags = await flagsFor(s, user);
  // Developers switch the flag on in their browser's toolbar, which the server cannot see.
  if (!flags.enableImageUploads && !isDeveloper(user)) throw forbidden('Image uploads are not enabled for your account.');
  const data = Buffer.isBuffer(body) ? new Uint8Array(body.buffer, body.byteOffset, body.byteLength) : null;
  if (!data || data.byteLength === 0) throw new AppError(400, 'invalid_image', 'Send the image file itself as the request body.');
  const mimeType = sniffImage(data);
  if (!mimeType) throw new AppError(415, 'unsupported_image', 'Only PNG, JPEG, WebP and GIF images can be uploaded.');
  const row = await insertUpload(s.db, { userId: user.id, sproutId: sprout?.id ?? null, mimeType, data });
  return { id: row.id, mimeType: row.mimeType, size: row.size };
}
