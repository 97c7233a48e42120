import { getUploadWithData, insertUpload, type UserWithTier } from '@sprout/db';
import { AppError, forbidden } from '../errors';
import type { Services } from '../services';
import { getSprout } from '../sprouts';
import { sniffImage } from './image-sniff';
import { flagsFor, isDeveloper } from './run-options';

export interface UploadDto {
  id: string;
  mimeType: string;
  size: number;
}

/**
 * Stores an image the person will attach to a message. The type comes from the bytes; anything
 * that is not png, jpeg, webp or gif is refused (an SVG could carry script).
 */
export async function createUpload(s: Services, user: UserWithTier, body: unknown, sproutId?: string): Promise<UploadDto> {
  const flags = await flagsFor(s, user);
  // Developers switch the flag on in their browser's toolbar, which the server cannot see.
  if (!flags.enableImageUploads && !isDeveloper(user)) throw forbidden('Image uploads are not enabled for your account.');
  if (sproutId) await getSprout(s, user.id, sproutId);
  const data = Buffer.isBuffer(body) ? new Uint8Array(body.buffer, body.byteOffset, body.byteLength) : null;
  if (!data || data.byteLength === 0) throw new AppError(400, 'invalid_image', 'Send the image file itself as the request body.');
  const mimeType = sniffImage(data);
  if (!mimeType) throw new AppError(415, 'unsupported_image', 'Only PNG, JPEG, WebP and GIF images can be uploaded.');
  const row = await insertUpload(s.db, { userId: user.id, sproutId: sproutId ?? null, mimeType, data });
  return { id: row.id, mimeType: row.mimeType, size: row.size };
}

export async function getUpload(s: Services, userId: string, id: string): Promise<{ mimeType: string; data: Uint8Array }> {
  const row = await getUploadWithData(s.db, id, userId);
  if (!row) throw new AppError(404, 'not_found', 'Image not found.');
  return { mimeType: row.mimeType, data: row.data };
}
