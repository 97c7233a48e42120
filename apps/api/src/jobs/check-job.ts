import { z } from 'zod';
import type { RenderCheckInput, RenderOutcome } from '@sprout/engine';

/**
 * A candidate's render check as a job: what the check worker needs besides the candidate's files
 * (stored by the run, previews/stored-candidates.ts). Ids only and the check files' parsed steps;
 * the signal stays with the run that waits.
 */
export const CheckJob = z.object({
  sproutId: z.string().min(1),
  ownerId: z.string().min(1),
  versionId: z.string().min(1),
  dataRules: z.string().nullable(),
  // Parsed by the run from the candidate's checks/*.json, passed on as they are.
  checks: z.array(z.record(z.string(), z.unknown())),
});
export type CheckJob = z.infer<typeof CheckJob>;

export function toCheckJob(input: RenderCheckInput): CheckJob {
  const { sproutId, ownerId, versionId, dataRules, checks } = input;
  return { sproutId, ownerId, versionId, dataRules, checks: checks as unknown as Record<string, unknown>[] };
}

export function fromCheckJob(job: CheckJob): RenderCheckInput {
  const { sproutId, ownerId, versionId, dataRules, checks } = job;
  return { sproutId, ownerId, versionId, dataRules, checks: checks as unknown as RenderCheckInput['checks'] };
}

const Problem = z.object({ kind: z.string(), message: z.string(), file: z.string().nullable(), line: z.number().nullable(), column: z.number().nullable() });
const Checks = z.array(z.record(z.string(), z.unknown())).optional();
/** What the page logged (a model that views the preview reads it); verdicts stored before it existed have none. */
const Console = z.array(z.object({ type: z.string(), text: z.string() })).optional();

/** A check's answer as stored for the run that waits for it: the thumbnail as base64. */
export const StoredVerdict = z.discriminatedUnion('status', [
  z.object({ status: z.literal('passed'), durationMs: z.number(), thumbnail: z.string(), checks: Checks, console: Console }),
  z.object({
    status: z.literal('failed'),
    durationMs: z.number(),
    issues: z.array(Problem),
    thumbnail: z.string().nullable(),
    checks: Checks,
    console: Console,
  }),
  z.object({ status: z.literal('skipped'), reason: z.string() }),
]);
export type StoredVerdict = z.infer<typeof StoredVerdict>;

const base64 = (bytes: Uint8Array) => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('base64');
const bytes = (text: string) => new Uint8Array(Buffer.from(text, 'base64'));
type Results = Extract<RenderOutcome, { status: 'passed' }>['checks'];

export function toStoredVerdict(outcome: RenderOutcome): StoredVerdict {
  if (outcome.status === 'skipped') return { status: 'skipped', reason: outcome.reason };
  const checks = outcome.checks as unknown as Record<string, unknown>[] | undefined;
  const logged = outcome.console ? { console: outcome.console } : {};
  if (outcome.status === 'passed') return { status: 'passed', durationMs: outcome.durationMs, thumbnail: base64(outcome.thumbnail), checks, ...logged };
  const { durationMs, issues, thumbnail } = outcome;
  return { status: 'failed', durationMs, issues, thumbnail: thumbnail ? base64(thumbnail) : null, checks, ...logged };
}

export function fromStoredVerdict(v: StoredVerdict): RenderOutcome {
  if (v.status === 'skipped') return v;
  const checks = v.checks as unknown as Results;
  const logged = v.console ? { console: v.console } : {};
  if (v.status === 'passed') return { status: 'passed', durationMs: v.durationMs, thumbnail: bytes(v.thumbnail), ...(checks ? { checks } : {}), ...logged };
  return {
    status: 'failed',
    durationMs: v.durationMs,
    issues: v.issues,
    thumbnail: v.thumbnail === null ? null : bytes(v.thumbnail),
    ...(checks ? { checks } : {}),
    ...logged,
  };
}
