import { describe, expect, it } from 'vitest';
import type { RunInput } from '@sprout/engine';
import { useTestApp } from '../testing';
import { fromRunJob, RunJob, toRunJob } from './run-job';

const t = useTestApp();
const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3]);

function input(over: Partial<RunInput> = {}): RunInput {
  return {
    runId: 'run1',
    sproutId: 'sprout1',
    userId: 'user1',
    kind: 'runtime-fix',
    staff: false,
    messageId: null,
    request: 'Fix the board',
    model: t.app.services.engine.model(null),
    partialEdits: true,
    condensed: false,
    baseVersionId: 'version1',
    images: [],
    fixBudget: 1,
    runtimeIssues: [{ source: 'runtime', file: 'client/src/App.tsx', line: 3, column: null, message: 'x is not defined' }],
    ...over,
  };
}

describe('a run as a job', () => {
  it('is written down without its model and image bytes, and read back on a worker as the same input', async () => {
    const s = t.app.services;
    const written = await s.files.write('uploads', PNG, { inspect: () => null, maxBytes: 1000, tooLarge: () => new Error('too large') });
    const original = input({ images: [{ uploadId: 'upload1', mimeType: 'image/png', data: new Uint8Array(PNG) }] });
    const job = toRunJob(original, new Map([['upload1', written.key]]));
    // What the queue stores is JSON: the model by its label, each image by the key of its bytes.
    const stored = RunJob.parse(JSON.parse(JSON.stringify(job)));
    expect(stored).toMatchObject({ model: original.model.id, images: [{ uploadId: 'upload1', mimeType: 'image/png', key: written.key }] });
    expect(JSON.stringify(stored)).not.toContain('"data"');

    const warnings: unknown[] = [];
    const back = await fromRunJob({ engine: s.engine, files: s.files, log: { warn: (o) => warnings.push(o), error: () => undefined } }, stored);
    expect({ ...back, model: back.model.id, images: back.images.map((i) => ({ ...i, data: Buffer.from(i.data).toString('hex') })) }).toEqual({
      ...original,
      model: original.model.id,
      images: [{ uploadId: 'upload1', mimeType: 'image/png', data: PNG.toString('hex') }],
    });
    expect(warnings).toEqual([]);
  });

  it('keeps a message run’s tool limits (a model that uses tools is bounded by them on the worker too)', async () => {
    const s = t.app.services;
    const { runtimeIssues: _issues, ...message } = input({ kind: 'message', toolLimits: { steps: 8, tokens: 250_000 } });
    const stored = RunJob.parse(JSON.parse(JSON.stringify(toRunJob(message, new Map()))));
    expect(stored.toolLimits).toEqual({ steps: 8, tokens: 250_000 });
    const back = await fromRunJob({ engine: s.engine, files: s.files, log: { warn: () => undefined, error: () => undefined } }, stored);
    expect(back.toolLimits).toEqual({ steps: 8, tokens: 250_000 });
  });

  it('is answered by the default model when its own is no longer offered, and without an image whose bytes are gone', async () => {
    const s = t.app.services;
    const job = RunJob.parse({
      ...toRunJob(input({ images: [] }), new Map()),
      model: 'A model the operator removed',
      images: [{ uploadId: 'gone', mimeType: 'image/png', key: 'uploads/zz/neverwrittenkey' }],
    });
    const warnings: string[] = [];
    const back = await fromRunJob({ engine: s.engine, files: s.files, log: { warn: (_o, msg) => warnings.push(msg), error: () => undefined } }, job);
    expect(back.model.id).toBe(s.engine.model(null).id);
    expect(back.images).toEqual([]);
    expect(warnings).toEqual([expect.stringContaining('no longer offered'), expect.stringContaining('image is gone')]);
  });

  it('refuses a payload that is not a run', () => {
    expect(RunJob.safeParse({ runId: 'run1' }).success).toBe(false);
    expect(RunJob.safeParse({ ...toRunJob(input(), new Map()), kind: 'deploy' }).success).toBe(false);
  });
});
