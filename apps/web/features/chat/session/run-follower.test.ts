import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import type { RunEvent } from '@sprout/core/contract';
import { runEvents } from '@sprout/core/routes';
import { createApiClient } from '@/lib/api/client';
import { routeUrl } from '@/lib/api/route-url';
import { chatCalls } from '../api';
import { ChatStore } from './chat-store';
import { RunFollower, type LiveRunListener } from './run-follower';

const frame = (seq: number, type: string, data: unknown = {}) =>
  `id: ${seq}\nevent: ${type}\ndata: ${JSON.stringify({ seq, type, at: '2026-01-01T00:00:00Z', data })}\n\n`;
const totals = { model: 'offline', tokensIn: 1, tokensOut: 2, fixRounds: 0, durationMs: 5 };
const storedRun = (id: string, status: string) => ({
  id,
  sproutId: 's1',
  kind: 'message',
  parentRunId: null,
  status,
  model: 'offline',
  summary: 'Stored',
  error: null,
  errorCode: null,
  baseVersionId: null,
  resultVersionId: 'v9',
  tokensIn: 3,
  tokensOut: 4,
  fixRounds: 0,
  createdAt: '2026-01-01T00:00:00Z',
  finishedAt: '2026-01-01T00:00:01Z',
});

let server: Server | undefined;
afterEach(async () => {
  server?.closeAllConnections();
  await new Promise((r) => (server ? server.close(r) : r(null)));
  server = undefined;
});

/** The API's two answers the follower needs: a run's events (SSE) and a run's stored state. */
async function api(events: Record<string, string>, runs: Record<string, unknown>): Promise<string> {
  server = createServer((req, res: ServerResponse) => {
    const m = /^\/build\/v1\/runs\/([^/]+)(\/events)?$/.exec(req.url ?? '');
    if (m?.[2]) {
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      res.end(events[m[1]!] ?? '');
      return;
    }
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify(m ? runs[m[1]!] : {}));
  });
  await new Promise<void>((r) => server!.listen(0, '127.0.0.1', r));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

function follower(base: string) {
  const store = new ChatStore();
  const seen: string[] = [];
  const listener: LiveRunListener = {
    event: (runId, e: RunEvent) => seen.push(`${runId}:${e.type}`),
    version: (versionId) => seen.push(`version:${versionId}`),
    ended: (runId, finished) => seen.push(`ended:${runId}:${finished}`),
  };
  // The page's client, signed out: the test's server answers as the API would.
  const api = createApiClient({ apiUrl: base, usageUrl: base }, { getIdToken: async () => null });
  const f = new RunFollower({
    sproutId: 's1',
    store,
    calls: () => chatCalls(api.call),
    eventsUrl: (id) => routeUrl({ apiUrl: base }, runEvents, { params: { id } }),
    getToken: async () => null,
    listener,
  });
  const closed = (runId: string) =>
    new Promise<void>((resolve) => {
      const check = () => store.getSnapshot().streams[runId] === 'closed' && resolve();
      store.subscribe(check);
      check();
    });
  return { f, store, seen, closed };
}

describe('RunFollower', () => {
  it('follows a live run event by event and reports its end once', async () => {
    const base = await api(
      {
        r1:
          frame(1, 'run.started', { runId: 'r1', sproutId: 's1', kind: 'message', model: 'offline', baseVersionId: null, messageId: 'm1' }) +
          frame(2, 'text.delta', { text: 'Done.' }) +
          frame(3, 'version.created', { versionId: 'v2', number: 2, summary: 'Built it' }) +
          frame(4, 'run.finished', { ...totals, versionId: 'v2', summary: 'Built it', remainingIssues: 0 }),
      },
      {},
    );
    const { f, store, seen, closed } = follower(base);
    f.follow('r1', { live: true });
    expect(store.getSnapshot().activeRunId).toBe('r1');
    await closed('r1');
    expect(seen).toEqual(['r1:run.started', 'r1:text.delta', 'r1:version.created', 'r1:run.finished', 'ended:r1:true']);
    expect(store.getSnapshot().runs.r1).toMatchObject({ status: 'finished', lastSeq: 4, version: { id: 'v2' } });
    // Following it again changes nothing: it has ended and its events are shown.
    f.follow('r1', { live: true });
    expect(f.isFollowing('r1')).toBe(false);
  });

  it('shows a replay once it is complete, with no effects', async () => {
    const base = await api({ r0: frame(1, 'text.delta', { text: 'Old' }) + frame(2, 'run.stopped', totals) }, {});
    const { f, store, seen, closed } = follower(base);
    f.replay('r0');
    expect(store.getSnapshot()).toMatchObject({ activeRunId: null, followed: [] });
    await closed('r0');
    expect(seen).toEqual([]);
    expect(store.getSnapshot().runs.r0).toMatchObject({ status: 'stopped', parts: [{ type: 'text', text: 'Old' }] });
  });

  it('settles a live run whose stream ended without its end, from the stored run', async () => {
    const base = await api({ r2: '' }, { r2: storedRun('r2', 'succeeded') });
    const { f, store, seen, closed } = follower(base);
    f.follow('r2', { live: true });
    await closed('r2');
    expect(store.getSnapshot().runs.r2).toMatchObject({ status: 'finished', summary: 'Stored', tokensOut: 4 });
    expect(seen).toEqual(['version:v9', 'ended:r2:true']);
  });
});
