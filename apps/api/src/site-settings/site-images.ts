import { FAVICON_MAX_BYTES, SOCIAL_IMAGE_MAX_BYTES } from '@sprout/core';
import { AppError } from '../errors';

/** The two images a published app's pages may name, and what each accepts. */
export type SiteImageKind = 'social-image' | 'favicon';
export type SiteImageType = 'image/png' | 'image/jpeg' | 'image/webp' | 'image/x-icon';

export const SITE_IMAGE_LIMITS: Record<SiteImageKind, { maxBytes: number; types: readonly SiteImageType[]; words: string }> = {
  'social-image': { maxBytes: SOCIAL_IMAGE_MAX_BYTES, types: ['image/png', 'image/jpeg', 'image/webp'], words: 'PNG, JPEG or WebP image of at most 1 MB' },
  favicon: {
    maxBytes: FAVICON_MAX_BYTES,
    types: ['image/png', 'image/jpeg', 'image/webp', 'image/x-icon'],
    words: 'PNG, JPEG, WebP or ICO file of at most 100 KB',
  },
};

const startsWith = (data: Uint8Array, bytes: number[], at = 0) => data.length >= at + bytes.length && bytes.every((b, i) => data[at + i] === b);
const ascii = (s: string) => [...s].map((c) => c.charCodeAt(0));

/** What the bytes are, never what a name or a header says. */
export function sniffSiteImage(data: Uint8Array): SiteImageType | null {
  if (startsWith(data, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (startsWith(data, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (startsWith(data, ascii('RIFF')) && startsWith(data, ascii('WEBP'), 8)) return 'image/webp';
  // An icon directory: reserved 0, type 1 (icon), then at least one image.
  if (startsWith(data, [0x00, 0x00, 0x01, 0x00]) && data.length >= 6 && (data[4]! > 0 || data[5]! > 0)) return 'image/x-icon';
  return null;
}

// Markup (SVG, HTML) is text that starts with `<` after any byte order mark and spaces.
const looksLikeMarkup = (head: Buffer) => /^(?:\ufeff)?\s*</.test(head.subarray(0, 512).toString('utf8'));

/** The image's type from its first bytes, or a refusal in plain words (before anything is stored). */
export function siteImageType(kind: SiteImageKind, head: Buffer): SiteImageType {
  const { types, words } = SITE_IMAGE_LIMITS[kind];
  if (head.byteLength === 0) throw new AppError(400, 'invalid_image', 'Send the image file itself as the request body.');
  if (looksLikeMarkup(head))
    throw new AppError(415, 'unsupported_image', `SVG and other markup files cannot be used (they can carry scripts). Choose a ${words}.`);
  const type = sniffSiteImage(head);
  if (!type || !types.includes(type)) throw new AppError(415, 'unsupported_image', `This file is not a ${words}.`);
  return type;
}

export const siteImageTooLarge = (kind: SiteImageKind) =>
  new AppError(413, 'body_too_large', `This file is too large: choose a ${SITE_IMAGE_LIMITS[kind].words}.`);
