import { and, eq, gte, inArray, lt, sql } from 'drizzle-orm';
import type { Executor } from '../create-db';
import { sha256Hex } from '../ids';
import { seenRuntimeErrors } from '../runtime-errors/tables';

/**
 * How long an error stays seen: a free repair is asked for seconds after the page showed the error
 * (and only in the first 30 s of the version), so this is generous; older records are pruned.
 */
export const RUNTIME_ERROR_SEEN_MS = 10 * 60_000;

/** The part of a message its fingerprint covers. */
const FINGERPRINT_CHARS = 300;

/**
 * An error message's fingerprint: its first line, spaces collapsed, at most 300 characters, hashed.
 * The same error reaches the server twice, from the bridge and from the web page, and the two texts
 * may differ in length (the page cuts at 2000 characters, a stack may follow) but not in this.
 */
export function runtimeErrorFingerprint(message: string): string {
  const first = message.split('\n', 1)[0]!.replace(/\s+/g, ' ').trim().slice(0, FINGERPRINT_CHARS);
  return sha256Hex(first || 'Unknown error');
}

/** Records that a page of this version showed these errors (now); a project's records older than the window go. */
export async function recordSeenRuntimeErrors(
  db: Executor,
  seen: { sproutId: string; versionId: string; messages: readonly string[] },
  now = new Date(),
): Promise<void> {
  const fingerprints = [...new Set(seen.messages.map(runtimeErrorFingerprint))];
  if (fingerprints.length === 0) return;
  await db
    .insert(seenRuntimeErrors)
    .values(fingerprints.map((fingerprint) => ({ versionId: seen.versionId, fingerprint, sproutId: seen.sproutId, seenAt: now })))
    .onConflictDoUpdate({ target: [seenRuntimeErrors.versionId, seenRuntimeErrors.fingerprint], set: { seenAt: sql`excluded.seen_at` } });
  await db
    .delete(seenRuntimeErrors)
    .where(and(eq(seenRuntimeErrors.sproutId, seen.sproutId), lt(seenRuntimeErrors.seenAt, new Date(now.getTime() - RUNTIME_ERROR_SEEN_MS))));
}

/** Which of these fingerprints a page of the version showed within the window before `now`. */
export async function seenRuntimeErrorFingerprints(db: Executor, versionId: string, fingerprints: readonly string[], now = new Date()): Promise<Set<string>> {
  if (fingerprints.length === 0) return new Set();
  const rows = await db
    .select({ fingerprint: seenRuntimeErrors.fingerprint })
    .from(seenRuntimeErrors)
    .where(
      and(
        eq(seenRuntimeErrors.versionId, versionId),
        inArray(seenRuntimeErrors.fingerprint, [...new Set(fingerprints)]),
        gte(seenRuntimeErrors.seenAt, new Date(now.getTime() - RUNTIME_ERROR_SEEN_MS)),
      ),
    );
  return new Set(rows.map((r) => r.fingerprint));
}
