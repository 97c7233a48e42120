import { createHash, randomBytes } from 'node:crypto';

const ALPHABET = 'abcdefghijklmnopqrstuvwxyz0123456789';

/**
 * Random ids of lower-case letters and digits: they appear in URLs and as DNS labels
 * (`{id}.preview.localhost`), so they must be case-insensitive and hyphen-free.
 */
export function newId(length = 20): string {
  // Rejection sampling keeps the distribution uniform (256 is not a multiple of 36).
  let out = '';
  while (out.length < length) {
    for (const byte of randomBytes(length * 2)) {
      if (byte < 252 && out.length < length) out += ALPHABET[byte % 36];
    }
  }
  return out;
}

/** An opaque secret for tokens handed to clients (refresh, password reset). */
export function newSecret(bytes = 32): string {
  return randomBytes(bytes).toString('base64url');
}

export function sha256Hex(input: string | Uint8Array): string {
  return createHash('sha256').update(input).digest('hex');
}
