import { describe, expect, it } from 'vitest';
import { restoredNumberOf, shownSummary, shownVersionNumber, versionBadge, versionName, versionNameInline } from './version-label';

describe('version labels', () => {
  it('calls the person’s first build Version 1, and the starter the start', () => {
    expect(shownVersionNumber(1)).toBeNull();
    expect(shownVersionNumber(2)).toBe(1);
    expect(shownVersionNumber(12)).toBe(11);
    expect(versionName(2)).toBe('Version 1');
    expect(versionName(1)).toBe('the start');
    expect(versionNameInline(5)).toBe('version 4');
    expect(versionBadge(2)).toBe('v1');
    expect(versionBadge(1)).toBe('Start');
  });

  it('treats numbers the API never sends as the start', () => {
    for (const n of [0, -3, 1.5, Number.NaN]) expect(shownVersionNumber(n)).toBeNull();
  });

  it('words a restore in the person’s numbering, as the chat and the toasts do', () => {
    expect(restoredNumberOf('Restored version 3')).toBe(3);
    expect(shownSummary('Restored version 3')).toBe('Restored version 2');
    expect(shownSummary('Restored version 1')).toBe('Restored the start');
    expect(shownSummary('Edited client/src/App.tsx')).toBe('Edited client/src/App.tsx');
    expect(shownSummary(null)).toBeNull();
  });
});
