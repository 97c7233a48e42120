import { GATE_RULE_TITLES } from '@sprout/core';
import type { VersionSecurity } from '@sprout/core/contract';

/** What History says of a version's kept security check: its headline and the risks accepted to publish it. */
export function securityNote(report: VersionSecurity): { headline: string; tone: 'passed' | 'warnings' | 'critical'; accepted: string[] } {
  const parts: string[] = [];
  if (report.critical > 0) parts.push(`${report.critical} to fix`);
  if (report.warnings > 0) parts.push(`${report.warnings} worth a look`);
  const headline = parts.length ? `Security check: ${parts.join(' · ')}` : 'Security check passed';
  const tone = report.critical > 0 ? 'critical' : report.warnings > 0 ? 'warnings' : 'passed';
  const accepted = report.acknowledged.map((a) => `${GATE_RULE_TITLES[a.rule]}: “${a.reason}”`);
  return { headline, tone, accepted };
}
