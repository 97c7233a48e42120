import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Tally, type TallyCounts } from './tally';

// The counts go to a folder of this test's own, not to the run's (the reporter would print them).
let dir = '';
let before: string | undefined;
beforeEach(() => {
  before = process.env.SPROUT_TALLY_DIR;
  dir = mkdtempSync(path.join(tmpdir(), 'sprout-tally-test-'));
  process.env.SPROUT_TALLY_DIR = dir;
});
afterEach(() => {
  if (before === undefined) delete process.env.SPROUT_TALLY_DIR;
  else process.env.SPROUT_TALLY_DIR = before;
});

const saved = (): TallyCounts[] => readdirSync(dir).map((f) => JSON.parse(readFileSync(path.join(dir, f), 'utf8')) as TallyCounts);

describe('Tally', () => {
  it('passes when every case tried was refused, and leaves its counts for the reporter', () => {
    const tally = new Tally('paths');
    tally.check(true, '../etc/passwd');
    tally.check(true, '/absolute');
    tally.assertClean();
    expect(saved()).toEqual([{ category: 'paths', tried: 2, refused: 2, failures: [], notes: [] }]);
  });

  it('fails with the cases that got through since the previous check, once', () => {
    const tally = new Tally('redirects');
    tally.check(false, '//evil.example');
    expect(() => tally.assertClean()).toThrow('//evil.example');
    tally.check(true, '/ok');
    tally.assertClean();
  });

  it('fails when no case was tried since the previous check: an empty list of cases proves nothing', () => {
    const tally = new Tally('bodies');
    expect(() => tally.assertClean()).toThrow('bodies: no case was tried since the previous check');
    tally.check(true, 'a huge body');
    tally.assertClean();
    expect(() => tally.assertClean()).toThrow('no case was tried');
  });
});
