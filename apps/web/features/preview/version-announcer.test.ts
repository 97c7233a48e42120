import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { VersionAnnouncer } from './version-announcer';

const update = (versionId: string, outcome: 'current' | 'hot' | 'reload' | 'expired' | 'unreachable') => ({
  source: 'sprout-preview-update' as const,
  versionId,
  outcome,
  files: [],
  reason: null,
});

function announcer() {
  const sent: string[] = [];
  const frame = { postMessage: (m: { versionId: string }) => void sent.push(m.versionId) } as unknown as Window;
  let target: { window: Window; origin: string } | null = null;
  const a = new VersionAnnouncer({ target: () => target, changed: () => {} }, 'v1');
  return { a, sent, attach: () => (target = { window: frame, origin: 'http://p.localhost' }) };
}

beforeEach(() => {
  vi.useFakeTimers();
  vi.spyOn(Math, 'random').mockReturnValue(0.5);
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('announcing versions to the frame', () => {
  it('keeps the wanted version until a frame is there, and asks again when a page loads', () => {
    const { a, sent, attach } = announcer();
    a.post('v2');
    expect(a.state).toMatchObject({ wanted: 'v2', waiting: true });
    expect(sent).toEqual([]);
    attach();
    a.loaded();
    expect(sent).toEqual(['v2']);
    a.answer(update('v2', 'current'));
    expect(a.state).toMatchObject({ shown: 'v2', waiting: false });
  });

  it('stops asking a page that keeps reloading for the same version', () => {
    const { a, sent, attach } = announcer();
    attach();
    a.post('v2');
    for (let i = 0; i < 3; i++) {
      a.answer(update('v2', 'reload'));
      a.loaded();
    }
    expect(sent).toEqual(['v2', 'v2', 'v2']);
    expect(a.state).toMatchObject({ shown: null, waiting: false });
  });

  it('gives up waiting for an answer after 8 s', async () => {
    const { a, attach } = announcer();
    attach();
    a.post('v2');
    await vi.advanceTimersByTimeAsync(8_000);
    expect(a.state.waiting).toBe(false);
  });

  it('sends again what the frame could not fetch, with back-off, and at once on `resend`', async () => {
    const { a, sent, attach } = announcer();
    attach();
    a.post('v2');
    a.answer(update('v2', 'unreachable'));
    expect(a.state.unreachable).toBe(true);
    a.resend();
    expect(sent).toEqual(['v2', 'v2']);
    expect(a.state.unreachable).toBe(false);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(sent).toEqual(['v2', 'v2']);
  });
});
