import { insertOidcHandoff, newSecret, sha256Hex, takeOidcHandoff, type Executor, type OidcHandoffRow } from '@sprout/db';

/**
 * The one-use code that carries a finished sign-in from the API's callback to the web page that
 * completes it: tokens never travel in an address. Stored as its hash; a minute to use it.
 */
export const HANDOFF_TTL_MS = 60_000;

export async function createHandoff(
  db: Executor,
  input: { userId: string; redirectUrl: string | null; prompt: string | null; created: boolean },
  now = Date.now(),
): Promise<string> {
  const code = newSecret();
  await insertOidcHandoff(db, { ...input, codeHash: sha256Hex(code), expiresAt: new Date(now + HANDOFF_TTL_MS) });
  return code;
}

/** The sign-in a code stands for, once; null for an unknown, used or expired code. */
export function takeHandoff(db: Executor, code: string): Promise<OidcHandoffRow | null> {
  return takeOidcHandoff(db, sha256Hex(code));
}
