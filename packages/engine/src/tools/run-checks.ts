import { z } from 'zod';
import { formatIssue, type CheckIssue } from '../checks/issues';
import { isFailedCheck } from '../checks/render-check';
import { checkRound, copyOf } from '../run/check-round';
import { defineTool, plural, type ToolOutcome } from './tool-kit';

const MAX_ISSUES = 20;
const MAX_TYPE_ERRORS = 10;

const listed = (issues: CheckIssue[], max: number) => [
  ...issues.slice(0, max).map((i) => `- [${i.source}] ${formatIssue(i).slice(0, 400)}`),
  ...(issues.length > max ? [`- … and ${issues.length - max} more`] : []),
];

/**
 * The checks the fix loop runs, on a copy of the working copy as the answer has changed it so far
 * (run/check-round.ts: fixers, unknown packages, linters, the build, the type check, the render check
 * and the behaviour checks), answered compactly. The copy's automatic fixes are reported, not kept:
 * the run applies them itself when it checks the answer.
 */
export const runChecks = defineTool({
  description:
    'Run the checks on the project as your answer has changed it so far: the build, the type check, the app opened in the server’s browser and its behaviour checks (checks/*.json). Returns what fails.',
  inputSchema: z.object({}),
  calling: () => 'Running the checks',
  async run(_input, { s, work }): Promise<ToolOutcome> {
    const round = await checkRound(s, copyOf(work), s.tally.fixRounds, [], false);
    const { check, render } = round;
    const types = await check.typeCheck;
    const behaviour = render.behaviour ?? [];
    const failedChecks = behaviour.filter((b) => !b.ok).length;
    const others = check.issues.filter((i) => i.source !== 'build' && i.source !== 'render' && !isFailedCheck(i));
    const typeLine = types.status === 'skipped' ? `skipped (${types.reason ?? 'not run'})` : types.errors.length ? plural(types.errors.length, 'error') : 'ok';
    const renderLine = `${render.summary.status}${render.summary.reason ? ` (${render.summary.reason})` : ''}`;
    const text = [
      `Build: ${check.buildOk ? 'ok' : 'failed'}`,
      `Type check: ${typeLine}`,
      `Render check: ${renderLine}`,
      `Behaviour checks: ${behaviour.length ? `${behaviour.length - failedChecks} of ${behaviour.length} pass` : 'none ran'}`,
      ...(check.issues.length ? [`Problems (${check.issues.length}):`, ...listed(check.issues, MAX_ISSUES)] : ['Problems: none']),
      ...(types.errors.length ? ['Type errors in the files you changed:', ...listed(types.errors, MAX_TYPE_ERRORS)] : []),
      ...(round.fixes.length ? [`Automatic fixes the run will make itself: ${round.fixes.join('; ')}`] : []),
    ].join('\n');
    const said = [
      check.buildOk ? 'build ok' : `build failed (${plural(check.issues.filter((i) => i.source === 'build').length, 'error')})`,
      ...(types.errors.length ? [plural(types.errors.length, 'type error')] : []),
      ...(render.summary.status === 'failed' && check.issues.some((i) => i.source === 'render') ? ['render failed'] : []),
      ...(failedChecks
        ? [`${plural(failedChecks, 'behaviour check')} failed`]
        : behaviour.length
          ? [`${plural(behaviour.length, 'behaviour check')} ${behaviour.length === 1 ? 'passes' : 'pass'}`]
          : []),
      ...(others.length ? [plural(others.length, 'other problem')] : []),
    ];
    return { text, summary: `Checks: ${said.join(', ')}` };
  },
});
