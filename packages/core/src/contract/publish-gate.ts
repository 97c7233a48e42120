import { z } from 'zod';

/** What the security check at publish looks for (core publish-gate/; docs/app-backend.md, "The security check at publish"). */
export const GATE_RULES = [
  'secret-in-client',
  'public-personal-data',
  'others-can-change',
  'webhook-unverified',
  'html-from-data',
  'insecure-script',
  'known-advisory',
] as const;
export const GateRule = z.enum(GATE_RULES);
export type GateRule = z.infer<typeof GateRule>;

/** One thing the gate found: `critical` blocks publishing until fixed or acknowledged; `warning` is told. */
export const GateFinding = z.object({
  severity: z.enum(['critical', 'warning']),
  rule: GateRule,
  file: z.string(),
  line: z.number().int().nullable(),
  message: z.string(),
});
export type GateFinding = z.infer<typeof GateFinding>;

/** The owner's word that a critical finding's rule is known and accepted, kept with the report. */
export const GateAcknowledgement = z.strictObject({
  rule: GateRule,
  reason: z.string().trim().min(10, 'Say in a few words why this is fine (at least 10 characters).').max(500),
});
export type GateAcknowledgement = z.infer<typeof GateAcknowledgement>;

/** GET /build/v1/sprouts/:id/publish-check: the current version's findings, before publishing it. */
export const PublishCheck = z.object({
  versionId: z.string(),
  findings: z.array(GateFinding),
  /** Critical findings stand: publishing answers 422 `publish_blocked` unless each rule is acknowledged. */
  blocked: z.boolean(),
});
export type PublishCheck = z.infer<typeof PublishCheck>;

/** A version's kept security report, as History shows it beside the version. */
export const VersionSecurity = z.object({
  versionId: z.string(),
  critical: z.number().int(),
  warnings: z.number().int(),
  /** The critical rules the owner accepted when publishing this version, with why and when. */
  acknowledged: z.array(z.object({ rule: GateRule, reason: z.string(), at: z.string() })),
  checkedAt: z.string(),
});
export type VersionSecurity = z.infer<typeof VersionSecurity>;

/** POST /build/v1/sprouts/:id/publish-check/fix: the free run started to fix the critical findings (its events stream like any run's). */
export const SecurityFixStarted = z.object({ runId: z.string() });
export type SecurityFixStarted = z.infer<typeof SecurityFixStarted>;
