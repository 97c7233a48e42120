import { GATE_RULE_TITLES } from '@sprout/core';
import type { GateAcknowledgement, GateFinding, GateRule } from '@sprout/core/contract';

// The security check's findings as the publish dialog shows them, and what the owner's
// acknowledgements allow. The rule of the gate itself is the server's (core publish-gate/); this
// only decides what to ask before sending, so the server's 422 is the exception, not the flow.

// The rules in the order core lists their titles: the order groups of one severity are shown in.
const RULE_ORDER = Object.keys(GATE_RULE_TITLES) as GateRule[];

/** The contract's bounds of a reason (GateAcknowledgement), counted as the server counts them: trimmed. */
export const REASON_MIN = 10;
export const REASON_MAX = 500;

/** A rule in the owner's words; a rule newer than this page by its name. */
export const ruleTitle = (rule: GateRule): string => GATE_RULE_TITLES[rule] ?? rule;

export const severityLabel = (severity: GateFinding['severity']): string => (severity === 'critical' ? 'Must fix' : 'Worth a look');

/** The findings of one rule at one severity, shown together. */
export interface FindingGroup {
  severity: GateFinding['severity'];
  rule: GateRule;
  findings: GateFinding[];
}

const byPlace = (a: GateFinding, b: GateFinding) => a.file.localeCompare(b.file) || (a.line ?? 0) - (b.line ?? 0);

/** Critical groups first, then by rule; within a group by file and line, so the same version reads the same every time. */
export function groupFindings(findings: readonly GateFinding[]): FindingGroup[] {
  const groups = new Map<string, FindingGroup>();
  for (const f of findings) {
    const key = `${f.severity}:${f.rule}`;
    const group = groups.get(key) ?? { severity: f.severity, rule: f.rule, findings: [] };
    group.findings.push(f);
    groups.set(key, group);
  }
  const rank = (g: FindingGroup) => (g.severity === 'critical' ? 0 : RULE_ORDER.length) + RULE_ORDER.indexOf(g.rule);
  return [...groups.values()].sort((a, b) => rank(a) - rank(b)).map((g) => ({ ...g, findings: [...g.findings].sort(byPlace) }));
}

/** Where a finding is: `file:line`, or the file alone when the finding is about the whole file (a package, a rule set). */
export const findingPlace = (f: Pick<GateFinding, 'file' | 'line'>): string => (f.line === null ? f.file : `${f.file}:${f.line}`);

/** The rules with a critical finding: each needs the owner's acknowledgement before publishing. */
export function criticalRules(findings: readonly GateFinding[]): GateRule[] {
  return RULE_ORDER.filter((rule) => findings.some((f) => f.rule === rule && f.severity === 'critical'));
}

/** One sentence over the whole check, for the top of the findings. */
export function checkSummary(findings: readonly GateFinding[]): string {
  const critical = criticalRules(findings).length;
  const warnings = findings.filter((f) => f.severity === 'warning').length;
  const worth = warnings === 1 ? '1 thing worth a look' : `${warnings} things worth a look`;
  if (critical === 0) return `Nothing blocks publishing; ${worth}.`;
  const must = critical === 1 ? '1 problem to fix' : `${critical} problems to fix`;
  return `${must} before publishing, or accept the risk with a reason${warnings ? `; ${worth}` : ''}.`;
}

/** The owner's answer for one rule, as typed. */
export interface AcknowledgementDraft {
  accepted: boolean;
  reason: string;
}
export type AcknowledgementDrafts = Partial<Record<GateRule, AcknowledgementDraft>>;

const reasonLength = (reason: string) => reason.trim().length;
const validReason = (reason: string) => reasonLength(reason) >= REASON_MIN && reasonLength(reason) <= REASON_MAX;

/** The line under a reason as it is typed: how much more is needed, then how much room is left. */
export function reasonHint(reason: string): string {
  const n = reasonLength(reason);
  if (n < REASON_MIN) return `At least ${REASON_MIN} characters (${REASON_MIN - n} more)`;
  return `${n}/${REASON_MAX} characters`;
}

/**
 * Whether these findings may be published with these drafts, and the `acknowledge` to send: every
 * critical rule accepted with a valid reason, or none stands. Drafts of rules that no longer have
 * a critical finding are not sent (the server keeps what is sent with the report).
 */
export function gateDecision(
  findings: readonly GateFinding[],
  drafts: AcknowledgementDrafts,
): { allowed: boolean; acknowledge: GateAcknowledgement[]; critical: GateRule[] } {
  const critical = criticalRules(findings);
  const acknowledge: GateAcknowledgement[] = [];
  for (const rule of critical) {
    const draft = drafts[rule];
    if (draft?.accepted && validReason(draft.reason)) acknowledge.push({ rule, reason: draft.reason.trim() });
  }
  return { allowed: acknowledge.length === critical.length, acknowledge, critical };
}
