import { describe, expect, it } from 'vitest';
import { updateLogMessage } from './use-preview-logs';

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
