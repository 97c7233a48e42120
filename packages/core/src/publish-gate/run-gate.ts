import type { GateAcknowledgement, GateFinding } from '../contract/publish-gate';
import { clientSecretFindings } from './client-secrets';
import { htmlFromDataFindings, scriptSourceFindings, webhookFindings } from './code-patterns';
import { dataExposureFindings } from './data-exposure';
import { dependencyFindings } from './dependency-advisories';
import type { GateInput } from './gate-input';

const CHECKS = [clientSecretFindings, dataExposureFindings, webhookFindings, scriptSourceFindings, dependencyFindings, htmlFromDataFindings];
/** Enough to act on: a file that repeats a pattern a hundred times is one thing to fix. */
const MAX_FINDINGS = 50;

/**
 * The security check at publish: every rule over the version's files and its production build,
 * critical findings first, then by file and line. Pure and deterministic: the same version always
 * gets the same findings.
 */
export function publishGateFindings(input: GateInput): GateFinding[] {
  const all = CHECKS.flatMap((check) => check(input));
  const rank = (f: GateFinding) => (f.severity === 'critical' ? 0 : 1);
  all.sort((a, b) => rank(a) - rank(b) || a.file.localeCompare(b.file) || (a.line ?? 0) - (b.line ?? 0) || a.rule.localeCompare(b.rule));
  return all.slice(0, MAX_FINDINGS);
}

/** The critical findings whose rule the owner has not acknowledged: while any stands, publishing is refused. */
export function standingFindings(findings: readonly GateFinding[], acknowledged: readonly GateAcknowledgement[] = []): GateFinding[] {
  const accepted = new Set(acknowledged.map((a) => a.rule));
  return findings.filter((f) => f.severity === 'critical' && !accepted.has(f.rule));
}
