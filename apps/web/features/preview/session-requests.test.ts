import type { PreviewSession } from '@sprout/core/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SessionRequests } from './session-requests';

const session = (n: number): PreviewSession => ({ origin: 'http://p.localhost', url: `http://p.localhost/s/${n}`, expiresAt: '2099-01-01T00:00:00Z' });

beforeEach(() => {
  vi.useFakeTimers();
  vi.spyOn(Math, 'random').mockReturnValue(0.5);
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('preview sessions', () => {
  it('settle on the last of quick reloads, at the app’s route', async () => {
    const answers: ((s: PreviewSession) => void)[] = [];
    const paths: string[] = [];
    const requests = new SessionRequests({
      request: (path) => (paths.push(path), new Promise((resolve) => answers.push(resolve))),
      route: () => '/notes?x=1#top',
      changed: () => {},
    });
    requests.reload();
    requests.reload();
    answers[1]!(session(2));
    answers[0]!(session(1));
    await vi.advanceTimersByTimeAsync(0);
    expect(paths).toEqual(['/notes?x=1', '/notes?x=1']);
    expect(requests.state).toMatchObject({ session: { url: 'http://p.localhost/s/2#top' }, requesting: false, generation: 1 });
  });

  it('are asked for again after 1, 2, 4 s when a request fails, up to eight times', async () => {
    let calls = 0;
    const requests = new SessionRequests({ request: () => (calls++, Promise.reject(new Error('down'))), route: () => '/', changed: () => {} });
    requests.reload();
    await vi.advanceTimersByTimeAsync(0);
    expect(requests.state).toMatchObject({ error: 'down', retrying: true });
    await vi.advanceTimersByTimeAsync(1_000 + 2_000 + 4_000);
    expect(calls).toBe(4);
    await vi.advanceTimersByTimeAsync(10 * 60_000);
    expect(calls).toBe(8);
    expect(requests.state.retrying).toBe(false);
  });

  it('count a frame as loaded only for the session’s own address', async () => {
    const requests = new SessionRequests({ request: async () => session(1), route: () => '/', changed: () => {} });
    requests.reload();
    await vi.advanceTimersByTimeAsync(0);
    requests.loaded('http://p.localhost/s/0');
    expect(requests.state.loadedSrc).toBeNull();
    requests.loaded('http://p.localhost/s/1');
    expect(requests.state.loadedSrc).toBe('http://p.localhost/s/1');
    requests.navigate('http://elsewhere.example/');
    expect(requests.state.session?.url).toBe('http://p.localhost/s/1');
  });
});
