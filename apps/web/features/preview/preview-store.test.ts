import type { PreviewMessage, PreviewUpdateMessage } from '@sprout/core';
import type { PreviewSession } from '@sprout/core/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MemoryStorage } from '@/lib/browser/memory-storage';
import { PreviewStore, type ReplyActivity } from './preview-store';
import { statusOf, underWay } from './preview-view';

const ORIGIN = 'http://s1.preview.localhost:3001';
type Sent = { type?: string; versionId?: string };

/**
 * A preview store on a stand-in window, with an iframe whose window records what it is sent and
 * answers as the preview's bridge would; sessions are numbered, and a request can be made to fail.
 */
async function setup(current = 'v1') {
  const win = Object.assign(new EventTarget(), { navigator: { onLine: true } });
  const store = new PreviewStore('s1', win);
  const frameWindow = { sent: [] as Sent[], postMessage: (m: Sent) => void frameWindow.sent.push(m) };
  store.frame.current = { contentWindow: frameWindow } as unknown as HTMLIFrameElement;
  const requests: string[] = [];
  const net = { fail: false, refreshed: 0 };
  store.connect({
    requestSession: async (path) => {
      requests.push(path);
      if (net.fail) throw new Error('Could not reach Sprout.');
      return { origin: ORIGIN, url: `${ORIGIN}/_sprout/session/${requests.length}`, expiresAt: '2099-01-01T00:00:00Z' } satisfies PreviewSession;
    },
    refreshProject: () => void net.refreshed++,
  });
  const unmount = store.mount();
  store.setCurrent(current);
  store.reload();
  await vi.advanceTimersByTimeAsync(0);
  // The frame loads the session's page and says it shows the current version.
  store.frameLoaded(store.getSnapshot().session!.url);
  const fromFrame = (data: unknown, origin = ORIGIN, source: unknown = frameWindow) =>
    win.dispatchEvent(Object.assign(new Event('message'), { data, origin, source }));
  const answer = (versionId: string, outcome: PreviewUpdateMessage['outcome']) =>
    fromFrame({ source: 'sprout-preview-update', versionId, outcome, files: [], reason: null } satisfies PreviewUpdateMessage);
  answer(current, 'current');
  frameWindow.sent.length = 0;
  const versionsSent = () => frameWindow.sent.filter((m) => m.type === 'version').map((m) => m.versionId);
  const status = () => statusOf(store.getSnapshot(), false).label;
  const goOnline = (online: boolean) => win.dispatchEvent(new Event(online ? 'online' : 'offline'));
  return { store, win, frameWindow, requests, net, unmount, fromFrame, answer, versionsSent, status, goOnline };
}

