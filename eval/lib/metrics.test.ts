import type { CheckIssue, Plan } from '@sprout/core/contract';
import { describe, expect, it } from 'vitest';
import { judgeCase, type ObservedCase, type ObservedTurn } from './judge-case';
import { median, percentile, summarize } from './metrics';
import { runFacts, type RunFacts, type TimedEvent } from './run-facts';
import { parseCase } from './suite';

const issue = (source: CheckIssue['source'], message = 'broken'): CheckIssue => ({ source, file: 'client/src/App.tsx', line: 1, column: 1, message });
const totals = { model: 'm', tokensIn: 100, tokensOut: 50, fixRounds: 1, durationMs: 10 };
let seq = 0;
const ev = (type: string, data: unknown, receivedAt?: number) =>
  ({ runId: 'r1', seq: ++seq, type, data, at: new Date(1000).toISOString(), ...(receivedAt ? { receivedAt } : {}) }) as TimedEvent;
const render = (status: 'passed' | 'failed' | 'skipped') => ({
  status,
  reason: status === 'skipped' ? 'no Chromium' : null,
  durationMs: 5,
  screenshotId: null,
});

describe('runFacts', () => {
  it('reads a run that took a fix round for a render crash and finished', () => {
    const f = runFacts([
      ev('run.started', {}),
      ev('fix.started', { round: 0, reason: 'continue', issues: [issue('parser')] }),
      ev('problem', { kind: 'no-match', message: 'x' }),
      ev('check.result', { round: 0, ok: false, issues: [issue('render')], fixes: [], durationMs: 1, render: render('failed'), typeErrors: [] }),
      ev('fix.started', { round: 1, reason: 'errors', issues: [issue('render'), issue('render'), issue('build')] }),
      ev('preview.ready', { versionId: 'v1', ok: true, errors: [], acceptRuntimeErrorsUntil: '' }, 5000),
      ev('preview.ready', { versionId: 'v1', ok: true, errors: [], acceptRuntimeErrorsUntil: '' }, 9000),
      ev('check.result', {
        round: 1,
        ok: true,
        issues: [],
        fixes: [],
        durationMs: 1,
        render: render('passed'),
        typeErrors: [issue('types')],
        behaviour: [
          { file: 'checks/a.json', name: 'A', ok: true, failedStep: null, step: null, message: null },
          { file: 'checks/b.json', name: 'B', ok: false, failedStep: 2, step: 'click', message: 'no button' },
        ],
      }),
      ev('run.finished', { ...totals, versionId: 'v1', summary: 's', remainingIssues: 0 }),
    ]);
    expect(f).toMatchObject({
      runId: 'r1',
      ending: 'finished',
      versionId: 'v1',
      fixRounds: 1,
      tokensIn: 100,
      tokensOut: 50,
      requests: { continue: 1, errors: 1 },
      fixIssues: { render: 2, build: 1 },
      fixRequests: [
        { round: 0, reason: 'continue', issues: ['[parser] client/src/App.tsx:1: broken'] },
        {
          round: 1,
          reason: 'errors',
          issues: ['[render] client/src/App.tsx:1: broken', '[render] client/src/App.tsx:1: broken', '[build] client/src/App.tsx:1: broken'],
        },
      ],
      problems: { 'no-match': 1 },
      render: { ran: true, last: 'passed', lastReason: null },
      behaviour: { passed: 1, total: 2, failed: ['B'] },
      firstWorkingPreviewAt: 5000,
      typeErrors: 1,
    });
  });

  it('reads a failure with its code and message, and a render check that never ran', () => {
    const f = runFacts([
      ev('check.result', { round: 0, ok: true, issues: [], fixes: [], durationMs: 1, render: render('skipped') }),
      ev('run.failed', { ...totals, fixRounds: 2, code: 'attempt_failed', message: 'did not work', refunded: true }),
    ]);
    expect(f).toMatchObject({ ending: 'failed:attempt_failed', failureMessage: 'did not work', versionId: null, fixRounds: 2 });
    expect(f.render).toEqual({ ran: false, last: 'skipped', lastReason: 'no Chromium' });
  });

  it('marks a round failed only by the imports check while the type check and the render check passed as a suspect false positive', () => {
    const typeCheck = (status: 'ok' | 'errors') => ({ status, reason: null, durationMs: 3 });
    const round = (over: Record<string, unknown>) =>
      ev('check.result', {
        round: 0,
        ok: false,
        issues: [issue('imports', '<HTMLCanvasElement> is used but never imported or declared.')],
        fixes: [],
        durationMs: 1,
        render: render('passed'),
        typeCheck: typeCheck('ok'),
        ...over,
      });
    expect(runFacts([round({})]).suspectFalsePositives).toEqual([
      '[imports] client/src/App.tsx:1: <HTMLCanvasElement> is used but never imported or declared.',
    ]);
    // Not suspect: the compiler or the browser agrees something is wrong, another kind of issue stands, or a check failed.
    for (const over of [
      { typeCheck: typeCheck('errors') },
      { typeCheck: { status: 'skipped', reason: 'too big', durationMs: 0 } },
      { render: render('failed') },
      { render: render('skipped') },
      { issues: [issue('imports'), issue('build')] },
      { behaviour: [{ file: 'checks/a.json', name: 'A', ok: false, failedStep: 1, step: 'click', message: 'no button' }] },
      { ok: true, issues: [] },
    ])
      expect(runFacts([round(over)]).suspectFalsePositives).toEqual([]);
  });

  it('says none when the events end without a terminal one', () => {
    expect(runFacts([ev('run.started', {})]).ending).toBe('none');
    expect(runFacts([]).runId).toBeNull();
  });

  it('counts model steps: the first request, one per extra request, and one per tool call, by tool', () => {
    const step = (name: string, input: Record<string, unknown>, summary: string) => ({ name, input, summary });
    const read = (path: string, lines: number) => [
      ev('tool.called', step('read_file', { path }, `Reading ${path}`)),
      ev('tool.result', step('read_file', { path }, `Read ${path} (${lines} lines)`)),
    ];
    const f = runFacts([
      ev('run.started', {}),
      ...read('client/src/App.tsx', 40),
      ev('tool.called', step('run_checks', {}, 'Running the checks')),
      ev('tool.result', step('run_checks', {}, 'Checks: build failed (1 error)')),
      ev('fix.started', { round: 1, reason: 'errors', issues: [issue('build')] }),
      ...read('client/src/lib.ts', 12),
      ev('run.finished', { ...totals, versionId: 'v1', summary: 's', remainingIssues: 0, refunded: false }),
    ]);
    expect(f).toMatchObject({ modelRequests: 2, toolCalls: { read_file: 2, run_checks: 1 }, steps: 5, refunded: false, tokensIn: 100, tokensOut: 50 });
    expect(f.toolSteps).toEqual([
      '→ Reading client/src/App.tsx',
      '← Read client/src/App.tsx (40 lines)',
      '→ Running the checks',
      '← Checks: build failed (1 error)',
      '→ Reading client/src/lib.ts',
      '← Read client/src/lib.ts (12 lines)',
    ]);
    // A run without tools: one step per request; no events, no steps.
    expect(runFacts([ev('run.started', {}), ev('run.failed', { ...totals, code: 'x', message: 'm', refunded: true })])).toMatchObject({
      modelRequests: 1,
      steps: 1,
      toolCalls: {},
      refunded: true,
    });
    expect(runFacts([]).steps).toBe(0);
  });

  it('keeps the plan a plan run proposed', () => {
    const plan: Plan = { summary: 'A log', screens: [], data: [], integrations: [], design: 'Plain', questions: [] };
    const f = runFacts([ev('plan.proposed', plan), ev('run.finished', { ...totals, fixRounds: 0, versionId: null, summary: 'A log', remainingIssues: 0 })]);
    expect(f).toMatchObject({ plan, ending: 'finished', versionId: null, refunded: null, steps: 1 });
  });
});

