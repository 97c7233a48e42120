import { z } from 'zod';

/** One problem found after applying a run's changes, in the shape the fix round and the chat use. */
export const CheckIssue = z.object({
  /**
   * `render`: the server's render check of the candidate version in headless Chromium; `behaviour`:
   * a check of checks/*.json that failed or could not be read; `security`: a critical finding of the publish security check (publish-gate/).
   */
  source: z.enum(['build', 'htmlhint', 'jshint', 'imports', 'apply', 'parser', 'runtime', 'types', 'data', 'render', 'behaviour', 'security']),
  file: z.string().nullable(),
  line: z.number().int().nullable(),
  column: z.number().int().nullable(),
  message: z.string(),
});
export type CheckIssue = z.infer<typeof CheckIssue>;

/** Whether the advisory type check ran, and if not why. */
export const TypeCheckSummary = z.object({
  status: z.enum(['ok', 'errors', 'skipped']),
  /** Why it was skipped (too slow, too big, no compiler), or that only the first errors are listed. */
  reason: z.string().nullable(),
  durationMs: z.number(),
});
export type TypeCheckSummary = z.infer<typeof TypeCheckSummary>;

/** Whether the candidate version was loaded in headless Chromium on the server, and what it showed. */
export const RenderCheckSummary = z.object({
  status: z.enum(['passed', 'failed', 'skipped']),
  /** Why it was skipped (no Chromium on the server, the build failed, checks turned off). */
  reason: z.string().nullable(),
  durationMs: z.number(),
  /** The id its screenshot is kept under (GET …/screenshots/{id}), when one was taken. */
  screenshotId: z.string().nullable(),
});
export type RenderCheckSummary = z.infer<typeof RenderCheckSummary>;

/** One behaviour check (checks/*.json) against a candidate: passed, or the step that failed and why. */
export const BehaviourCheckResult = z.object({
  file: z.string(),
  name: z.string(),
  ok: z.boolean(),
  /** 1-based index of the step that failed, and the step in words. */
  failedStep: z.number().int().nullable(),
  step: z.string().nullable(),
  message: z.string().nullable(),
});
export type BehaviourCheckResult = z.infer<typeof BehaviourCheckResult>;

/** An error or warning of the preview builder (esbuild, Tailwind), 1-based line and column. */
export const BuildMessage = z.object({
  file: z.string().nullable(),
  line: z.number().int().nullable(),
  column: z.number().int().nullable(),
  message: z.string(),
  lineText: z.string().optional(),
});
export type BuildMessage = z.infer<typeof BuildMessage>;

/** GET /build/v1/sprouts/:id/build: the preview build's outcome for a version. */
export const BuildStatus = z
  .object({ versionId: z.string(), ok: z.boolean(), errors: z.array(BuildMessage), warnings: z.array(BuildMessage), durationMs: z.number() })
  .meta({ id: 'BuildStatus' });
export type BuildStatus = z.infer<typeof BuildStatus>;
