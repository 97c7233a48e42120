import { timingSafeEqual } from 'node:crypto';
import { insertOidcHandoff, newSecret, sha256Hex, takeOidcHandoff, type Executor, type OidcHandoffRow } from '@sprout/db';

/**
 * The one-use code that carries a finished sign-in from the API's callback to the web page that
 * completes it: tokens never travel in an address. Stored as its hash; a minute to use it.
 */
export const HANDOFF_TTL_MS = 60_000;

export async function createHandoff(
  db: Executor,
  input: { userId: string; redirectUrl: string | null; prompt: string | null; created: boolean; tabHash: string },
  now = Date.now(),
): Promise<string> {
  const code = newSecret();
  await insertOidcHandoff(db, { ...input, codeHash: sha256Hex(code), expiresAt: new Date(now + HANDOFF_TTL_MS) });
  return code;
}

/**
 * The sign-in a code stands for, once, for the tab that started it (its secret hashes to the one
 * the sign-in started with); null for an unknown, used or expired code, or another tab's. A code
 * tried with the wrong secret is spent all the same: it was taken from the browser it belongs to.
 */
export async function takeHandoff(db: Executor, code: string, secret: string): Promise<OidcHandoffRow | null> {
  const row = await takeOidcHandoff(db, sha256Hex(code));
  if (!row) return null;
  const expected = Buffer.from(row.tabHash);
  const given = Buffer.from(sha256Hex(secret));
  return expected.length === given.length && timingSafeEqual(expected, given) ? row : null;
}
