// Crash safety: the API is SIGKILLed in the middle of a run and started again. The
// project is at its last complete version, the run is 'interrupted' with a message the person sees
// (in the chat and in the run's events), the interrupted message is not charged, and sending again
// works. Once on the embedded database (PGlite in a data directory) and once on PostgreSQL (a
// throwaway cluster), where a restarted instance only takes over runs whose lease went stale.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { ChatMessage, ProjectFiles, Run, Usage } from '@sprout/core/contract';
import { MAX_UNSTORED_EVENTS } from '@sprout/engine';
import { FakeModelServer } from '@sprout/engine/testing';
import { APP, writeApp } from '@sprout/api/testing';
import { ApiClient, followRun, startStandaloneApi, waitUntil, type ApiProcess, type ReceivedRunEvent } from '@sprout/testkit';
import { startCluster, type PgCluster } from './pg-cluster';
import { record } from './figures';

const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const c of cleanups.reverse()) await c();
});

describe.each(['pglite', 'postgres'] as const)('SIGKILL in the middle of a run (%s)', (kind) => {
  it('keeps the last complete version, marks the run interrupted, refunds it, and lets the person send again', async () => {
    const fake = await FakeModelServer.start('openai');
    cleanups.push(() => fake.close());
    const filler = Array.from({ length: 60 }, (_, i) => `// line ${i} of a long comment the model is still writing`).join('\n');
    fake.reply(
      { text: writeApp(`${APP('Half written')}\n${filler}\n`, 'Building your board now.'), chunkSize: 8, delayMs: 25 },
      { text: writeApp(APP('After the restart'), 'Here it is.', 'Built after a restart') },
    );

    let env: Record<string, string>;
    if (kind === 'pglite') {
      const dataDir = mkdtempSync(path.join(tmpdir(), 'sprout-crash-'));
      cleanups.push(async () => rmSync(dataDir, { recursive: true, force: true }));
      env = { DATA_DIR: dataDir };
    } else {
      const cluster: PgCluster = await startCluster();
      cleanups.push(() => cluster.destroy());
      env = { DATABASE_URL: await cluster.createDatabase('crash'), RUN_LEASE_SECONDS: '3' };
    }
    env = { ...env, SPROUT_MODEL: `openai-compatible:${fake.url}#slow-model`, MODEL_MAX_RETRIES: '0' };

    let api: ApiProcess = await startStandaloneApi(env);
    cleanups.push(() => api.stop());
    let client = new ApiClient(api.url);
    const { idToken: token } = await client.register({ email: `crash-${kind}@example.com`, displayName: 'Crash' });
    const sprout = await client.createSprout(token, { displayName: 'Crash test' });
    const filesBefore = (await client.call('GET', `/build/v1/sprouts/${sprout.id}/files`, { token })).json;

    // Send, follow the stream, and kill the process once the file is half streamed.
    const sent = await client.call('POST', `/build/v1/sprouts/${sprout.id}/messages`, { token, body: { text: 'Make a kanban board' } });
    expect(sent.status).toBe(202);
    const runId = sent.json.runId as string;
    let deltas = 0;
    const seen: ReceivedRunEvent[] = [];
    const following = followRun(api.url, token, runId, {
      onEvent: (e) => {
        seen.push(e);
        if (e.type === 'file.delta') deltas++;
      },
    }).then(
      () => 'ended',
      (err: Error) => `broken: ${err.message}`,
    );
    await waitUntil(() => deltas >= 5, { what: 'a few file deltas' });
    const killedAt = Date.now();
    await api.kill();
    expect(await following).toMatch(/^broken/);
    expect(seen.some((e) => ['run.finished', 'run.failed', 'run.stopped'].includes(e.type))).toBe(false);

    api = await startStandaloneApi(env, api.port);
    client = new ApiClient(api.url);
    const run = await waitUntil(
      async () => {
        const r = (await client.call<Run>('GET', `/build/v1/runs/${runId}`, { token })).json;
        return r.status !== 'running' ? r : null;
      },
      { what: 'the run to be ended' },
    );
    const recoveredMs = Date.now() - killedAt;
    expect(run).toMatchObject({ status: 'interrupted', errorCode: 'interrupted', resultVersionId: null });
    expect(run.error).toMatch(/restarted while writing this reply.*not changed.*not counted/);

    // The person sees it: the chat holds their message with the interrupted run, and what was said so far.
    const chat = (await client.call<{ messages: ChatMessage[] }>('GET', `/build/v1/sprouts/${sprout.id}/messages`, { token })).json.messages;
    expect(chat.map((m) => m.role)).toEqual(['user', 'assistant']);
    expect(chat[0]!.run).toMatchObject({ id: runId, status: 'interrupted', error: run.error });
    expect(chat[1]!.content).toContain('Building your board now.');
    // The run's events end with the failure, for a page that reconnects: those stored numbered
    // without gaps, the end after anything the killed process may have streamed unstored.
    const { events: replay } = await followRun(api.url, token, runId);
    expect(replay.slice(0, -1).map((e) => e.seq)).toEqual(replay.slice(0, -1).map((_, i) => i + 1));
    expect(replay.at(-1)!.seq).toBe(replay.length + MAX_UNSTORED_EVENTS);
    expect(replay.at(-1)).toMatchObject({ type: 'run.failed', data: { code: 'interrupted', refunded: true, message: run.error } });

    // The project is exactly its last complete version; the message was not charged.
    expect((await client.call('GET', `/build/v1/sprouts/${sprout.id}/files`, { token })).json).toEqual(filesBefore);
    expect((await client.call('GET', `/build/v1/sprouts/${sprout.id}/versions`, { token })).json.versions).toHaveLength(1);
    expect((await client.call<Usage>('GET', '/usage', { token })).json.dailyMessages.used).toBe(0);

    // And sending again works.
    const again = await client.call('POST', `/build/v1/sprouts/${sprout.id}/messages`, { token, body: { text: 'Make a kanban board' } });
    expect(again.status).toBe(202);
    const { events } = await followRun(api.url, token, again.json.runId);
    expect(events.at(-1)).toMatchObject({ type: 'run.finished', data: { versionId: expect.any(String) } });
    const { files } = (await client.call<ProjectFiles>('GET', `/build/v1/sprouts/${sprout.id}/files`, { token })).json;
    expect(files.find((f) => f.path === 'client/src/App.tsx')!.content).toContain('After the restart');
    expect((await client.call<Usage>('GET', '/usage', { token })).json.dailyMessages.used).toBe(1);
    record('crash safety', kind, { killedAfterDeltas: deltas, interruptedAfterMs: recoveredMs, versionsLost: 0, charged: 0 });
  });
});
