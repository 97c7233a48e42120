import os from 'node:os';
import path from 'node:path';
import type { LanguageModelV3 } from '@ai-sdk/provider';
import { APICallError } from 'ai';
import { MockLanguageModelV3 } from 'ai/test';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DbHandle } from '@sprout/db';
import { createTestDb } from '@sprout/db/testing';
import { PreviewBuilder } from '@sprout/preview';
import { ALLOWED_PACKAGES, starterFiles, TEMPLATE_PACKAGE_DIR } from '@sprout/template';
import { seedRun } from '../testing/seed-run';
import { InProcessRunEventHub } from './event-hub';
import { RunManager } from './run-manager';
import type { EngineMetrics } from './run-metrics';
import type { RunInput } from './run-types';

let h: DbHandle;
beforeAll(async () => {
  h = await createTestDb();
});
afterAll(async () => {
  await h?.close();
});

/** What a host's metrics were told, in order. */
function recorder() {
  const calls: { method: string; data: object }[] = [];
  const metrics: EngineMetrics = {
    runStarted: (data) => calls.push({ method: 'runStarted', data }),
    fixRound: (data) => calls.push({ method: 'fixRound', data }),
    checked: (data) => calls.push({ method: 'checked', data }),
    runEnded: (data) => calls.push({ method: 'runEnded', data }),
  };
  return { calls, metrics };
}

/** A model that answers each request with the next of `answers`, reporting the given usage. */
function scripted(answers: string[], usage = { input: 1000, cached: 600, output: 50 }): LanguageModelV3 {
  let n = 0;
  return new MockLanguageModelV3({
    doStream: async () => {
      const text = answers[n++] ?? 'Nothing more.';
      return {
        stream: new ReadableStream({
          start(c) {
            c.enqueue({ type: 'stream-start', warnings: [] });
            c.enqueue({ type: 'text-start', id: '1' });
            c.enqueue({ type: 'text-delta', id: '1', delta: text });
            c.enqueue({ type: 'text-end', id: '1' });
            c.enqueue({
              type: 'finish',
              finishReason: { unified: 'stop', raw: 'stop' },
              usage: {
                inputTokens: { total: usage.input, noCache: usage.input - usage.cached, cacheRead: usage.cached, cacheWrite: undefined },
                outputTokens: { total: usage.output, text: usage.output, reasoning: undefined },
              },
            });
            c.close();
          },
        }),
      };
    },
  });
}

const input = (seeded: Awaited<ReturnType<typeof seedRun>>, model: LanguageModelV3) =>
  ({
    runId: seeded.run.id,
    sproutId: seeded.sprout.id,
    userId: seeded.user.id,
    kind: 'message',
    messageId: null,
    request: 'Build it',
    model: { id: 'Test model', provider: 'openai', model, vision: false, tools: false, offline: false },
    partialEdits: false,
    condensed: false,
    baseVersionId: seeded.version.id,
    images: [],
    fixBudget: 2,
  }) as unknown as RunInput;

describe('EngineMetrics', () => {
  it('is told a run started, each round checked, each fix round and how the run ended, with its tokens', async () => {
    const seeded = await seedRun(h.db, { files: starterFiles().map((f) => ({ path: f.name, content: f.content })) });
    const broken = "import { Missing } from '@/components/missing';\nexport default function App() {\n  return <Missing />;\n}\n";
    const fixed = 'export default function App() {\n  return <h1>Fixed</h1>;\n}\n';
    const model = scripted([
      `Here it is.\n<sprout-write path="client/src/App.tsx">\n${broken}</sprout-write>\n`,
      `Fixed the import.\n<sprout-write path="client/src/App.tsx">\n${fixed}</sprout-write>\n`,
    ]);
    const previews = new PreviewBuilder({
      cacheDir: path.join(os.tmpdir(), 'sprout-preview-test-cache'),
      resolveDir: TEMPLATE_PACKAGE_DIR,
      allowed: ALLOWED_PACKAGES,
    });
    const { calls, metrics } = recorder();
    const manager = new RunManager({
      db: h.db,
      hub: new InProcessRunEventHub(),
      build: (_s, _v, files) => previews.build(files, { mode: 'preview', assetBase: '/_sprout/build/v/' }),
      packages: ALLOWED_PACKAGES,
      typeCheck: false,
      metrics,
    });
    manager.start(input(seeded, model));
    expect(manager.activeCount).toBe(1);
    await manager.settled(seeded.run.id);
    expect(manager.activeCount).toBe(0);
    expect(calls.map((c) => c.method)).toEqual(['runStarted', 'checked', 'fixRound', 'checked', 'runEnded']);
    const id = { runId: seeded.run.id, kind: 'message', model: 'Test model' };
    expect(calls[0]!.data).toMatchObject(id);
    expect(calls[1]!.data).toMatchObject({ ...id, round: 0, ok: false, buildMs: expect.any(Number), typeCheck: { status: 'skipped' } });
    expect(calls[2]!.data).toMatchObject({ ...id, round: 1, reason: 'errors' });
    expect(calls[3]!.data).toMatchObject({ round: 1, ok: true });
    expect(calls[4]!.data).toMatchObject({ ...id, outcome: 'succeeded', code: null, fixRounds: 1, tokensIn: 2000, tokensInCached: 1200, tokensOut: 100 });
    await manager.close();
  });

  it('is told of a failed run with its code, and of a run a restart interrupted', async () => {
    const failing = new MockLanguageModelV3({
      doStream: async () => {
        throw new APICallError({ message: 'rate limited', url: 'http://127.0.0.1/v1', requestBodyValues: {}, statusCode: 429, isRetryable: false });
      },
    });
    const seeded = await seedRun(h.db);
    const { calls, metrics } = recorder();
    const manager = new RunManager({
      db: h.db,
      hub: new InProcessRunEventHub(),
      build: async () => Promise.reject(new Error('no build')),
      packages: {},
      maxRetries: 0,
      metrics,
    });
    manager.start(input(seeded, failing));
    await manager.settled(seeded.run.id);
    expect(calls.at(-1)).toMatchObject({ method: 'runEnded', data: { outcome: 'failed', code: 'provider_rate_limit' } });

    const orphan = await seedRun(h.db);
    calls.length = 0;
    await manager.recoverInterrupted({ all: true });
    expect(calls).toEqual([
      {
        method: 'runEnded',
        data: expect.objectContaining({ runId: orphan.run.id, kind: 'message', model: 'offline', outcome: 'interrupted', code: 'interrupted' }),
      },
    ]);
    await manager.close();
  });

  it('never lets a failing observer fail the run', async () => {
    const seeded = await seedRun(h.db);
    const warnings: string[] = [];
    const throwing: EngineMetrics = {
      runStarted: () => {
        throw new Error('exporter down');
      },
      fixRound: () => {},
      checked: () => {},
      runEnded: () => {
        throw new Error('exporter down');
      },
    };
    const manager = new RunManager({
      db: h.db,
      hub: new InProcessRunEventHub(),
      build: async () => Promise.reject(new Error('no build')),
      packages: {},
      metrics: throwing,
      log: { warn: (_o, msg) => warnings.push(msg), error: (_o, msg) => warnings.push(msg) },
    });
    manager.start(input(seeded, scripted(['Just an answer, no files.'])));
    await manager.settled(seeded.run.id);
    expect(warnings).toEqual(['run metrics failed', 'run metrics failed']);
    const { getRun } = await import('@sprout/db');
    expect(await getRun(h.db, seeded.run.id)).toMatchObject({ status: 'succeeded', tokensInCached: 600 });
    await manager.close();
  });
});
