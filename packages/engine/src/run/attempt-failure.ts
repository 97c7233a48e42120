import type { CheckIssue } from '../checks/issues';
import { isFailedCheck } from '../checks/render-check';
import { formatIssue } from '../checks/issues';
import type { Failure } from './run-failure';

/** The code of a run whose last attempt still did not work: the attempt is kept (GET …/runs/{id}/attempt). */
export const ATTEMPT_FAILED = 'attempt_failed';

/** Issues that mean the app does not work (as opposed to lint notes or an edit that did not apply). */
const BREAKING: ReadonlySet<CheckIssue['source']> = new Set(['build', 'imports', 'render']);

/** A check file that cannot be read says nothing about the app; a check that ran and failed does. */
const breaking = (i: CheckIssue) => BREAKING.has(i.source) || isFailedCheck(i);

export const breaksApp = (buildOk: boolean, issues: readonly CheckIssue[]) => !buildOk || issues.some(breaking);

/** The first breaking problem, in plain words. */
function whatWentWrong(issues: readonly CheckIssue[]): string {
  const first =
    issues.find((i) => i.source === 'imports') ??
    issues.find((i) => i.source === 'build') ??
    issues.find((i) => i.source === 'render') ??
    issues.find(isFailedCheck);
  if (!first) return 'the code did not build';
  const detail = formatIssue(first).slice(0, 240);
  if (first.source === 'imports') return `it needs a package Sprout does not have (${detail})`;
  if (first.source === 'build') return `the code did not build (${detail})`;
  if (first.source === 'behaviour') return `the app does not do what its checks expect (${first.message.slice(0, 240)})`;
  if (/blank|nothing/i.test(first.message)) return 'the app showed a blank page';
  return `the app crashed when it opened (${detail})`;
}

/** Why the run ended failed with its attempt kept; the chat adds that nothing was changed or counted. */
export function attemptFailure(issues: readonly CheckIssue[], fixRounds: number): Failure {
  const rounds = fixRounds === 0 ? '' : ` after ${fixRounds} automatic fix${fixRounds === 1 ? '' : 'es'}`;
  return {
    code: ATTEMPT_FAILED,
    message: `This change did not work${rounds}: ${whatWentWrong(issues)}. Your app stays on its last working version; you can open the attempt to look at it or restore it.`,
    refund: true,
  };
}
