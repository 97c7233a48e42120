import { hasPaidAppLimits } from '../plans/tiers';

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
  if (hasPaidAppLimits(tier)) return { ...PAID };
  return { ...FREE };
}

/**
 * One creator (a visitor, or an app user) may fill at most this share of an app's documents and
 * storage: plenty for one person's own app, never all of it, so nobody can stop everyone else saving.
 */
export const CREATOR_SHARE = 0.5;
/** One client address may add at most this share of an app's quota a day, whichever visitors it says it is. */
export const ADDRESS_DAILY_SHARE = 0.25;
/** The owner is told when a dataset passes this share of its documents or storage. */
export const QUOTA_WARNING_SHARE = 0.8;

const share = (limits: AppDataLimits, part: number) => ({
  documents: Math.floor(limits.documents * part),
  storageBytes: Math.floor(limits.storageBytes * part),
});

/** What one creator may hold in an app's dataset. */
export const creatorQuota = (limits: AppDataLimits) => share(limits, CREATOR_SHARE);
/** What one client address may add to an app's dataset in a day. */
export const addressDailyQuota = (limits: AppDataLimits) => share(limits, ADDRESS_DAILY_SHARE);

/** Whether a dataset's usage has passed the share at which its owner is warned. */
export function nearlyFull(usage: { documents: number; bytes: number }, limits: AppDataLimits): boolean {
  return usage.documents >= limits.documents * QUOTA_WARNING_SHARE || usage.bytes >= limits.storageBytes * QUOTA_WARNING_SHARE;
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