const facts = (over: Partial<RunFacts>): RunFacts => ({ ...runFacts([]), runId: 'r', ...over });
const turn = (over: Partial<RunFacts>, files: Record<string, string> | null = {}, extra: Partial<ObservedTurn> = {}): ObservedTurn => ({
  prompt: 'p',
  kind: 'build',
  charged: null,
  facts: facts(over),
  sentAt: 1000,
  files,
  unusedReplies: 0,
  missingReplies: 0,
  ...extra,
});
const observed = (turns: ObservedTurn[], currentVersionId: string | null, buildOk: boolean | null = true): ObservedCase => ({
  run: 1,
  turns,
  final: { currentVersionId, buildOk },
  durationMs: 100,
});
const caseOf = (header: Record<string, unknown>) => parseCase('/x/c.json', JSON.stringify({ title: 'T', prompt: 'p', ...header }));
const ran = { ran: true, last: 'passed' as const, lastReason: null };

describe('judgeCase', () => {
  it('fails a case with a suspect false positive, however it ended, and counts it in the summary', () => {
    const c = caseOf({ expect: { ending: 'failed:attempt_failed' } });
    const r = judgeCase(c, observed([turn({ ending: 'failed:attempt_failed', suspectFalsePositives: ['[imports] a: <X> is used'] })], null), true);
    expect(r.asExpected).toBe(false);
    expect(r.suspectFalsePositive).toBe(true);
    expect(r.reasons).toEqual([expect.stringMatching(/^suspect false positive: only the imports check failed a round .*\(\[imports\] a: <X> is used\)$/)]);
    expect(summarize('replay', 'replay', 1, [r], 1).suspectFalsePositives).toBe(1);
  });

  it('passes a case that ended as expected, with its figures', () => {
    const c = caseOf({ expect: { ending: 'finished', fixRounds: 1, files: [{ path: 'client/src/App.tsx', contains: 'useState' }] }, needs: ['render'] });
    const r = judgeCase(
      c,
      observed(
        [
          turn(
            {
              ending: 'finished',
              versionId: 'v1',
              fixRounds: 1,
              tokensIn: 10,
              tokensOut: 5,
              render: ran,
              firstWorkingPreviewAt: 1800,
              fixIssues: { render: 1 },
            },
            { 'client/src/App.tsx': 'useState', 'checks/a.json': '{}' },
          ),
        ],
        'v1',
      ),
      true,
    );
    expect(r).toMatchObject({ asExpected: true, reasons: [], notJudged: null, ending: 'finished', fixRounds: 1, checkFiles: 1, firstWorkingPreviewMs: 800 });
    expect(r.preview).toEqual({ expected: true, working: true, detail: null });
    expect(r.failureKinds).toEqual(['fix:render']);
  });

  it('names every way a turn differed from its expectation', () => {
    const c = caseOf({
      expect: {
        ending: 'finished',
        fixRounds: 0,
        files: [
          { path: 'a.ts', contains: 'x' },
          { path: 'b.ts', notContains: 'TODO' },
          { path: '.env', absent: true },
          { path: 'gone.ts', contains: 'y' },
        ],
      },
    });
    const r = judgeCase(
      c,
      observed(
        [turn({ ending: 'finished', versionId: null, fixRounds: 2 }, { 'a.ts': 'z', 'b.ts': 'TODO later', '.env': 'K=1' }, { missingReplies: 1 })],
        null,
      ),
      true,
    );
    expect(r.asExpected).toBe(false);
    expect(r.reasons).toEqual([
      '2 fix rounds, expected 0',
      'made no version, expected one',
      'a.ts does not contain "x"',
      'b.ts still contains "TODO"',
      '.env exists, expected it absent',
      'gone.ts is missing',
      'the run asked for 1 more reply than were recorded',
      'no working preview at the end: the project is not on a version the case made',
    ]);
  });

  it('reports a different ending with the failure message, and a failed run that left a version', () => {
    const c = caseOf({ expect: { ending: 'failed:answer_cut_off' } });
    const wrong = judgeCase(c, observed([turn({ ending: 'failed:provider_error', failureMessage: 'the model failed' })], null), true);
    expect(wrong.reasons).toEqual(['ended failed:provider_error (the model failed), expected failed:answer_cut_off']);
    const committed = judgeCase(c, observed([turn({ ending: 'failed:answer_cut_off', versionId: 'v9' })], 'v9'), true);
    expect(committed.reasons).toEqual(['made a version, expected none']);
    expect(committed.preview.expected).toBe(false);
  });

  it('prefixes reasons with the turn when a case has follow-ups, and fails a case whose last version does not build', () => {
    const c = caseOf({ followUps: [{ prompt: 'add charts', expect: { ending: 'failed:attempt_failed', fixRounds: 2 } }] });
    const r = judgeCase(
      c,
      observed([turn({ ending: 'finished', versionId: 'v1' }), turn({ ending: 'failed:attempt_failed', fixRounds: 1 })], 'v1', false),
      true,
    );
    expect(r.ending).toBe('finished → failed:attempt_failed');
    expect(r.reasons).toEqual(['turn 2: 1 fix round, expected 2', 'no working preview at the end: the current version does not build']);
  });

  it('fails a case whose current version failed its render check, and one that could not send every turn', () => {
    const c = caseOf({ followUps: ['more'] });
    const r = judgeCase(c, observed([turn({ ending: 'finished', versionId: 'v1', render: { ran: true, last: 'failed', lastReason: null } })], 'v1'), true);
    expect(r.reasons).toEqual(['only 1 of 2 turns were sent', 'no working preview at the end: the current version failed its render check']);
  });

  it('holds the behaviour checks to "all" only when the case says so', () => {
    const behaviour = { passed: 1, total: 3, failed: ['Adds', 'Deletes'] };
    const strict = judgeCase(caseOf({ expectChecks: 'all' }), observed([turn({ ending: 'finished', versionId: 'v1', behaviour })], 'v1'), true);
    expect(strict.reasons).toEqual(['2 of 3 behaviour checks failed: Adds, Deletes']);
    expect(strict.checks).toEqual(behaviour);
    expect(judgeCase(caseOf({}), observed([turn({ ending: 'finished', versionId: 'v1', behaviour })], 'v1'), true).asExpected).toBe(true);
  });

  it("counts the current version's checks, not those of a failed attempt after it", () => {
    const c = caseOf({ followUps: [{ prompt: 'clear completed', expect: { ending: 'failed:attempt_failed' } }], expectChecks: 'all' });
    const passed = { passed: 1, total: 1, failed: [] };
    const r = judgeCase(
      c,
      observed(
        [
          turn({ ending: 'finished', versionId: 'v1', behaviour: passed }),
          turn({ ending: 'failed:attempt_failed', behaviour: { passed: 0, total: 2, failed: ['A', 'B'] } }),
        ],
        'v1',
      ),
      true,
    );
    expect(r.checks).toEqual(passed);
    expect(r.asExpected).toBe(true);
    const none = judgeCase(
      caseOf({ expect: { ending: 'failed:attempt_failed' } }),
      observed([turn({ ending: 'failed:attempt_failed', behaviour: passed })], null),
      true,
    );
    expect(none.checks).toBeNull();
  });

  it('does not judge a mismatch that depends on a check the server did not run', () => {
    const c = caseOf({ expect: { ending: 'finished', fixRounds: 1 }, needs: ['render', 'behaviour'] });
    const r = judgeCase(c, observed([turn({ ending: 'finished', versionId: 'v1' })], 'v1'), true);
    expect(r.asExpected).toBeNull();
    expect(r.notJudged).toBe('the render check and the behaviour checks did not run');
    // Once the checks ran, the same mismatch is a failure.
    const judged = judgeCase(
      c,
      observed([turn({ ending: 'finished', versionId: 'v1', render: ran, behaviour: { passed: 1, total: 1, failed: [] } })], 'v1'),
      true,
    );
    expect(judged.asExpected).toBe(false);
  });

  it('judges the tool calls a recording makes, by tool, and leaves a real model free', () => {
    const c = caseOf({ tools: true, expect: { ending: 'finished', toolCalls: { read_file: 1, run_checks: 2 } } });
    const calls = (toolCalls: Record<string, number>) => observed([turn({ ending: 'finished', versionId: 'v1', toolCalls })], 'v1');
    expect(judgeCase(c, calls({ run_checks: 2, read_file: 1 }), true).asExpected).toBe(true);
    expect(judgeCase(c, calls({ read_file: 1, run_checks: 1, list_files: 1 }), true).reasons).toEqual([
      'tool calls list_files 1, read_file 1, run_checks 1, expected read_file 1, run_checks 2',
    ]);
    expect(judgeCase(c, calls({}), true).reasons).toEqual(['tool calls none, expected read_file 1, run_checks 2']);
    expect(judgeCase(c, calls({}), false).asExpected).toBe(true);
  });

  it('finds what the tool steps must say, in order', () => {
    const steps = ['→ Running the checks', '← Checks: build failed (1 error)', '→ Running the checks', '← Checks: build ok, 2 behaviour checks pass'];
    const judged = (toolSteps: string[]) =>
      judgeCase(caseOf({ tools: true, expect: { toolSteps } }), observed([turn({ ending: 'finished', versionId: 'v1', toolSteps: steps })], 'v1'), true);
    expect(judged(['build failed', 'checks: build ok']).asExpected).toBe(true);
    expect(judged(['build ok', 'build failed']).reasons).toEqual([`no tool step after the one before says "build failed" (the steps: ${steps.join(' | ')})`]);
    expect(judged(['Reading']).reasons).toEqual([`no tool step says "Reading" (the steps: ${steps.join(' | ')})`]);
  });

  it('judges a real model by withModel, with free fix rounds', () => {
    const c = caseOf({ expect: { ending: 'failed:forbidden_path' }, withModel: { ending: 'finished' } });
    expect(judgeCase(c, observed([turn({ ending: 'finished', versionId: 'v1', fixRounds: 2 })], 'v1'), false).asExpected).toBe(true);
    expect(judgeCase(c, observed([turn({ ending: 'finished', versionId: 'v1', fixRounds: 2 })], 'v1'), true).asExpected).toBe(false);
  });
});