beforeEach(() => {
  vi.useFakeTimers();
  vi.stubGlobal('sessionStorage', new MemoryStorage());
  // Back-off waits without their random spread: 1 s, 2 s, 4 s…
  vi.spyOn(Math, 'random').mockReturnValue(0.5);
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('the preview store', () => {
  it('shows the current version of one session and says so only once the frame confirms it', async () => {
    const { store, requests, status } = await setup();
    expect(requests).toEqual(['/']);
    expect(store.getSnapshot()).toMatchObject({ wanted: 'v1', shown: 'v1', waiting: false });
    expect(status()).toBe('Latest version');
  });

  it('hands a new version to the open frame, where it is applied in place: no new session, and the same document', async () => {
    const { store, requests, versionsSent, answer, status } = await setup();
    store.showVersion('v2');
    expect(versionsSent()).toEqual(['v2']);
    expect(status()).toBe('Updating…');
    answer('v2', 'hot');
    expect(status()).toBe('Latest version');
    expect(requests).toHaveLength(1);
    expect(store.getSnapshot().generation).toBe(1);
  });

  it('says “Preview out of date” when the frame does not confirm the version within 8 s', async () => {
    const { store, status } = await setup();
    store.setCurrent('v2');
    await vi.advanceTimersByTimeAsync(7_999);
    expect(status()).toBe('Updating…');
    await vi.advanceTimersByTimeAsync(1);
    expect(status()).toBe('Preview out of date');
  });

  it('announces a version the frame could not fetch again by itself after 1, 2, 4 s, while the browser says online', async () => {
    const { store, versionsSent, answer, status } = await setup();
    store.showVersion('v2');
    answer('v2', 'unreachable');
    expect(store.getSnapshot().unreachable).toBe(true);
    expect(status()).toBe('Preview out of date');
    await vi.advanceTimersByTimeAsync(999);
    expect(versionsSent()).toEqual(['v2']);
    await vi.advanceTimersByTimeAsync(1);
    expect(versionsSent()).toEqual(['v2', 'v2']);
    answer('v2', 'unreachable');
    await vi.advanceTimersByTimeAsync(2_000);
    expect(versionsSent()).toEqual(['v2', 'v2', 'v2']);
    answer('v2', 'hot');
    expect(status()).toBe('Latest version');
    await vi.advanceTimersByTimeAsync(60_000);
    expect(versionsSent()).toHaveLength(3);
  });

  it('catches up after a network drop: offline first, then the project asked again and the missed version sent again', async () => {
    const { store, net, versionsSent, answer, status, goOnline } = await setup();
    goOnline(false);
    expect(status()).toBe('Offline · showing the last version that loaded');
    store.showVersion('v2');
    answer('v2', 'unreachable');
    goOnline(true);
    expect(net.refreshed).toBe(1);
    expect(versionsSent()).toEqual(['v2', 'v2']);
  });

  it('after a network drop gives a frame that showed the browser’s error page a new session', async () => {
    const { store, requests, goOnline } = await setup();
    // The frame loaded a document that says nothing (the browser's error page).
    store.frameLoaded(store.getSnapshot().session!.url);
    goOnline(true);
    expect(requests).toHaveLength(2);
  });

  it('tries a failed session request again with back-off, and at once back online; answers of superseded requests are dropped', async () => {
    const { store, requests, net, goOnline } = await setup();
    net.fail = true;
    store.reload();
    await vi.advanceTimersByTimeAsync(0);
    expect(store.getSnapshot()).toMatchObject({ error: 'Could not reach Sprout.', retrying: true });
    await vi.advanceTimersByTimeAsync(1_000);
    expect(requests).toHaveLength(3);
    net.fail = false;
    goOnline(true);
    store.reload();
    await vi.advanceTimersByTimeAsync(0);
    // Three more requests went out (back online, the frame's catch-up, the reload); the last one's session is shown.
    expect(store.getSnapshot().session!.url).toBe(`${ORIGIN}/_sprout/session/${requests.length}`);
    expect(store.getSnapshot().error).toBeNull();
  });

  it('opens each new session where the app was, its hash kept by the browser', async () => {
    const { store, requests, fromFrame } = await setup();
    fromFrame({ source: 'sprout-preview-route', path: '/tasks/12?tab=2#notes' });
    expect(store.currentRoute()).toBe('/tasks/12?tab=2#notes');
    store.reload();
    await vi.advanceTimersByTimeAsync(0);
    expect(requests.at(-1)).toBe('/tasks/12?tab=2');
    expect(store.getSnapshot().session!.url).toMatch(/#notes$/);
    // This tab's next page of the project starts there too.
    expect(new PreviewStore('s1', null).currentRoute()).toBe('/tasks/12?tab=2#notes');
  });

  it('gets a new session when the frame says its session ended', async () => {
    const { requests, answer } = await setup();
    answer('v1', 'expired');
    await vi.advanceTimersByTimeAsync(0);
    expect(requests).toHaveLength(2);
  });

  it('shows an earlier version where the app is, and the latest again with a new session when the project moves on', async () => {
    const { store, requests, fromFrame, status } = await setup();
    fromFrame({ source: 'sprout-preview-route', path: '/tasks' });
    store.view({ id: 'v0', label: 'Version 1' });
    expect(store.getSnapshot().session!.url).toBe(`${ORIGIN}/tasks?version=v0`);
    expect(store.getSnapshot().viewing?.id).toBe('v0');
    store.frameLoaded(`${ORIGIN}/tasks?version=v0`);
    fromFrame({ source: 'sprout-preview-update', versionId: 'v0', outcome: 'current', files: [], reason: null });
    expect(status()).toBe('Viewing Version 1 · not the current version');
    store.setCurrent('v2');
    expect(store.getSnapshot().viewing).toBeNull();
    expect(requests).toHaveLength(2);
  });

  it('takes a run’s candidate back to the current version when the run ends without it', async () => {
    const { store, versionsSent } = await setup();
    const announced = vi.fn();
    store.onVersion(announced);
    store.showCandidate('c1');
    expect(store.getSnapshot().candidate).toBe('c1');
    store.dropCandidate('v1');
    store.dropCandidate('v1');
    expect(versionsSent()).toEqual(['c1', 'v1']);
    expect(store.getSnapshot().candidate).toBeNull();
    expect(announced).toHaveBeenCalledTimes(2);
  });

  it('accepts the bridge’s messages only from the preview’s origin and its own frame', async () => {
    const { store, fromFrame } = await setup();
    const messages: PreviewMessage[] = [];
    store.onMessage((m) => messages.push(m));
    const error = { source: 'sprout-preview', type: 'error', level: 'error', message: 'boom', location: null, time: 1 };
    fromFrame(error, 'http://evil.example');
    fromFrame(error, ORIGIN, { postMessage: () => {} });
    fromFrame({ source: 'sprout-preview-route', path: '/elsewhere' }, 'http://evil.example');
    expect(messages).toEqual([]);
    expect(store.currentRoute()).toBe('/');
    fromFrame(error);
    expect(messages).toHaveLength(1);
  });

  it('restores the scroll position in the next page the frame loads', async () => {
    const { store, frameWindow, fromFrame } = await setup();
    fromFrame({ source: 'sprout-preview-scroll', path: '/', x: 0, y: 420 });
    store.frameLoaded(store.getSnapshot().session!.url);
    expect(frameWindow.sent[0]).toMatchObject({ type: 'restore-scroll' });
  });

  it('follows the reply being written, and covers for a first prompt until its reply starts or 20 s pass', async () => {
    const { store } = await setup();
    let activity: ReplyActivity = { running: false, sending: false, phase: null };
    const listeners = new Set<() => void>();
    store.followReplies({ subscribe: (l) => (listeners.add(l), () => listeners.delete(l)), get: () => activity });
    const say = (next: ReplyActivity) => {
      activity = next;
      for (const l of listeners) l();
    };
    store.expectFirstPrompt();
    expect(underWay(store.getSnapshot())).toBe(true);
    say({ running: true, sending: false, phase: { kind: 'building', label: 'Building… writing 2 files', busy: true } });
    expect(store.getSnapshot().firstPrompt).toBe(false);
    expect(statusOf(store.getSnapshot(), false).label).toBe('Building… writing 2 files');
    say({ running: false, sending: false, phase: null });
    expect(underWay(store.getSnapshot())).toBe(false);
    store.expectFirstPrompt();
    await vi.advanceTimersByTimeAsync(20_000);
    expect(underWay(store.getSnapshot())).toBe(false);
  });

  it('starts the next panel from a clean frame', async () => {
    const { store, unmount } = await setup();
    unmount();
    expect(store.getSnapshot()).toMatchObject({ session: null, shown: null, wanted: 'v1', viewing: null });
  });
});
