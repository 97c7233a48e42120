import { describe, expect, it } from 'vitest';
import type { CaseRecord } from './judge-case';
import type { Summary } from './metrics';
import { byKind, caseList, caseTable, duration, markdownTable, stepsAndTokens, summaryRows, summaryTable, tokens } from './table';

const summary = (over: Partial<Summary> = {}): Summary => ({
  suite: 'replay',
  model: 'replay',
  runsPerCase: 1,
  cases: 4,
  judged: 3,
  asExpected: 2,
  notJudged: { 'the render check did not run': 1 },
  preview: { expected: 4, working: 3 },
  checks: { passed: 5, total: 6, cases: 2, projectsWithChecks: 3 },
  fixRounds: { total: 3, mean: 0.75 },
  tokens: { in: 12_000, out: 2_500_000, meanIn: 3000, meanOut: 625_000 },
  steps: { total: 9, mean: 2.25, requests: 7, toolCalls: 2 },
  tools: { read_file: 1, run_checks: 1 },
  plans: { cases: 2, turns: 3, asExpected: 2, uncharged: 3 },
  approvals: { turns: 2, built: 2, charged: 2 },
  firstWorkingPreviewMs: { median: 1500, p90: 72_000, n: 3 },
  endings: { attempt_failed: 1, answer_cut_off: 2 },
  fixIssues: {},
  requests: { continue: 2 },
  suspectFalsePositives: 0,
  durationMs: 95_000,
  ...over,
});

describe('number formats', () => {
  it.each([
    [0, '0'],
    [999, '999'],
    [1234, '1.2k'],
    [1_234_567, '1.23M'],
  ])('tokens(%d) = %s', (n, text) => expect(tokens(n)).toBe(text));

  it.each([
    [null, 'n/a'],
    [840, '840 ms'],
    [12_400, '12.4 s'],
    [95_000, '1 min 35 s'],
  ])('duration(%j) = %s', (ms, text) => expect(duration(ms)).toBe(text));

  it('lists counts largest first, names breaking ties, and says none when empty', () => {
    expect(byKind({ build: 3, render: 5, apply: 3 })).toBe('render 5 · apply 3 · build 3');
    expect(byKind({})).toBe('none');
  });
});

describe('summaryRows', () => {
  it('states every figure of the suite in words', () => {
    expect(Object.fromEntries(summaryRows(summary()))).toEqual({
      cases: '4, model replay',
      'ended as expected': '2 of 3 (66.7 %) · 1 not judged: 1 because the render check did not run',
      'working preview at the end': '3 of 4 (75 %)',
      'behaviour checks passed': '5 of 6 (83.3 %) in 2 cases',
      'fix rounds': '0.75 per case (3 in all)',
      'tokens in / out': '3.0k / 625.0k per case (12.0k / 2.50M in all)',
      'model steps (requests and tool calls)': '2.25 per case (9 in all: 7 model requests · 2 tool calls)',
      'tool calls by tool': 'read_file 1 · run_checks 1',
      'plan turns: plans as expected': '2 of 3 (66.7 %) in 2 cases',
      'plan turns: charged nothing': '3 of 3 (100 %)',
      'approved plans: built, charged': '2 of 2 made a version · 2 messages charged',
      'time to first working preview': 'median 1.5 s · p90 1 min 12 s (3 cases)',
      'failures by kind: run endings': 'answer_cut_off 2 · attempt_failed 1',
      'failures by kind: issues sent to fix rounds': 'none',
      'extra requests (continue, placeholder)': 'continue 2',
      'suspect false positives (only the imports check failed; types and render passed)': '0',
      'wall time': '1 min 35 s',
    });
  });

  it('says when no check ran, no case was judged or no preview worked, and counts runs per case', () => {
    const rows = Object.fromEntries(
      summaryRows(
        summary({
          runsPerCase: 2,
          judged: 0,
          asExpected: 0,
          notJudged: {},
          checks: { passed: 0, total: 0, cases: 0, projectsWithChecks: 1 },
          firstWorkingPreviewMs: { median: null, p90: null, n: 0 },
          tools: {},
          plans: { cases: 0, turns: 0, asExpected: 0, uncharged: 0 },
          approvals: { turns: 0, built: 0, charged: 0 },
        }),
      ),
    );
    expect(rows.cases).toBe('4 (2 cases × 2 runs), model replay');
    expect(rows['ended as expected']).toBe('0 of 0 (n/a)');
    expect(rows['behaviour checks passed']).toBe('not run (1 of 4 projects have checks; no round ran them)');
    expect(rows['time to first working preview']).toBe('n/a (no working preview)');
    expect(rows['tool calls by tool']).toBe('none');
    expect(rows['plan turns: plans as expected']).toBe('no plan turns');
    expect(rows['plan turns: charged nothing']).toBe('no plan turns');
    expect(rows['approved plans: built, charged']).toBe('no approvals');
    const one = Object.fromEntries(
      summaryRows(summary({ plans: { cases: 1, turns: 1, asExpected: 1, uncharged: 1 }, approvals: { turns: 1, built: 1, charged: 1 } })),
    );
    expect(one['plan turns: plans as expected']).toBe('1 of 1 (100 %) in 1 case');
    expect(one['approved plans: built, charged']).toBe('1 of 1 made a version · 1 message charged');
  });
});