describe('judgeCase: plan turns', () => {
  const PLAN: Plan = {
    summary: 'I’ll build Workout Log, a list of workouts.',
    screens: [{ name: 'Workouts', description: 'The list' }],
    data: [{ name: 'Workouts', fields: ['Exercise', 'Sets', 'Reps', 'Weight', 'Notes (new)'], access: 'Each visitor’s own' }],
    integrations: [],
    design: 'Plain',
    questions: [{ id: 'sharing', text: 'Who sees them?', options: ['Only me', 'Everyone'] }],
  };
  const planCase = caseOf({
    mode: 'plan',
    expect: { plan: { questions: { max: 3 }, dataFields: ['sets', 'Notes'], summaryContains: ['Workout Log'] } },
    followUps: [{ approve: { answers: { sharing: 0 } }, expect: { ending: 'finished', charged: 1 } }],
  });
  const planned = (over: Partial<RunFacts> = {}, extra: Partial<ObservedTurn> = {}) =>
    turn({ ending: 'finished', plan: PLAN, steps: 1, modelRequests: 1, tokensIn: 30, tokensOut: 20, ...over }, {}, { kind: 'plan', charged: 0, ...extra });
  const built = (over: Partial<RunFacts> = {}, extra: Partial<ObservedTurn> = {}) =>
    turn(
      { ending: 'finished', versionId: 'v1', steps: 2, modelRequests: 2, tokensIn: 100, tokensOut: 50, ...over },
      {},
      { kind: 'approve', charged: 1, ...extra },
    );

  it('passes a plan as expected, not charged, then built when approved and charged once', () => {
    const r = judgeCase(planCase, observed([planned(), built()], 'v1'), true);
    expect(r.reasons).toEqual([]);
    expect(r).toMatchObject({
      asExpected: true,
      steps: 3,
      modelRequests: 3,
      tokensIn: 130,
      tokensOut: 70,
      plans: { turns: 1, asExpected: 1, uncharged: 1 },
      approvals: { turns: 1, built: 1, charged: 1 },
    });
    expect(r.preview.expected).toBe(true);
  });

  it('fails a plan turn that was charged, made a version, proposed no plan or a plan unlike the expected one', () => {
    const charged = judgeCase(planCase, observed([planned({}, { charged: 1 }), built()], 'v1'), true);
    expect(charged.reasons).toEqual(['turn 1: charged 1 message, expected 0']);
    expect(charged.plans).toEqual({ turns: 1, asExpected: 0, uncharged: 0 });
    const versioned = judgeCase(planCase, observed([planned({ versionId: 'v0' }), built()], 'v1'), true);
    expect(versioned.reasons).toEqual(['turn 1: made a version, expected none']);
    expect(judgeCase(planCase, observed([planned({ plan: null }), built()], 'v1'), true).reasons).toEqual([
      'turn 1: proposed no plan (no plan.proposed event)',
    ]);
    const other = { ...PLAN, summary: 'A chess board', data: [], questions: [1, 2, 3, 4].map((n) => ({ id: `q${n}`, text: 'Q?', options: ['A'] })) };
    expect(judgeCase(planCase, observed([planned({ plan: other }), built()], 'v1'), true).reasons).toEqual([
      'turn 1: the plan has 4 questions, expected at most 3',
      'turn 1: no collection of the plan has the field "sets" (fields: none)',
      'turn 1: no collection of the plan has the field "Notes" (fields: none)',
      'turn 1: the plan\'s summary does not say "Workout Log": "A chess board"',
    ]);
    expect(judgeCase(planCase, observed([planned({}, { charged: null }), built()], 'v1'), true).reasons).toEqual([
      'turn 1: could not read the usage to check what the turn was charged',
    ]);
  });

  it('judges an approved build like any build, and its charge when the case states it', () => {
    const r = judgeCase(planCase, observed([planned(), built({ ending: 'failed:attempt_failed', versionId: null }, { charged: 0 })], null), true);
    expect(r.reasons).toEqual([
      'turn 2: ended failed:attempt_failed, expected finished',
      'turn 2: charged 0 messages, expected 1',
      'no working preview at the end: the project is not on a version the case made',
    ]);
    expect(r.approvals).toEqual({ turns: 1, built: 0, charged: 0 });
    const unsent = judgeCase(planCase, observed([planned({ plan: null }, { error: 'x' })], null), true);
    expect(unsent.plans).toEqual({ turns: 1, asExpected: 0, uncharged: 1 });
    expect(unsent.reasons).toEqual(['x', 'only 1 of 2 turns were sent', 'no working preview at the end: the project is not on a version the case made']);
  });

  it('expects no preview of a case that only plans, and does not judge charges of a build turn unless stated', () => {
    const only = caseOf({ mode: 'plan' });
    const r = judgeCase(only, observed([planned()], null), true);
    expect(r.asExpected).toBe(true);
    expect(r.preview).toEqual({ expected: false, working: null, detail: null });
    expect(judgeCase(caseOf({}), observed([turn({ ending: 'finished', versionId: 'v1' }, {}, { charged: 0 })], 'v1'), true).asExpected).toBe(true);
  });
});

