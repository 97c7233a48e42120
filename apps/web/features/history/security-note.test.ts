import { describe, expect, it } from 'vitest';
import { securityNote } from './security-note';

const report = (critical: number, warnings: number, acknowledged: { rule: 'secret-in-client'; reason: string; at: string }[] = []) => ({
  versionId: 'v1',
  critical,
  warnings,
  acknowledged,
  checkedAt: '2026-12-02T10:00:00.000Z',
});

describe('securityNote', () => {
  it('says a clean check passed', () => {
    expect(securityNote(report(0, 0))).toEqual({ headline: 'Security check passed', tone: 'passed', accepted: [] });
  });

  it('counts what to fix and what is worth a look, the worst deciding the tone', () => {
    expect(securityNote(report(0, 2))).toMatchObject({ headline: 'Security check: 2 worth a look', tone: 'warnings' });
    expect(securityNote(report(1, 3))).toMatchObject({ headline: 'Security check: 1 to fix · 3 worth a look', tone: 'critical' });
  });

  it('names each risk accepted to publish, in the owner’s words', () => {
    const note = securityNote(report(1, 0, [{ rule: 'secret-in-client', reason: 'a test key for the demo', at: '2026-12-02T10:00:00.000Z' }]));
    expect(note.accepted).toEqual(["A key in the app's code: “a test key for the demo”"]);
  });
});
