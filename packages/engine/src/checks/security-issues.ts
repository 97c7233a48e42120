import { publishGateFindings, standingFindings } from '@sprout/core';
import type { GateFinding } from '@sprout/core/contract';
import type { CheckIssue } from './issues';

/** A finding of the publish security check as a check issue a fix round carries. */
const findingIssue = (f: GateFinding): CheckIssue => ({ source: 'security', file: f.file, line: f.line, column: null, message: f.message });

/**
 * The critical findings of the publish security check that still stand in a candidate's files:
 * what a security-fix run must leave none of. Only the files are read (the bundle is the publish's
 * to check): a key that only the bundle holds is in a file too.
 */
export function securityIssues(files: ReadonlyMap<string, string>): CheckIssue[] {
  return standingFindings(publishGateFindings({ files, built: new Map() })).map(findingIssue);
}