describe('markdownTable', () => {
  it('pads columns and escapes pipes so the table stays a table', () => {
    expect(
      markdownTable(
        ['measure', 'value'],
        [
          ['a|b', 'one'],
          ['long measure', 'x'],
        ],
      ),
    ).toBe(['| measure      | value |', '|--------------|-------|', '| a\\|b         | one   |', '| long measure | x     |'].join('\n'));
  });

  it('makes a table of any number of columns', () => {
    expect(markdownTable(['a', 'b', 'c'], [['1', 'two', '3']])).toBe(['| a | b   | c |', '|---|-----|---|', '| 1 | two | 3 |'].join('\n'));
  });

  it('heads the summary table with the suite name', () => {
    expect(summaryTable(summary()).split('\n')[0]).toMatch(/^\| measure +\| replay +\|$/);
  });
});

describe('caseList', () => {
  const record = (over: Partial<CaseRecord>): CaseRecord =>
    ({ name: 'c', defect: 'cut off', run: 1, asExpected: true, reasons: [], notJudged: null, ...over }) as CaseRecord;

  it('lists the cases not as expected and the unjudged ones with why, tagging runs when there are several', () => {
    const text = caseList(
      [
        record({ name: 'ok-case' }),
        record({ name: 'bad', run: 2, asExpected: false, reasons: ['ended finished, expected failed:answer_cut_off', 'made a version, expected none'] }),
        record({
          name: 'waits',
          defect: 'first-render crash',
          asExpected: null,
          notJudged: 'the render check did not run',
          reasons: ['0 fix rounds, expected 1'],
        }),
      ],
      2,
    );
    expect(text).toBe(
      [
        'Not as expected (1):',
        '- bad (run 2) [cut off]: ended finished, expected failed:answer_cut_off; made a version, expected none',
        '',
        'Not judged (1): what they expect depends on a check the server did not run.',
        '- waits (run 1) [first-render crash]: the render check did not run; saw: 0 fix rounds, expected 1',
      ].join('\n'),
    );
  });

  it('says so when every judged case ended as expected', () => {
    expect(caseList([record({})], 1)).toBe('Every judged case ended as expected.');
  });
});

describe('steps and tokens per case', () => {
  const turn = (kind: 'build' | 'plan' | 'approve', ending: string, charged: number | null) => ({ kind, charged, facts: { ending } });
  const record = (over: Partial<CaseRecord>): CaseRecord =>
    ({ name: 'c', run: 1, asExpected: true, steps: 1, toolCalls: {}, tokensIn: 100, tokensOut: 25, turns: [], ...over }) as CaseRecord;

  it("says a case's steps, tool calls and tokens in a few words", () => {
    expect(stepsAndTokens(record({}))).toBe('1 step, tokens 100 / 25');
    expect(stepsAndTokens(record({ steps: 5, toolCalls: { read_file: 2, run_checks: 1 }, tokensIn: 1234 }))).toBe('5 steps (3 tool calls), tokens 1.2k / 25');
  });

  it('lists each case with its turns, result, steps, tokens and charges', () => {
    const table = caseTable(
      [
        record({
          name: 'band-voting-plan',
          steps: 2,
          tokensIn: 60_000,
          tokensOut: 9000,
          turns: [turn('plan', 'finished', 0), turn('approve', 'finished', 1)] as CaseRecord['turns'],
        }),
        record({ name: 'tool-fix', asExpected: false, steps: 4, toolCalls: { read_file: 2 }, turns: [turn('build', 'finished', null)] as CaseRecord['turns'] }),
      ],
      1,
    );
    expect(table.split('\n')).toEqual([
      '| case             | turns: ending                  | as expected | steps (tool calls) | tokens in / out | charged per turn |',
      '|------------------|--------------------------------|-------------|--------------------|-----------------|------------------|',
      '| band-voting-plan | plan finished → build finished | yes         | 2 (0)              | 60.0k / 9.0k    | 0 · 1            |',
      '| tool-fix         | msg finished                   | no          | 4 (2)              | 100 / 25        | ?                |',
    ]);
  });
});
