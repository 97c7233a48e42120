import { type AppDataLimits, sniffAppFileType } from '@sprout/core';
import { creatorOf } from '@sprout/core';
import { getAppFile, insertAppFile } from '@sprout/db';
import { AppError } from '../errors';
import type { Services } from '../services';
import type { AppContext } from './app-request';

export const FILE_ROUTE_BODY_LIMIT = 25 * 1024 * 1024;

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

/** Stores an upload as the type its bytes say it is (never the type it claims), within the plan's limits. */
export async function uploadFile(s: Services, ctx: AppContext, body: unknown, nameHeader: unknown) {
  if (!Buffer.isBuffer(body) || body.byteLength === 0) throw new AppError(400, 'empty_file', 'Send the file as the request body.');
  if (body.byteLength > ctx.limits.fileBytes) throw tooBig(ctx.limits);
  const mimeType = sniffAppFileType(body);
  if (!mimeType) throw new AppError(415, 'file_type', 'Only images (PNG, JPEG, GIF, WebP), PDF, plain text and CSV files can be uploaded.');
  const stored = await insertAppFile(s.db, ctx.scope, {
    name: fileName(nameHeader),
    mimeType,
    data: new Uint8Array(body),
    createdBy: creatorOf(ctx.actor),
    storageBytes: ctx.limits.storageBytes,
  });
  if (!stored.ok) throw new AppError(403, 'quota_exceeded', 'This app has used all of its storage.');
  const f = stored.file;
  return { id: f.id, url: `/_sprout/v1/files/${f.id}`, name: f.name, type: f.mimeType, size: f.size };
}

export async function readFile(s: Services, ctx: AppContext, id: string) {
  const file = id.length <= 64 ? await getAppFile(s.db, ctx.scope, id) : null;
  if (!file) throw new AppError(404, 'not_found', 'This file does not exist.');
  const inline = file.mimeType.startsWith('image/') || file.mimeType === 'application/pdf';
  return {
    body: Buffer.from(file.data),
    headers: {
      'content-type': file.mimeType.startsWith('text/') ? `${file.mimeType}; charset=utf-8` : file.mimeType,
      'content-disposition': `${inline ? 'inline' : 'attachment'}; filename*=UTF-8''${encodeURIComponent(file.name)}`,
      // Uploaded bytes never run as a page of the app's origin.
      'content-security-policy': "default-src 'none'; sandbox",
      'cache-control': 'private, max-age=3600',
    },
  };
}
