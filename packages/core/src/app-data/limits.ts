import { isPremiumTier } from '../tiers';

/** What an app's backend may hold and take, per project and dataset, by the owner's plan. */
export interface AppDataLimits {
  documents: number;
  storageBytes: number;
  fileBytes: number;
  requestsPerMinute: number;
  appUsers: number;
}

const FREE: AppDataLimits = { documents: 2_000, storageBytes: 50 * 1024 * 1024, fileBytes: 5 * 1024 * 1024, requestsPerMinute: 300, appUsers: 500 };
const PAID: AppDataLimits = {
  documents: 100_000,
  storageBytes: 2 * 1024 * 1024 * 1024,
  fileBytes: 20 * 1024 * 1024,
  requestsPerMinute: 1_200,
  appUsers: 50_000,
};

export function appDataLimits(tier: string): AppDataLimits {
  if (isPremiumTier(tier) || tier === 'sprout-tier-internal-staff' || tier === 'sprout-tier-external-partner') return { ...PAID };
  return { ...FREE };
}

/** Files an app may upload: images and documents, sniffed from their bytes, never trusted from the name. */
export const APP_FILE_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp', 'application/pdf', 'text/plain', 'text/csv'] as const;
export type AppFileType = (typeof APP_FILE_TYPES)[number];

/** The type of a file from its first bytes, or null when it is not one an app may upload. */
export function sniffAppFileType(bytes: Uint8Array): AppFileType | null {
  const starts = (...sig: number[]) => sig.every((b, i) => bytes[i] === b);
  if (starts(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return 'image/png';
  if (starts(0xff, 0xd8, 0xff)) return 'image/jpeg';
  if (starts(0x47, 0x49, 0x46, 0x38)) return 'image/gif';
  if (starts(0x52, 0x49, 0x46, 0x46) && bytes[8] === 0x57 && bytes[9] === 0x45 && bytes[10] === 0x42 && bytes[11] === 0x50) return 'image/webp';
  if (starts(0x25, 0x50, 0x44, 0x46, 0x2d)) return 'application/pdf';
  // Text: valid UTF-8 with no NUL and no markup a browser could sniff into HTML.
  const sample = bytes.subarray(0, 4096);
  if (sample.includes(0)) return null;
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(sample);
  } catch {
    return null;
  }
  if (/<\s*(html|script|svg|!doctype|iframe|body|head)/i.test(text)) return null;
  return /^[^\n]*,[^\n]*\n/.test(text) ? 'text/csv' : 'text/plain';
}
