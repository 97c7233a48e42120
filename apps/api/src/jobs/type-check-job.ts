import { z } from 'zod';
import { CheckIssue } from '@sprout/core/contract';
import type { TypeCheckResult } from '@sprout/engine';

/**
 * A candidate's type check as a job: its ids, by which the check worker loads the files the run
 * stored for its preview (previews/stored-candidates.ts) rather than carrying them here, the paths
 * the run changed (only their errors are reported) and the time the check may take.
 */
export const TypeCheckJob = z.object({
  sproutId: z.string().min(1),
  versionId: z.string().min(1),
  changed: z.array(z.string()),
  timeoutMs: z.number().positive(),
});
export type TypeCheckJob = z.infer<typeof TypeCheckJob>;

/** A type check's result as the check worker stores it for the run that waits: typecheckProject's, as it is. */
const StoredTypeCheck = z.object({
  status: z.enum(['ok', 'errors', 'skipped']),
  errors: z.array(CheckIssue),
  reason: z.string().nullable(),
  durationMs: z.number(),
  missingNames: z.array(z.object({ file: z.string(), name: z.string() })),
});

/** The stored form back as the engine reads it, or null when it is not one. */
export function fromStoredTypeCheck(stored: unknown): TypeCheckResult | null {
  return StoredTypeCheck.safeParse(stored).data ?? null;
}
