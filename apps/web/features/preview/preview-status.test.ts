import { describe, expect, it } from 'vitest';
import { previewStatus, type PreviewFacts, type PreviewPhase } from './preview-status';

const building: PreviewPhase = { kind: 'building', label: 'Building… writing 1 file', busy: true };

const facts = (over: Partial<PreviewFacts> = {}): PreviewFacts => ({
  online: true,
  notRunning: false,
  phase: null,
  everLoaded: true,
  frameLoading: false,
  wanted: 'v2',
  shown: 'v2',
  waiting: false,
  buildFailed: false,
  viewing: null,
  ...over,
});

describe('the preview status', () => {
  it('is “Latest version” only when the frame says it shows the wanted version', () => {
    expect(previewStatus(facts()).kind).toBe('ready');
    expect(previewStatus(facts({ shown: 'v1' }))).toMatchObject({ kind: 'stale', label: 'Preview out of date' });
    expect(previewStatus(facts({ shown: null }))).toMatchObject({ kind: 'stale' });
    expect(previewStatus(facts({ shown: 'v1', waiting: true }))).toMatchObject({ kind: 'loading', label: 'Updating…' });
  });

  it('puts the network and the session first, then the reply under way', () => {
    expect(previewStatus(facts({ online: false, phase: building })).kind).toBe('offline');
    expect(previewStatus(facts({ notRunning: true, phase: building })).kind).toBe('not-running');
    expect(previewStatus(facts({ phase: building, everLoaded: false })).label).toBe('Building… writing 1 file');
    expect(previewStatus(facts({ everLoaded: false })).kind).toBe('starting');
    expect(previewStatus(facts({ frameLoading: true })).kind).toBe('loading');
  });

  it('says when an earlier version is on view, and when the build failed', () => {
    expect(previewStatus(facts({ viewing: 'Version 1', phase: { kind: 'building', label: 'Building…', busy: true } })).label).toBe(
      'Viewing Version 1 · not the current version',
    );
    expect(previewStatus(facts({ buildFailed: true })).kind).toBe('build-failed');
  });
});
