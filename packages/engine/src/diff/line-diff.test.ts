import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { diffLines, unifiedDiff } from './line-diff';

function lcsLength(a: string[], b: string[]): number {
  const dp = Array.from({ length: a.length + 1 }, () => new Array<number>(b.length + 1).fill(0));
  for (let i = 1; i <= a.length; i++)
    for (let j = 1; j <= b.length; j++) dp[i]![j] = a[i - 1] === b[j - 1] ? dp[i - 1]![j - 1]! + 1 : Math.max(dp[i - 1]![j]!, dp[i]![j - 1]!);
  return dp[a.length]![b.length]!;
}

// A seeded generator so a failure can be reproduced.
function rng(seed: number) {
  return () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
}

describe('diffLines', () => {
  it('rebuilds both sides and is minimal (checked against an LCS table) on random inputs', () => {
    const rand = rng(42);
    for (let round = 0; round < 300; round++) {
      const gen = () => Array.from({ length: Math.floor(rand() * 14) }, () => 'abcd'[Math.floor(rand() * 4)]!);
      const a = gen();
      const b = gen();
      const ops = diffLines(a, b);
      expect(ops.filter((o) => o.type !== 'insert').map((o) => o.line)).toEqual(a);
      expect(ops.filter((o) => o.type !== 'delete').map((o) => o.line)).toEqual(b);
      expect(ops.filter((o) => o.type === 'equal').length, `${a} → ${b}`).toBe(lcsLength(a, b));
    }
  });

  it('handles empty sides', () => {
    expect(diffLines([], ['a'])).toEqual([{ type: 'insert', line: 'a' }]);
    expect(diffLines(['a'], [])).toEqual([{ type: 'delete', line: 'a' }]);
    expect(diffLines([], [])).toEqual([]);
  });
});

describe('unifiedDiff', () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'sprout-diff-'));
  /** What GNU diff -u prints for the same change, without its two header lines. */
  function gnu(oldText: string, newText: string): string {
    writeFileSync(path.join(dir, 'old'), oldText);
    writeFileSync(path.join(dir, 'new'), newText);
    try {
      execFileSync('diff', ['-u', 'old', 'new'], { cwd: dir, encoding: 'utf8' });
      return '';
    } catch (err) {
      return (err as { stdout: string }).stdout.split('\n').slice(2).join('\n');
    }
  }
  const body = (text: string) => text.split('\n').slice(2).join('\n');

  const lines = (n: number, f: (i: number) => string = (i) => `line ${i}`) => Array.from({ length: n }, (_, i) => f(i + 1)).join('\n') + '\n';
  it.each([
    ['one changed line in the middle', lines(20), lines(20, (i) => (i === 10 ? 'changed' : `line ${i}`))],
    ['two distant changes (two hunks)', lines(30), lines(30, (i) => (i === 3 || i === 27 ? 'x' : `line ${i}`))],
    ['an insertion at the start', lines(5), `new\n${lines(5)}`],
    ['a deletion at the end', lines(8), lines(6)],
    ['a new file', '', 'a\nb\n'],
    ['a deleted file', 'a\nb\n', ''],
    ['no final newline', 'a\nb', 'a\nc'],
    ['a one-line file', 'a\n', 'b\n'],
    ['a one-line new file', '', 'b\n'],
  ])('matches GNU diff -u for %s', (_name, oldText, newText) => {
    const ours = unifiedDiff(oldText, newText, { oldPath: 'f', newPath: 'f' });
    expect(body(ours.text)).toBe(gnu(oldText, newText));
    expect(ours.text.startsWith('--- a/f\n+++ b/f\n')).toBe(true);
  });

  it('counts additions and deletions and is empty for equal texts', () => {
    expect(unifiedDiff('a\nb\n', 'a\nc\nd\n', { oldPath: 'f', newPath: 'f' })).toMatchObject({ additions: 2, deletions: 1 });
    expect(unifiedDiff('same\n', 'same\n', { oldPath: 'f', newPath: 'f' })).toEqual({ text: '', additions: 0, deletions: 0 });
  });

  it('names /dev/null for added and removed files', () => {
    expect(unifiedDiff('', 'x\n', { oldPath: null, newPath: 'f' }).text.split('\n').slice(0, 2)).toEqual(['--- /dev/null', '+++ b/f']);
  });

  it('gives up on minimality for huge rewrites instead of running out of memory', () => {
    const a = lines(20_000, (i) => `a${i}`);
    const b = lines(20_000, (i) => `b${i}`);
    const r = unifiedDiff(a, b, { oldPath: 'f', newPath: 'f' });
    expect(r).toMatchObject({ additions: 20_000, deletions: 20_000 });
  });
});
