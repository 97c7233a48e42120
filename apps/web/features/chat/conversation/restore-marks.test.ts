import type { Version } from '@sprout/core/contract';
import { describe, expect, it } from 'vitest';
import { restoredNumberOf } from '@/lib/version-label';
import { restoreMarks } from './restore-marks';

const at = (n: number) => `2026-01-01T00:0${n}:00.000Z`;
const version = (number: number, source: string, extra: Partial<Version> = {}): Version => ({
  id: `v${number}`,
  number,
  parentId: number > 1 ? `v${number - 1}` : null,
  source,
  summary: null,
  runId: source === 'run' ? `r${number}` : null,
  createdAt: at(number),
  ...extra,
});

describe('restores in the chat', () => {
  it('reads which version a History restore brought back', () => {
    expect(restoredNumberOf('Restored version 3')).toBe(3);
    expect(restoredNumberOf('Restored the failed attempt')).toBeNull();
    expect(restoredNumberOf(null)).toBeNull();
  });

  it('marks the replies a restore undid, and only those', () => {
    const versions = [
      version(1, 'create'),
      version(2, 'run'),
      version(3, 'run'),
      version(4, 'manual'),
      version(5, 'restore', { summary: 'Restored version 2' }),
    ];
    const { restores, superseded } = restoreMarks(versions);
    expect(restores).toEqual([{ versionId: 'v5', number: 5, restoredNumber: 2, summary: 'Restored version 2', createdAt: at(5) }]);
    expect([...superseded.keys()]).toEqual(['r3']);
    expect(superseded.get('r3')?.versionId).toBe('v5');
  });

  it('brings a reply back when a later restore returns to its version', () => {
    const versions = [
      version(1, 'create'),
      version(2, 'run'),
      version(3, 'run'),
      version(4, 'restore', { summary: 'Restored version 2' }),
      version(5, 'restore', { summary: 'Restored version 3' }),
      version(6, 'run'),
    ];
    const { restores, superseded } = restoreMarks(versions);
    expect(restores.map((r) => r.number)).toEqual([4, 5]);
    expect(superseded.size).toBe(0);
  });

  it('keeps a restore it cannot place (an attempt) as a line, undoing nothing', () => {
    const { restores, superseded } = restoreMarks([version(1, 'create'), version(2, 'run'), version(3, 'restore', { summary: 'Restored the attempt' })]);
    expect(restores).toHaveLength(1);
    expect(restores[0]!.restoredNumber).toBeNull();
    expect(superseded.size).toBe(0);
  });
});
