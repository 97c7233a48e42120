import { describe, expect, it } from 'vitest';
import type { RenderOutcome } from '@sprout/engine';
import { CheckJob, fromCheckJob, fromStoredVerdict, StoredVerdict, toCheckJob, toStoredVerdict } from './check-job';

const input = {
  sproutId: 'p1',
  ownerId: 'u1',
  versionId: 'v1',
  dataRules: '{"collections":{}}',
  checks: [{ file: 'checks/add.json', name: 'adds a task', steps: [{ click: 'Add' }] }] as never,
  signal: new AbortController().signal,
};

/** Through the job queue's JSON and back, as the check worker and the waiting run see it. */
const throughJson = <T>(value: T): unknown => JSON.parse(JSON.stringify(value));

describe('a render check as a job', () => {
  it('carries the candidate, its rules and its behaviour checks, never the signal', () => {
    const job = CheckJob.parse(throughJson(toCheckJob(input)));
    expect(job).toEqual({ sproutId: 'p1', ownerId: 'u1', versionId: 'v1', dataRules: '{"collections":{}}', checks: input.checks });
    const { signal: _, ...rest } = input;
    expect(fromCheckJob(job)).toEqual(rest);
    expect(fromCheckJob(CheckJob.parse(throughJson(toCheckJob({ ...input, dataRules: null })))).dataRules).toBeNull();
  });

  it('is refused when a field is missing or of the wrong kind', () => {
    expect(CheckJob.safeParse({ ...toCheckJob(input), versionId: '' }).success).toBe(false);
    expect(CheckJob.safeParse({ ...toCheckJob(input), checks: 'all' }).success).toBe(false);
    expect(CheckJob.safeParse({ sproutId: 'p1' }).success).toBe(false);
  });
});

describe('a stored verdict', () => {
  const thumbnail = new Uint8Array([0xff, 0xd8, 0x00, 0x01, 0xfe]);
  const cases: RenderOutcome[] = [
    { status: 'passed', durationMs: 812, thumbnail, checks: [{ file: 'checks/add.json', name: 'adds a task', passed: true }] as never },
    { status: 'passed', durationMs: 90, thumbnail },
    // What the page logged travels with it, for a model that views the preview.
    { status: 'passed', durationMs: 95, thumbnail, console: [{ type: 'log', text: 'ready' }] },
    {
      status: 'failed',
      durationMs: 1500,
      issues: [{ kind: 'uncaught', message: 'x is not defined', file: 'client/src/App.tsx', line: 3, column: 9 }],
      thumbnail: null,
    },
    { status: 'failed', durationMs: 2000, issues: [{ kind: 'blank', message: 'Nothing showed.', file: null, line: null, column: null }], thumbnail },
    { status: 'skipped', reason: 'The version does not build; its build errors are what to fix.' },
  ];

  it('comes back as the check answered it, thumbnail bytes included', () => {
    for (const outcome of cases) expect(fromStoredVerdict(StoredVerdict.parse(throughJson(toStoredVerdict(outcome))))).toEqual(outcome);
  });

  it('is refused when it is not one', () => {
    expect(StoredVerdict.safeParse({ status: 'passed', durationMs: 1 }).success).toBe(false);
    expect(StoredVerdict.safeParse({ status: 'maybe', reason: 'x' }).success).toBe(false);
    expect(StoredVerdict.safeParse({ status: 'failed', durationMs: 1, issues: [{ kind: 'x' }], thumbnail: null }).success).toBe(false);
  });
});
