import { describe, expect, it } from 'vitest';
import { updateLogMessage, withRuntimeEntry, type LogEntry } from './use-preview-logs';

const update = { source: 'sprout-preview-update' as const, versionId: 'v2', files: [] as string[], reason: null as string | null };

describe('updateLogMessage', () => {
  it('says which files a hot update swapped, and why a page reloaded', () => {
    expect(updateLogMessage({ ...update, outcome: 'hot', files: ['client/src/App.tsx'] })).toEqual({
      level: 'info',
      message: 'New version applied in place, state kept: client/src/App.tsx',
    });
    expect(updateLogMessage({ ...update, outcome: 'reload', reason: 'client/src/main.tsx is the entry file' })).toEqual({
      level: 'warn',
      message: 'New version: the page reloaded because client/src/main.tsx is the entry file.',
    });
    expect(updateLogMessage({ ...update, outcome: 'expired' })?.level).toBe('info');
    expect(updateLogMessage({ ...update, outcome: 'unreachable', reason: 'the new version could not be fetched (Failed to fetch)' })).toEqual({
      level: 'warn',
      message: 'New version not loaded yet: the new version could not be fetched (Failed to fetch).',
    });
    // A page telling which version it already shows is not news for the logs.
    expect(updateLogMessage({ ...update, outcome: 'current' })).toBeNull();
  });
});

describe('withRuntimeEntry', () => {
  const entry = (id: string, message: string): LogEntry => ({ id, source: 'runtime', level: 'error', message, location: '', time: 1, kind: 'error' });

  it('adds an error told again for the repair only when the list no longer has it', () => {
    const list = [entry('a', 'Uncaught Error: boom')];
    expect(withRuntimeEntry(list, entry('b', 'Uncaught Error: boom'), true)).toBe(list);
    expect(withRuntimeEntry([], entry('b', 'Uncaught Error: boom'), true).map((e) => e.id)).toEqual(['b']);
    // Told the first time, the same text again is a new line: the app threw it again.
    expect(withRuntimeEntry(list, entry('c', 'Uncaught Error: boom'), false).map((e) => e.id)).toEqual(['a', 'c']);
  });

  it('keeps the newest 500 lines', () => {
    const full = Array.from({ length: 500 }, (_, i) => entry(`e${i}`, `line ${i}`));
    const next = withRuntimeEntry(full, entry('new', 'newest'), false);
    expect(next).toHaveLength(500);
    expect(next[0]!.id).toBe('e1');
    expect(next.at(-1)!.id).toBe('new');
  });
});