describe('summarize', () => {
  it('adds the records up into the suite figures', () => {
    const c = caseOf({ expect: { ending: 'finished' } });
    const good = judgeCase(
      c,
      observed(
        [turn({ ending: 'finished', versionId: 'v1', fixRounds: 1, tokensIn: 100, tokensOut: 40, firstWorkingPreviewAt: 3000, fixIssues: { build: 2 } })],
        'v1',
      ),
      true,
    );
    const bad = judgeCase(
      c,
      observed([turn({ ending: 'failed:attempt_failed', fixRounds: 2, tokensIn: 300, tokensOut: 60, requests: { errors: 2, continue: 1 } })], null),
      true,
    );
    const unjudged = judgeCase(caseOf({ expect: { fixRounds: 1 }, needs: ['render'] }), observed([turn({ ending: 'finished', versionId: 'v2' })], 'v2'), true);
    const s = summarize('replay', 'replay', 1, [good, bad, unjudged], 5000);
    expect(s).toMatchObject({
      cases: 3,
      judged: 2,
      asExpected: 1,
      notJudged: { 'the render check did not run': 1 },
      preview: { expected: 3, working: 2 },
      fixRounds: { total: 3, mean: 1 },
      tokens: { in: 400, out: 100 },
      firstWorkingPreviewMs: { median: 2000, p90: 2000, n: 1 },
      endings: { attempt_failed: 1 },
      fixIssues: { build: 2 },
      requests: { continue: 1 },
    });
  });

  it('adds up model steps, tool calls by tool, plan turns and approvals', () => {
    const plan: Plan = { summary: 'S', screens: [], data: [], integrations: [], design: 'D', questions: [] };
    const tooled = judgeCase(
      caseOf({}),
      observed([turn({ ending: 'finished', versionId: 'v1', modelRequests: 3, steps: 6, toolCalls: { read_file: 2, run_checks: 1 } })], 'v1'),
      true,
    );
    const planned = judgeCase(
      caseOf({ mode: 'plan', followUps: [{ approve: {} }] }),
      observed(
        [
          turn({ ending: 'finished', plan, modelRequests: 1, steps: 1 }, {}, { kind: 'plan', charged: 0 }),
          turn({ ending: 'finished', versionId: 'v2', modelRequests: 1, steps: 1 }, {}, { kind: 'approve', charged: 1 }),
        ],
        'v2',
      ),
      true,
    );
    const s = summarize('replay', 'replay', 1, [tooled, planned], 1);
    expect(s).toMatchObject({
      steps: { total: 8, mean: 4, requests: 5, toolCalls: 3 },
      tools: { read_file: 2, run_checks: 1 },
      plans: { cases: 1, turns: 1, asExpected: 1, uncharged: 1 },
      approvals: { turns: 1, built: 1, charged: 1 },
    });
  });
});

describe('median and percentile', () => {
  it('are null for no values and exact for a few', () => {
    expect(median([])).toBeNull();
    expect(percentile([], 90)).toBeNull();
    expect(median([3, 1, 2])).toBe(2);
    expect(median([4, 1, 3, 2])).toBe(2.5);
    expect(percentile([1, 2, 3, 4, 5, 6, 7, 8, 9, 10], 90)).toBe(9);
    expect(percentile([5], 90)).toBe(5);
  });
});
