import { describe, expect, it } from 'vitest';
import type { RenderCheckFn } from '../checks/render-check';
import { okBuild, toolContext } from './context.testing';
import { runChecks } from './run-checks';

const APP = 'export default function App() {\n  return <h1>Hi</h1>;\n}\n';
const CHECK = JSON.stringify({ name: 'Greets', steps: [{ do: 'expectText', text: 'Hello' }] });

describe('run_checks', () => {
  it('runs the fix loop’s checks on a copy: what fails, compactly, and the working copy untouched', async () => {
    const fenced = '```tsx\nexport const x = 1;\n```\n';
    const built: unknown[] = [];
    const renderCheck: RenderCheckFn = async (input) => ({
      status: 'passed',
      durationMs: 3,
      thumbnail: new Uint8Array([1]),
      checks: input.checks.map((c) => ({
        file: c.file,
        name: c.name,
        ok: false,
        failedStep: 1,
        step: 'see the text "Hello"',
        message: 'The page shows "Hi".',
      })),
    });
    const { ctx, events, work } = toolContext(
      { 'client/src/App.tsx': APP, 'client/src/x.ts': fenced, 'checks/greets.json': CHECK },
      { build: okBuild(built as never), renderCheck },
    );
    work.changed.add('client/src/x.ts');
    const out = await runChecks.run({}, ctx);
    expect(out.summary).toBe('Checks: build ok, 1 behaviour check failed');
    expect(out.text).toBe(
      [
        'Build: ok',
        'Type check: skipped (type checks are off)',
        'Render check: passed',
        'Behaviour checks: 0 of 1 pass',
        'Problems (1):',
        '- [behaviour] checks/greets.json: Check "Greets" failed at step 1 (see the text "Hello"): The page shows "Hi".',
        'Automatic fixes the run will make itself: removed Markdown code fences from client/src/x.ts',
      ].join('\n'),
    );
    // The fixers ran on the copy that was built; the run's working copy still has what the answer wrote.
    expect(work.files.get('client/src/x.ts')).toBe(fenced);
    expect(built).toHaveLength(1);
    // Nothing is announced to the person: the tool's look is not a candidate of the run.
    expect(events).toEqual([]);
  });

  it('says the build failed, with its errors', async () => {
    const build = async () => ({
      ok: false as const,
      mode: 'preview' as const,
      errors: [{ file: 'client/src/App.tsx', line: 2, column: 3, message: 'Unexpected "}"' }],
      warnings: [],
      durationMs: 1,
    });
    const { ctx } = toolContext({ 'client/src/App.tsx': APP }, { build });
    const out = await runChecks.run({}, ctx);
    expect(out.summary).toBe('Checks: build failed (1 error)');
    expect(out.text).toContain('Render check: skipped (The server does not check how versions render.)');
    expect(out.text).toContain('- [build] client/src/App.tsx:2:3: Unexpected "}"');
  });
});
