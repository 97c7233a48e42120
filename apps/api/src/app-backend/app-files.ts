import { Readable } from 'node:stream';
import { type AppDataLimits, type AppFileType, creatorOf, sniffAppFileType } from '@sprout/core';
import { getAppFile, insertAppFile, type InsertAppFileResult } from '@sprout/db';
import { AppError } from '../errors';
import type { Services } from '../services';
import { countAddressAdd, creatorFull, warnWhenNearlyFull, writeQuota } from './data-quota';
import type { AppContext } from './app-request';

function fileName(header: unknown): string {
  let name = 'file';
  if (typeof header === 'string' && header) {
    try {
      name = decodeURIComponent(header);
    } catch {
      name = header;
    }
  }
  // A name to show and to download as: no paths, no control characters, bounded.
  const clean = name
    .replace(/[\\/]/g, '_')
    .replace(/[\p{Cc}\p{Cf}]/gu, '')
    .trim()
    .slice(0, 200);
  return clean || 'file';
}

const tooBig = (limits: AppDataLimits) => new AppError(413, 'file_too_large', `Files can be at most ${Math.round(limits.fileBytes / (1024 * 1024))} MB.`);

/** The type its first bytes say it is, or a refusal (before anything is stored). */
function appFileType(head: Buffer): AppFileType {
  if (head.byteLength === 0) throw new AppError(400, 'empty_file', 'Send the file as the request body.');
  const type = sniffAppFileType(head);
  if (!type) throw new AppError(415, 'file_type', 'Only images (PNG, JPEG, GIF, WebP), PDF, plain text and CSV files can be uploaded.');
  return type;
}

/**
 * Stores an upload as the type its bytes say it is (never the type it claims), within the plan's
 * limits. The body streams into the file store as it arrives (the route capped it at the plan's
 * file size); the row that claims the bytes is written after, under the quotas, or the bytes go.
 */
export async function uploadFile(s: Services, ctx: AppContext, body: unknown, nameHeader: unknown) {
  if (!(body instanceof Readable) && !Buffer.isBuffer(body)) throw new AppError(400, 'empty_file', 'Send the file as the request body.');
  const written = await s.files.write('app-files', body, { inspect: appFileType, maxBytes: ctx.limits.fileBytes, tooLarge: () => tooBig(ctx.limits) });
  let stored: InsertAppFileResult;
  try {
    await countAddressAdd(s, ctx, written.size);
    stored = await insertAppFile(s.db, ctx.scope, {
      name: fileName(nameHeader),
      mimeType: written.inspected,
      storageKey: written.key,
      size: written.size,
      createdBy: creatorOf(ctx.actor),
      storageBytes: ctx.limits.storageBytes,
      creatorBytes: writeQuota(ctx).perCreator?.storageBytes ?? ctx.limits.storageBytes,
    });
  } catch (err) {
    // Refused (the address's daily share): the bytes go now. Any other failure leaves them pending,
    // and the sweep removes them unless a row claimed them after all.
    if (err instanceof AppError) await s.files.discard(written.key);
    throw err;
  }
  if (!stored.ok) {
    await s.files.discard(written.key);
    throw stored.limit === 'creator' ? creatorFull() : new AppError(403, 'quota_exceeded', 'This app has used all of its storage.');
  }
  await warnWhenNearlyFull(s, ctx, stored.usage);
  const f = stored.file;
  return { id: f.id, url: `/_sprout/v1/files/${f.id}`, name: f.name, type: f.mimeType, size: f.size };
}

/**
 * A file of the app, streamed from the file store with the headers it always had. Its URL is a
 * capability: whoever holds it reads the file, whatever the collections' rules say.
 */
export async function readFile(s: Services, ctx: AppContext, id: string) {
  const file = id.length <= 64 ? await getAppFile(s.db, ctx.scope, id) : null;
  const key = file && (await s.files.keyOf('app_files', file.id, file.storageKey));
  const stored = key ? await s.files.open(key) : null;
  if (!file || !stored) {
    if (file) s.log.error({ fileId: file.id, key }, 'an app file has a row but no bytes in the file store');
    throw new AppError(404, 'not_found', 'This file does not exist.');
  }
  const inline = file.mimeType.startsWith('image/') || file.mimeType === 'application/pdf';
  return {
    body: stored.stream,
    headers: {
      'content-type': file.mimeType.startsWith('text/') ? `${file.mimeType}; charset=utf-8` : file.mimeType,
      'content-length': String(stored.size),
      'content-disposition': `${inline ? 'inline' : 'attachment'}; filename*=UTF-8''${encodeURIComponent(file.name)}`,
      // Uploaded bytes never run as a page of the app's origin.
      'content-security-policy': "default-src 'none'; sandbox",
      'cache-control': 'private, max-age=3600',
    },
  };
}
