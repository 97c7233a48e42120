import { createHash } from 'node:crypto';
import { VISUAL_EDIT_LIMITS, type UploadImageType } from '@sprout/core';

// A new picture for an <img>: an https address as typed, or an uploaded image kept in the project as
// a module whose default export is its data URL (versions hold text files only; the same way attached
// images enter a project, see fixers/assets.ts). The bytes decide what an upload is, never its name.

export type Checked<T> = ({ ok: true } & T) | { ok: false; message: string };

const URL_HELP = 'The image address must be an https:// link, like https://example.com/photo.jpg.';

/** An image address a person typed, as the URL parser writes it; only https, with no user name or password in it. */
export function checkImageUrl(src: string): Checked<{ url: string }> {
  if (/\s/.test(src) || [...src].some((c) => c.charCodeAt(0) < 0x20 || c === '\u007f')) return { ok: false, message: URL_HELP };
  let url: URL;
  try {
    url = new URL(src);
  } catch {
    return { ok: false, message: URL_HELP };
  }
  if (url.protocol !== 'https:' || !url.hostname) return { ok: false, message: URL_HELP };
  if (url.username || url.password) return { ok: false, message: 'The image address must not hold a user name or password.' };
  return { ok: true, url: url.href };
}

/** The image type its first bytes say; null for anything else (SVG included: it can carry script). */
export function imageTypeOf(bytes: Uint8Array): UploadImageType | null {
  const starts = (...signature: number[]) => signature.every((b, i) => bytes[i] === b);
  const ascii = (from: number, text: string) => [...text].every((c, i) => bytes[from + i] === c.charCodeAt(0));
  if (starts(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return 'image/png';
  if (starts(0xff, 0xd8, 0xff)) return 'image/jpeg';
  if (ascii(0, 'GIF87a') || ascii(0, 'GIF89a')) return 'image/gif';
  if (ascii(0, 'RIFF') && ascii(8, 'WEBP')) return 'image/webp';
  return null;
}

/** A file's base name as part of a module path: `Hero Photo (1).PNG` → `hero-photo-1`. */
export function slugOf(fileName: string): string {
  const slug = (fileName.split(/[/\\]/).at(-1) ?? '')
    .replace(/\.[a-z0-9]{1,5}$/i, '')
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 40)
    .replace(/-+$/, '');
  return slug || 'image';
}

/** A name for the imported image: `hero-photo` → `heroPhotoImage`. */
export function identifierFor(slug: string): string {
  const camel = slug.replace(/-([a-z0-9])/g, (_, c: string) => c.toUpperCase());
  return /^[a-z]/.test(camel) ? `${camel}Image` : `image${camel.charAt(0).toUpperCase()}${camel.slice(1)}`;
}

export interface ImageModule {
  path: string;
  importPath: string;
  content: string;
  slug: string;
}

const KIND: Record<UploadImageType, string> = { 'image/png': 'PNG', 'image/jpeg': 'JPEG', 'image/gif': 'GIF', 'image/webp': 'WebP' };

/**
 * The module that holds an uploaded image, named by the file's name and the start of its SHA-256 (the
 * same image twice is one module). Refused when the bytes are not the image type declared, or too large.
 */
export function imageModule(upload: { fileName: string; mimeType: UploadImageType; contentBase64: string }): Checked<{ module: ImageModule }> {
  const base64 = upload.contentBase64;
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(base64) || base64.length % 4 !== 0) return { ok: false, message: 'The image could not be read (it is not base64).' };
  const bytes = Buffer.from(base64, 'base64');
  if (bytes.length === 0) return { ok: false, message: 'The image is empty.' };
  if (bytes.length > VISUAL_EDIT_LIMITS.maxImageBytes)
    return { ok: false, message: `The image is larger than ${VISUAL_EDIT_LIMITS.maxImageBytes / 1024} KB: use a smaller one, or a link to it.` };
  const type = imageTypeOf(bytes);
  if (type === null) return { ok: false, message: 'This file is not a PNG, JPEG, GIF or WebP image.' };
  if (type !== upload.mimeType)
    return { ok: false, message: `This file is a ${KIND[type]} image, not the ${KIND[upload.mimeType] ?? upload.mimeType} it says it is.` };
  const slug = slugOf(upload.fileName);
  const name = `${slug}-${createHash('sha256').update(bytes).digest('hex').slice(0, 8)}`;
  return {
    ok: true,
    module: {
      path: `client/src/assets/uploads/${name}.ts`,
      // The template maps `@/` to client/src (vite.config.ts alias, tsconfig paths).
      importPath: `@/assets/uploads/${name}`,
      content: `export default "data:${type};base64,${bytes.toString('base64')}";\n`,
      slug,
    },
  };
}
