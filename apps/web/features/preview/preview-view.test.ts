import { describe, expect, it } from 'vitest';
import type { PreviewState } from './preview-store';
import { onStarter, previousSrc, statusOf, underWay } from './preview-view';

const state = (over: Partial<PreviewState> = {}): PreviewState => ({
  session: { origin: 'http://p', url: 'http://p/2', expiresAt: '' },
  requesting: false,
  error: null,
  retrying: false,
  generation: 1,
  loadedSrc: 'http://p/2',
  wanted: 'v1',
  shown: 'v1',
  waiting: false,
  unreachable: false,
  reply: { running: false, sending: false, phase: null },
  firstPrompt: false,
  current: 'v1',
  viewing: null,
  candidate: null,
  online: true,
  route: null,
  ...over,
});

describe('what the panel shows of the preview', () => {
  it('keeps the last loaded page on screen while the next one loads', () => {
    expect(previousSrc(state({ loadedSrc: 'http://p/1' }))).toBe('http://p/1');
    expect(previousSrc(state())).toBeNull();
    expect(statusOf(state({ loadedSrc: 'http://p/1' }), false).label).toBe('Updating…');
  });

  it('says “Build failed” and “Not running” from the facts the store and the build give', () => {
    expect(statusOf(state(), true).kind).toBe('build-failed');
    expect(statusOf(state({ session: null, error: 'down' }), false).kind).toBe('not-running');
  });

  it('covers the starter while a reply (or a first prompt) is under way for it', () => {
    expect(underWay(state({ firstPrompt: true }))).toBe(true);
    expect(onStarter(state({ wanted: 's0' }), 's0')).toBe(true);
    expect(onStarter(state({ wanted: 'v2', shown: 's0', waiting: true }), 's0')).toBe(true);
    expect(onStarter(state({ wanted: 's0', viewing: { id: 's0', label: 'the start' } }), 's0')).toBe(false);
    expect(onStarter(state(), null)).toBe(false);
  });
});
