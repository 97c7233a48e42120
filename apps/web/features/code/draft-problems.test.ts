import { describe, expect, it } from 'vitest';
import type { CheckIssue, FileCheck } from '@sprout/core/contract';
import { contentKey, editorProblems, problemsState, problemsSummary, problemText } from './draft-problems';

const issue = (o: Partial<CheckIssue>): CheckIssue => ({ source: 'build', file: 'client/src/App.tsx', line: 3, column: 5, message: 'Expected ")"', ...o });

describe('draft problems', () => {
  it('fingerprints a text by its characters and length', () => {
    expect(contentKey('abc')).toBe(contentKey('abc'));
    expect(contentKey('abc')).not.toBe(contentKey('abd'));
    expect(contentKey('')).toMatch(/\.0$/);
  });

  it('marks in the editor only what is in the open file at a line, errors before warnings', () => {
    const check: FileCheck = {
      builds: false,
      errors: [issue({}), issue({ file: 'client/src/other.ts' }), issue({ line: null, message: 'no line' })],
      warnings: [issue({ source: 'types', line: 7, column: null, message: 'Type string is not number' })],
    };
    expect(editorProblems(check, 'client/src/App.tsx')).toEqual([
      { line: 3, column: 5, message: 'Expected ")"', severity: 'error' },
      { line: 7, column: 1, message: 'Type string is not number', severity: 'warning' },
    ]);
  });

  it('says where a problem is: the line here, the file elsewhere, the first line of a long message', () => {
    expect(problemText(issue({}), 'client/src/App.tsx')).toBe('Line 3: Expected ")"');
    expect(problemText(issue({ file: 'client/src/other.ts', message: 'Bad\n  1 | code frame' }), 'client/src/App.tsx')).toBe('client/src/other.ts:3: Bad');
    expect(problemText(issue({ file: null, line: null, message: 'Rules do not parse' }), 'x')).toBe('Rules do not parse');
  });

  it('sums a check up in words', () => {
    const say = (check: FileCheck | undefined, checking = false, failed = false) => problemsSummary(problemsState(check, checking, failed));
    expect(say(undefined, true)).toBe('Checking your edit…');
    expect(say(undefined, false, true)).toBe('Your edit could not be checked. It is checked again when you save.');
    expect(say({ builds: true, errors: [], warnings: [] })).toBe('Builds, no problems found');
    expect(say({ builds: false, errors: [issue({})], warnings: [] })).toBe('Does not build: 1 problem');
    expect(say({ builds: true, errors: [issue({ source: 'data' }), issue({ source: 'imports' })], warnings: [] })).toBe('2 problems to fix');
    expect(say({ builds: true, errors: [], warnings: [issue({ source: 'types' })] })).toBe('Builds, with 1 type warning');
  });
});
