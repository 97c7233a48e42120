import { describe, expect, it } from 'vitest';
import type { TypeCheckResult } from '@sprout/engine';
import { fromStoredTypeCheck, TypeCheckJob } from './type-check-job';

/** Through the job queue's or the file store's JSON and back, as the check worker and the waiting run see it. */
const throughJson = <T>(value: T): unknown => JSON.parse(JSON.stringify(value));

describe('a type check as a job', () => {
  const job: TypeCheckJob = { sproutId: 'p1', versionId: 'v1', changed: ['client/src/App.tsx', 'lib/util.ts'], timeoutMs: 7_950.5 };

  it('carries the candidate by its ids, the changed paths and the time left, never the files', () => {
    expect(TypeCheckJob.parse(throughJson(job))).toEqual(job);
    expect(Object.keys(TypeCheckJob.shape).sort()).toEqual(['changed', 'sproutId', 'timeoutMs', 'versionId']);
  });

  it('is refused when a field is missing or of the wrong kind', () => {
    expect(TypeCheckJob.safeParse({ ...job, versionId: '' }).success).toBe(false);
    expect(TypeCheckJob.safeParse({ ...job, changed: 'client/src/App.tsx' }).success).toBe(false);
    expect(TypeCheckJob.safeParse({ ...job, timeoutMs: 0 }).success).toBe(false);
    expect(TypeCheckJob.safeParse({ sproutId: 'p1' }).success).toBe(false);
  });
});

describe('a stored type check result', () => {
  const results: TypeCheckResult[] = [
    {
      status: 'errors',
      errors: [{ source: 'types', file: 'client/src/App.tsx', line: 2, column: 9, message: "TS2304: Cannot find name 'Card'." }],
      reason: null,
      durationMs: 812,
      missingNames: [{ file: 'client/src/App.tsx', name: 'Card' }],
    },
    { status: 'ok', errors: [], reason: null, durationMs: 640, missingNames: [] },
    { status: 'skipped', errors: [], reason: 'it took longer than 8 s', durationMs: 8_001, missingNames: [] },
  ];

  it('comes back as the check worker answered it', () => {
    for (const result of results) expect(fromStoredTypeCheck(throughJson(result))).toEqual(result);
  });

  it('is null when it is not one', () => {
    expect(fromStoredTypeCheck({ status: 'ok' })).toBeNull();
    expect(fromStoredTypeCheck({ ...results[0], status: 'maybe' })).toBeNull();
    expect(fromStoredTypeCheck({ ...results[0], errors: [{ source: 'types', message: 'x' }] })).toBeNull();
    expect(fromStoredTypeCheck('ok')).toBeNull();
  });
});
